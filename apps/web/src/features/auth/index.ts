// What other features may use of sign-in: logging out.
export { logout } from './api/logout'
