// What the rest of the app may use of the account: the company's details (its name heads exports and
// prints) and the staff member's state.
export { companyInfoQuery, useCompanyInfo } from './api/get-company-info'
export { useStaffState } from './api/get-staff-state'
