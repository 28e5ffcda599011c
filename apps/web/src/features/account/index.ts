// What the rest of the app may use of the account: the company's details (its name heads exports and
// prints), the staff member's state, the signed-in user's rights, and the new-password prompt.
export { companyInfoQuery, useCompanyInfo } from './api/get-company-info'
export { myRightsQuery, useMyRights } from './api/get-my-rights'
export { useStaffState } from './api/get-staff-state'
export { MustChangePasswordModal } from './components/MustChangePasswordModal'
