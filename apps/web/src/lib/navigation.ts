// Lets code outside React (the API client) change route; the router registers its navigate function here,
// and until then a full page load does the job. It also knows where the user is, to come back there after
// signing in again: the address, or more where a screen keeps more than its address says (the sheet pages
// keep the selected sheet in storage, which a sign-out clears).
type Navigator = (path: string) => void

let navigate: Navigator = (path) => window.location.assign(path)

export function setNavigator(fn: Navigator): void {
  navigate = fn
}

export function navigateTo(path: string): void {
  navigate(path)
}

const places = new Map<string, () => string | null>()

/**
 * While mounted, a screen at `pathname` says where it stands (its path with query), or null for its plain
 * address. Answers the unregistering.
 */
export function setCurrentPlace(pathname: string, place: () => string | null): () => void {
  places.set(pathname, place)
  return () => {
    if (places.get(pathname) === place) places.delete(pathname)
  }
}

/** Where the user is now: the screen's own word for it, or the address. */
export function currentPlace(): string {
  const { pathname, search } = window.location
  return places.get(pathname)?.() ?? pathname + search
}
