// Lets code outside React (the API client) change route; the router registers its navigate function here,
// and until then a full page load does the job.
type Navigator = (path: string) => void

let navigate: Navigator = (path) => window.location.assign(path)

export function setNavigator(fn: Navigator): void {
  navigate = fn
}

export function navigateTo(path: string): void {
  navigate(path)
}
