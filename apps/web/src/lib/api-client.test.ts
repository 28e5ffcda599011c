// The client against the real server process on a fresh SQLite file: sealing, tokens, the error policy and
// the retry that must not run a change twice.
/// <reference types="node" />
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type CompanyInfo, type LoginInfo, Messages, ResultCode } from '@epc/shared'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { closeFeedbackHosts, openFeedbackHosts } from '../test/feedback-hosts'
import { freePort, startServer } from '../test/real-server'
import { ApiError, api, isResultCode } from './api-client'
import { feedback } from './feedback'
import { setNavigator } from './navigation'
import { clearAllStoredState, LOGIN_INFO_KEY, loadLoginInfo, saveLoginInfo } from './storage'

const DEMO = { Mobile: '13800138000', Password: 'demo1234' }

let server: ChildProcess
let dataDir: string
let origin: string

function login(): Promise<LoginInfo> {
  return api.post<LoginInfo>('/api/author/login', DEMO)
}

function knowButton(): HTMLButtonElement | undefined {
  return Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.includes('知道了'))
}

beforeAll(async () => {
  // The app's message and notification hosts, mounted at once: what the client says lands in this document.
  await openFeedbackHosts()
  dataDir = mkdtempSync(join(tmpdir(), 'epc-web-'))
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  server = await startServer(port, dataDir)
  // Same origin as the API, like the real deployment: the default site entry (apiBase '') is used as is.
  ;(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`)
})

afterAll(async () => {
  await closeFeedbackHosts()
  server?.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
})

const navigate = vi.fn<(path: string) => void>()

beforeEach(() => {
  clearAllStoredState()
  navigate.mockReset()
  setNavigator(navigate)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('api client against the server', () => {
  it('logs in with the demo account and reads the company with the token', async () => {
    const info = await login()
    expect(info.Token).toEqual(expect.any(String))
    expect(info.Mobile).toBe(DEMO.Mobile)
    saveLoginInfo(info)
    const company = await api.post<CompanyInfo>('/api/usercenter/getclientcompanyinfo')
    expect(company.AccountInfo.client_com_name).toBe('演示汽配有限公司')
  })

  it('throws a business failure as an ApiError with its code, and stays on the page', async () => {
    const error = await api.post('/api/author/login', { ...DEMO, Password: 'wrong123' }).catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).kind).toBe('result')
    expect((error as ApiError).code).toBe(ResultCode.BusinessFailure)
    expect((error as ApiError).message).toBeTruthy()
    expect(isResultCode(error, ResultCode.BusinessFailure)).toBe(true)
    expect(navigate).not.toHaveBeenCalled()
  })

  it('on 40100 forgets the login info and goes to /login', async () => {
    saveLoginInfo({ UserName: 'x', Mobile: DEMO.Mobile, UserID: 1, UserCompanyName: 'x', Token: 'bad-token' })
    const error = await api.post('/api/usercenter/getclientcompanyinfo').catch((e) => e)
    expect(isResultCode(error, ResultCode.NotLoggedIn)).toBe(true)
    expect(localStorage.getItem(LOGIN_INFO_KEY)).toBeNull()
    expect(navigate).toHaveBeenCalledWith('/login')
  })

  it('signs out once after a login on another device, on 知道了 or after 4500 ms', async () => {
    const first = await login()
    await login()

    saveLoginInfo(first)
    await expect(api.post('/api/usercenter/getclientcompanyinfo')).rejects.toBeInstanceOf(ApiError)
    await vi.waitFor(() => expect(knowButton()).toBeDefined())
    expect(document.body.textContent).toContain('账号异常')
    expect(document.body.textContent).toContain(Messages.signedInElsewhere)
    expect(navigate).not.toHaveBeenCalled()
    localStorage.setItem('other', 'kept until sign-out')
    knowButton()?.click()
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledWith('/login')
    expect(localStorage.length).toBe(0)

    navigate.mockReset()
    saveLoginInfo(first)
    await expect(api.post('/api/usercenter/getclientcompanyinfo')).rejects.toBeInstanceOf(ApiError)
    await new Promise((r) => setTimeout(r, 4000))
    expect(navigate).not.toHaveBeenCalled()
    expect(loadLoginInfo()).not.toBeNull()
    await new Promise((r) => setTimeout(r, 1000))
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(localStorage.length).toBe(0)
    await new Promise((r) => setTimeout(r, 500))
    expect(navigate).toHaveBeenCalledTimes(1)
  })

  it('retries a dropped call with the same body, and the server sends one code only', async () => {
    const realFetch = globalThis.fetch
    const bodies: unknown[] = []
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(init?.body)
      const response = await realFetch(input, init)
      // The first attempt reaches the server, but its answer is lost on the way back.
      if (bodies.length === 1) throw new TypeError('Failed to fetch')
      return response
    })
    const mobile = `139${String(Date.now()).slice(-8)}`
    const payload = { Mobile: mobile, Scene: 'register' }

    await api.post('/api/author/sendsmscode', payload)
    expect(bodies).toHaveLength(2)
    expect(typeof bodies[0]).toBe('string')
    expect(bodies[1]).toBe(bodies[0])

    const again = await api.post('/api/author/sendsmscode', payload).catch((e) => e)
    expect(isResultCode(again, ResultCode.BusinessFailure)).toBe(true)
    expect(bodies).toHaveLength(3)

    const code = await realFetch(`${origin}/api/dev/smscode?mobile=${mobile}`)
    expect(code.status).toBe(200)
    expect(((await code.json()) as { code: string }).code).toMatch(/^\d{6}$/)
  })

  it('gives up after two retries with a warning and an ApiError', async () => {
    let attempts = 0
    vi.stubGlobal('fetch', async () => {
      attempts++
      throw new TypeError('Failed to fetch')
    })
    const started = Date.now()
    const error = await api.post('/api/author/login', DEMO, { failMessage: '登录失败！' }).catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).kind).toBe('network')
    expect(attempts).toBe(3)
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000)
    await vi.waitFor(() => expect(document.body.textContent).toContain('登录失败！'))
  })

  it('announces nothing for a quiet call that fails (a background report), though it throws', async () => {
    saveLoginInfo(await login())
    const warning = vi.spyOn(feedback, 'warning')
    // A host answer too large for a request: the server refuses the body (413, 40001).
    const report = { partNumber: 'A1', pb: 1, json: 'x'.repeat(1_100_000), name: 'x' }
    const quiet = await api.post('/api/author/update4spricelist', report, { quiet: true }).catch((e) => e)
    expect((quiet as ApiError).code).toBe(ResultCode.BadRequest)
    expect(warning).not.toHaveBeenCalled()
    const loud = await api.post('/api/author/update4spricelist', report).catch((e) => e)
    expect((loud as ApiError).code).toBe(ResultCode.BadRequest)
    expect(warning).toHaveBeenCalledWith('请求失败')
    warning.mockRestore()
  })

  it('treats an answer that is not JSON as a failed call', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>502 Bad Gateway</html>', { status: 502 }))
    const error = await api.post('/api/usercenter/getclientcompanyinfo').catch((e) => e)
    expect((error as ApiError).kind).toBe('bad-response')
    await vi.waitFor(() => expect(document.body.textContent).toContain('网络异常，请稍后重试'))
  })
})

describe('the time-out of an attempt', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('gives each attempt 60,000 ms, then tries the same body again at most twice', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const attempts: { body: unknown; signal: AbortSignal }[] = []
    // A server that never answers: only the client's abort ends an attempt.
    vi.stubGlobal('fetch', (_input: RequestInfo | URL, init?: RequestInit) => {
      const signal = init?.signal as AbortSignal
      attempts.push({ body: init?.body, signal })
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)))
    })
    /** Runs the clock in steps until attempt `n` (counted from 1) has started. */
    const attemptStarted = async (n: number) => {
      for (let waited = 0; attempts.length < n && waited < 10_000; waited += 100) {
        await vi.advanceTimersByTimeAsync(100)
      }
      expect(attempts).toHaveLength(n)
      return attempts[n - 1] as (typeof attempts)[number]
    }

    const outcome = api
      .post('/api/epc/createquoteordermaster', {}, { failMessage: '创建报价单失败！' })
      .catch((e: unknown) => e)
    // Sealing loads the envelope code first: wait for the first attempt without moving the clock.
    while (!attempts.length) await new Promise((resolve) => setImmediate(resolve))

    for (const n of [1, 2, 3]) {
      const current = await attemptStarted(n)
      expect(current.body).toBe(attempts[0]?.body)
      await vi.advanceTimersByTimeAsync(59_999)
      expect(current.signal.aborted).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(current.signal.aborted).toBe(true)
    }

    const error = await outcome
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).kind).toBe('network')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(attempts).toHaveLength(3)
    vi.useRealTimers()
    await vi.waitFor(() => expect(document.body.textContent).toContain('创建报价单失败！'))
  })
})
