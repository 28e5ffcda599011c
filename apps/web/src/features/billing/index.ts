// What the rest of the app may use of billing: the notices banner of the account pages, and what sign-in
// does next (it learns whether the user is the owner and whether the service has ended).
export { afterSignIn } from './after-sign-in'
export { NoticeBanner } from './components/NoticeBanner'
