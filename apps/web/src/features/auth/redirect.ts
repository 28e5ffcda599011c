// Where the login screen sends the user afterwards: the ?redirect= target if it is a path of this app,
// otherwise the fallback (VIN search, or the buy page when the service has ended). The target is parsed as browsers do, so tricks such as `/\evil.example` (a
// backslash reads as a slash), tabs or newlines cannot lead to another site.
import { paths } from '../../config/paths'

export function safeRedirect(
  target: string | null,
  origin: string = window.location.origin,
  fallback: string = paths.vinSearch,
): string {
  if (!target?.startsWith('/')) return fallback
  let url: URL
  try {
    url = new URL(target, origin)
  } catch {
    return fallback
  }
  if (url.origin !== origin) return fallback
  // Back to the login screen would only ask again.
  if (url.pathname.toLowerCase().startsWith(paths.login.toLowerCase())) return fallback
  return url.pathname + url.search + url.hash
}
