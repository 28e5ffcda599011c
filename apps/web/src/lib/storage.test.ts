// Login info and zoom in local storage: compressed, tolerant of corruption, zoom kept across logout; the
// sessions of embedded catalogues in this tab's session storage, one per link.
import type { EmbedSession, LoginInfo } from '@epc/shared'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  clearAllExceptZoom,
  clearAllStoredState,
  EMBED_SESSION_PREFIX,
  getZoom,
  LOGIN_INFO_KEY,
  loadEmbedSession,
  loadLoginInfo,
  saveEmbedSession,
  saveLoginInfo,
  setZoom,
  ZOOM_KEY,
} from './storage'

const info: LoginInfo = {
  UserName: '张三',
  Mobile: '13800138000',
  UserID: 1,
  UserCompanyName: '演示汽配有限公司',
  Token: 'tok-123',
}

describe('storage', () => {
  beforeEach(() => clearAllStoredState())

  it('round-trips the login info, stored compressed under xmpLIF', () => {
    saveLoginInfo(info)
    expect(loadLoginInfo()).toEqual(info)
    const raw = localStorage.getItem(LOGIN_INFO_KEY) ?? ''
    expect(raw).not.toBe('')
    expect(() => JSON.parse(raw)).toThrow()
    expect(raw).not.toContain('tok-123')
  })

  it('answers null when nothing or garbage is stored', () => {
    expect(loadLoginInfo()).toBeNull()
    localStorage.setItem(LOGIN_INFO_KEY, '%%% not lz-string %%%')
    expect(loadLoginInfo()).toBeNull()
    localStorage.setItem(LOGIN_INFO_KEY, 'N4Ig')
    expect(loadLoginInfo()).toBeNull()
  })

  it('keeps the zoom through logout and clears the rest', () => {
    expect(getZoom()).toBe(1)
    setZoom(1.25)
    saveLoginInfo(info)
    sessionStorage.setItem('tab', 'x')
    localStorage.setItem('other', 'y')
    clearAllExceptZoom()
    expect(getZoom()).toBe(1.25)
    expect(localStorage.getItem(ZOOM_KEY)).toBe('1.25')
    expect(loadLoginInfo()).toBeNull()
    expect(localStorage.getItem('other')).toBeNull()
    expect(sessionStorage.getItem('tab')).toBeNull()
    clearAllStoredState()
    expect(getZoom()).toBe(1)
  })
})

describe('embedded catalogue sessions', () => {
  beforeEach(() => clearAllStoredState())

  const session: EmbedSession = {
    Token: 'emb.abc',
    Vin: 'LSVNV2182N2000001',
    ModelIds: ['M1', 'M2'],
    CompanyName: '某保险公司',
    ExpiresAt: 1_900_000_000_000,
  }

  it('keeps the session a link opened, in this tab only, apart from the login', () => {
    saveEmbedSession('link-a', session)
    expect(loadEmbedSession('link-a')).toEqual(session)
    expect(loadEmbedSession('link-b')).toBeNull()
    expect(sessionStorage.getItem(`${EMBED_SESSION_PREFIX}link-a`)).not.toBeNull()
    expect(localStorage.length).toBe(0)
    expect(loadLoginInfo()).toBeNull()
  })

  it('answers null for garbage or a session of another shape', () => {
    sessionStorage.setItem(`${EMBED_SESSION_PREFIX}x`, '{not json')
    expect(loadEmbedSession('x')).toBeNull()
    sessionStorage.setItem(`${EMBED_SESSION_PREFIX}x`, JSON.stringify({ ...session, Token: undefined }))
    expect(loadEmbedSession('x')).toBeNull()
    sessionStorage.setItem(`${EMBED_SESSION_PREFIX}x`, JSON.stringify({ ...session, ExpiresAt: '2030' }))
    expect(loadEmbedSession('x')).toBeNull()
  })
})
