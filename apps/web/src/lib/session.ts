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
