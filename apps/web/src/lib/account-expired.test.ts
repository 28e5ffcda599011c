// The 账号异常 notice for a 99998 answer, against the real server on a fresh SQLite file: an ended service
// ("expired") tells the owner so and offers 续费 (sign in again, then the buy page); staff are told to ask the
// owner; a disabled account keeps the spec's notice with the server's message.
/// <reference types="node" />
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BillingMessages, type LoginInfo } from '@epc/shared'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { closeFeedbackHosts, openFeedbackHosts } from '../test/feedback-hosts'
import { freePort, startServer } from '../test/real-server'
import { ApiError, api, RENEW_LOGIN_PATH } from './api-client'
import { setNavigator } from './navigation'
import { clearAllStoredState, loadLoginInfo, saveLoginInfo } from './storage'

const DEMO = { Mobile: '13800138000', Password: 'demo1234' }
const VIN = 'LFV2A21K3D4123456'

let server: ChildProcess
let dataDir: string
let db: Database.Database

const navigate = vi.fn<(path: string) => void>()

/** The notice on screen; a closed one stays in the DOM while it leaves (animation) and does not count. */
function notice(): Element | undefined {
  return Array.from(document.querySelectorAll('.ant-notification-notice')).find(
    (n) => !n.className.includes('-leave'),
  )
}

function noticeText(): string {
  return notice()?.textContent ?? ''
}

/** A button of the notice by its text (antd spaces out two-character labels: 续 费). */
function button(text: string): HTMLButtonElement | undefined {
  return Array.from(notice()?.querySelectorAll('button') ?? []).find(
    (b) => b.textContent?.replace(/\s/g, '') === text,
  )
}

/** Signs the demo owner in, storing the login info as the client does (IsOwner as the entitlement says). */
async function signIn(isOwner: boolean): Promise<void> {
  const info = await api.post<LoginInfo>('/api/author/login', DEMO)
  saveLoginInfo({ ...info, IsOwner: isOwner })
}

/** A VIN query that the server refuses with an abnormal-account answer; the notice is then up. */
async function refusedQuery(): Promise<ApiError> {
  const error = await api.post('/api/epc/vinquery', { VIN }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ApiError)
  expect((error as ApiError).code).toBe('99998')
  await vi.waitFor(() => expect(button('知道了')).toBeDefined())
  expect(noticeText()).toContain('账号异常')
  return error as ApiError
}

beforeAll(async () => {
  // The app's message and notification hosts, mounted at once: what the client says lands in this document.
  await openFeedbackHosts()
  dataDir = mkdtempSync(join(tmpdir(), 'epc-web-expired-'))
  const port = await freePort()
  server = await startServer(port, dataDir)
  ;(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `http://127.0.0.1:${port}/`,
  )
  db = new Database(join(dataDir, 'epc.sqlite'))
  db.pragma('busy_timeout = 5000')
})

afterAll(async () => {
  await closeFeedbackHosts()
  db?.close()
  server?.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
})

beforeEach(() => {
  clearAllStoredState()
  navigate.mockReset()
  setNavigator(navigate)
})

describe('the notice of a 99998 answer', () => {
  describe('for an ended service', () => {
    beforeAll(async () => {
      // The demo company's service ended a minute ago; the server notices within a second.
      db.prepare(
        `UPDATE services SET ends_at = ? WHERE company_id =
           (SELECT company_id FROM accounts WHERE mobile = ?)`,
      ).run(Date.now() - 60_000, DEMO.Mobile)
      await new Promise((resolve) => setTimeout(resolve, 1100))
    })

    it('tells the owner the service has ended and offers 续费: signed out, then to the buy page', async () => {
      await signIn(true)
      const error = await refusedQuery()
      expect(error.result?.data).toEqual({ reason: 'expired' })
      expect(noticeText()).toContain(BillingMessages.serviceEnded)
      expect(button('续费')).toBeDefined()
      expect(navigate).not.toHaveBeenCalled()

      button('续费')?.click()
      await vi.waitFor(() => expect(notice()).toBeUndefined())
      expect(navigate).toHaveBeenCalledTimes(1)
      expect(navigate).toHaveBeenCalledWith(RENEW_LOGIN_PATH)
      expect(RENEW_LOGIN_PATH).toBe('/login?redirect=%2Fuser%2FbuyService')
      expect(loadLoginInfo()).toBeNull()
      expect(localStorage.length).toBe(0)
    })

    it('tells staff to ask the owner, without 续费; 知道了 signs out to /login', async () => {
      await signIn(false)
      await refusedQuery()
      expect(noticeText()).toContain(BillingMessages.serviceEndedStaff)
      expect(button('续费')).toBeUndefined()

      button('知道了')?.click()
      await vi.waitFor(() => expect(notice()).toBeUndefined())
      expect(navigate).toHaveBeenCalledTimes(1)
      expect(navigate).toHaveBeenCalledWith('/login')
      expect(localStorage.length).toBe(0)
    })

    it('answers several calls refused at once with one notice and one sign-out', async () => {
      await signIn(false)
      const refused = await Promise.all(
        [VIN, VIN, VIN].map((vin) => api.post('/api/epc/vinquery', { VIN: vin }).catch((e: unknown) => e)),
      )
      expect(refused.map((e) => (e as ApiError).code)).toEqual(['99998', '99998', '99998'])
      await vi.waitFor(() => expect(button('知道了')).toBeDefined())
      expect(document.querySelectorAll('.ant-notification-notice:not([class*="-leave"])')).toHaveLength(1)
      button('知道了')?.click()
      await vi.waitFor(() => expect(notice()).toBeUndefined())
      expect(navigate).toHaveBeenCalledTimes(1)
      expect(navigate).toHaveBeenCalledWith('/login')
    })

    it('offers no 续费 when the stored login info does not say the user is the owner', async () => {
      const info = await api.post<LoginInfo>('/api/author/login', DEMO)
      saveLoginInfo(info)
      await refusedQuery()
      expect(button('续费')).toBeUndefined()
      button('知道了')?.click()
      expect(navigate).toHaveBeenCalledWith('/login')
    })
  })

  it('keeps the server message and no 续费 for a disabled account', async () => {
    await signIn(true)
    db.prepare(`UPDATE accounts SET state = 'disabled' WHERE mobile = ?`).run(DEMO.Mobile)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    try {
      const error = await refusedQuery()
      expect(error.result?.data).toEqual({ reason: 'disabled' })
      expect(noticeText()).toContain(error.result?.ResultMsg ?? '?')
      expect(noticeText()).not.toContain(BillingMessages.serviceEnded)
      expect(button('续费')).toBeUndefined()
      button('知道了')?.click()
      expect(navigate).toHaveBeenCalledWith('/login')
    } finally {
      db.prepare(`UPDATE accounts SET state = 'active' WHERE mobile = ?`).run(DEMO.Mobile)
    }
  })
})
