// What other features may use of sign-in: logging out, and the SMS code row (the account screens' checks).
export { logout } from './api/logout'
export { SmsCodeField } from './components/SmsCodeField'
