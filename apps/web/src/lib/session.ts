// The signed-in user as the screens see it: the stored login info, kept in a small store so the header and
// guard re-render when it changes.
import type { LoginInfo } from '@epc/shared'
import { create } from 'zustand'
import { loadLoginInfo, type StoredLoginInfo, saveLoginInfo } from './storage'

interface SessionState {
  info: StoredLoginInfo | null
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

/**
 * Keeps whether the signed-in user is the company's owner with the login info (the entitlement call says
 * so after sign-in, and again whenever a page reads it, so a session stored before this field existed
 * learns it too). Read from storage, not the store, so a token changed meanwhile is not overwritten.
 */
export function recordOwnership(isOwner: boolean) {
  const info = loadLoginInfo()
  if (!info || info.IsOwner === isOwner) return
  const next = { ...info, IsOwner: isOwner }
  saveLoginInfo(next)
  useSession.setState({ info: next })
}

/** Keeps the stored login info in step with a change made in the account screens (name, mobile, company). */
export function updateLoginInfo(change: Partial<Pick<LoginInfo, 'UserName' | 'Mobile' | 'UserCompanyName'>>) {
  const info = loadLoginInfo()
  if (!info) return
  const next = { ...info, ...change }
  saveLoginInfo(next)
  useSession.setState({ info: next })
}

/** Keeps the rights /api/usercenter/myrights answered with the login info (as recordOwnership does). */
export function recordRights(rights: { IsOwner: boolean; SeePurchasePrice: boolean }) {
  const info = loadLoginInfo()
  if (!info || (info.IsOwner === rights.IsOwner && info.SeePurchasePrice === rights.SeePurchasePrice)) return
  const next = { ...info, IsOwner: rights.IsOwner, SeePurchasePrice: rights.SeePurchasePrice }
  saveLoginInfo(next)
  useSession.setState({ info: next })
}

/**
 * A right a route may need beyond being signed in (named on its handle, checked by the route guard):
 * 'owner' the company's owner; 'purchasePrice' purchase prices and purchase orders (the owner, or a staff
 * member the owner allowed).
 */
export type Right = 'owner' | 'purchasePrice'

/**
 * Whether the signed-in user holds a right, from the stored IsOwner and SeePurchasePrice. A session that has
 * not learnt them yet holds none, so a page marked with a right stays closed rather than open to every staff
 * account. The server decides again on every call; this only hides what would be refused.
 */
export function hasRight(info: StoredLoginInfo | null, right: Right): boolean {
  if (!info) return false
  if (info.IsOwner === true) return true
  return right === 'purchasePrice' && info.SeePurchasePrice === true
}
