// The signed-in user as the screens see it: the stored login info, kept in a small store so the header and
// guard re-render when it changes.
import type { LoginInfo } from '@epc/shared'
import { create } from 'zustand'
import { loadLoginInfo, saveLoginInfo } from './storage'

interface SessionState {
  info: LoginInfo | null
}

export const useSession = create<SessionState>(() => ({ info: loadLoginInfo() }))

export function signIn(info: LoginInfo) {
  saveLoginInfo(info)
  useSession.setState({ info })
}

/** Re-reads storage: the API client may have cleared it (40100, abnormal account). */
export function reloadSession() {
  useSession.setState({ info: loadLoginInfo() })
}

/** A right a route may need beyond being signed in (named on its handle, checked by the route guard). */
export type Right = 'owner'

/**
 * Whether the signed-in user holds a right. The login info names no role yet; the account-area issues that
 * bring owner-only pages add the role and answer from it here. Until then nobody holds a right, so a page
 * marked with one stays closed rather than open to every staff account.
 */
export function hasRight(_info: LoginInfo, _right: Right): boolean {
  return false
}
