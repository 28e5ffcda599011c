// What the browser keeps between visits: the login info (compressed under xmpLIF, as the product always has)
// and the page zoom, which survives logout because it belongs to the machine, not the account.
import type { LoginInfo } from '@epc/shared'
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string'

export const LOGIN_INFO_KEY = 'xmpLIF'
export const ZOOM_KEY = 'xmpZoom'

export function saveLoginInfo(info: LoginInfo): void {
  localStorage.setItem(LOGIN_INFO_KEY, compressToEncodedURIComponent(JSON.stringify(info)))
}

export function loadLoginInfo(): LoginInfo | null {
  const raw = localStorage.getItem(LOGIN_INFO_KEY)
  if (!raw) return null
  try {
    const info = JSON.parse(decompressFromEncodedURIComponent(raw) ?? '') as Partial<LoginInfo> | null
    return info && typeof info === 'object' && typeof info.Token === 'string' ? (info as LoginInfo) : null
  } catch {
    return null
  }
}

export function clearLoginInfo(): void {
  localStorage.removeItem(LOGIN_INFO_KEY)
}

/** Logout: forget everything of the session, keep the zoom. */
export function clearAllExceptZoom(): void {
  const zoom = localStorage.getItem(ZOOM_KEY)
  clearAllStoredState()
  if (zoom !== null) localStorage.setItem(ZOOM_KEY, zoom)
}

export function clearAllStoredState(): void {
  localStorage.clear()
  sessionStorage.clear()
}

export function getZoom(): number {
  const zoom = Number(localStorage.getItem(ZOOM_KEY) ?? 1)
  return Number.isFinite(zoom) && zoom > 0 ? zoom : 1
}

export function setZoom(zoom: number): void {
  localStorage.setItem(ZOOM_KEY, String(zoom))
}
