// Everything the browser keeps between visits, and the only module that touches web storage: the login info
// (compressed under xmpLIF, as the product always has), the page zoom (it survives logout because it belongs
// to the machine, not the account), the search memory, the selected sheet of each kind, and the sessions of
// embedded catalogues (this tab's session storage).
import type { EmbedSession, LoginInfo, SheetKind } from '@epc/shared'
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string'

export const LOGIN_INFO_KEY = 'xmpLIF'
export const ZOOM_KEY = 'xmpZoom'
export const SEARCH_MEMORY_KEY = 'xmpSearchMemory'
/** An embedded catalogue's session is kept under this prefix and its link. */
export const EMBED_SESSION_PREFIX = 'xmpEmbed:'
export const SELECTED_SHEET_KEYS: Record<SheetKind, string> = {
  quote: 'xmpQuoteSelected',
  purchase: 'xmpPurchaseSelected',
}

/** A stored value, or null when it is missing or storage is unavailable (private mode, blocked). */
function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

/**
 * The login info as kept: the server's login answer plus what the client learnt right after sign-in from
 * /api/billing/entitlement, whether the user is the company's owner (the 99998 notice offers 续费 to the owner
 * only and must know it without a call of its own), and from /api/usercenter/myrights whether a staff member
 * may see purchase prices (the header and the route guard decide without a call of their own).
 */
export type StoredLoginInfo = LoginInfo & { IsOwner?: boolean; SeePurchasePrice?: boolean }

export function saveLoginInfo(info: StoredLoginInfo): void {
  localStorage.setItem(LOGIN_INFO_KEY, compressToEncodedURIComponent(JSON.stringify(info)))
}

export function loadLoginInfo(): StoredLoginInfo | null {
  const raw = read(LOGIN_INFO_KEY)
  if (!raw) return null
  try {
    const info = JSON.parse(decompressFromEncodedURIComponent(raw) ?? '') as Partial<StoredLoginInfo> | null
    return info && typeof info === 'object' && typeof info.Token === 'string'
      ? (info as StoredLoginInfo)
      : null
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
  const zoom = Number(read(ZOOM_KEY) ?? 1)
  return Number.isFinite(zoom) && zoom > 0 ? zoom : 1
}

export function setZoom(zoom: number): void {
  localStorage.setItem(ZOOM_KEY, String(zoom))
}

/** The search memory as stored (lib/search-memory.ts checks its shape), or null. */
export function loadSearchMemory(): unknown {
  try {
    return JSON.parse(read(SEARCH_MEMORY_KEY) ?? 'null')
  } catch {
    return null
  }
}

export function saveSearchMemory(memory: object): void {
  localStorage.setItem(SEARCH_MEMORY_KEY, JSON.stringify(memory))
}

/** The number of the sheet last selected on that kind's screen. */
export function loadSelectedSheet(kind: SheetKind): string | null {
  return read(SELECTED_SHEET_KEYS[kind])
}

export function saveSelectedSheet(kind: SheetKind, orderId: string | null): void {
  if (orderId) localStorage.setItem(SELECTED_SHEET_KEYS[kind], orderId)
  else localStorage.removeItem(SELECTED_SHEET_KEYS[kind])
}

/**
 * The session an embedded catalogue's link opened, kept for this tab: the link opens only once, so a reload
 * of the frame reuses it. Storage a browser refuses to a framed page costs the reload, not the catalogue.
 */
export function saveEmbedSession(link: string, session: EmbedSession): void {
  try {
    sessionStorage.setItem(EMBED_SESSION_PREFIX + link, JSON.stringify(session))
  } catch {}
}

export function loadEmbedSession(link: string): EmbedSession | null {
  try {
    const session = JSON.parse(
      sessionStorage.getItem(EMBED_SESSION_PREFIX + link) ?? 'null',
    ) as Partial<EmbedSession> | null
    return typeof session?.Token === 'string' &&
      typeof session.Vin === 'string' &&
      Array.isArray(session.ModelIds) &&
      typeof session.ExpiresAt === 'number'
      ? (session as EmbedSession)
      : null
  } catch {
    return null
  }
}
