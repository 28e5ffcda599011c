// Helpers for the browser tests: fresh accounts made through the real API (SMS code from the dev route),
// sign-in through the real form, the page's timers run ahead on Playwright's clock, screenshots under
// test-results/screens, the open API's signed calls, the data-service key's one-time secret, and the watch
// on Content-Security-Policy violations.
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import {
  checkDigit,
  DEMO_SITE_KEYS,
  type LoginInfo,
  type VinHistoryAnswer,
  type VinQueryAnswer,
} from '@epc/shared'
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from '@playwright/test'
import { RESIZE_THROTTLE_MS } from '../src/lib/display-size'
// The web app's own envelope codec: a second client built from the protocol, as a third party's would be.
import { decodeData, sealRequest } from '../src/lib/envelope'

const SCREENS = resolve(import.meta.dirname, '../../../test-results/screens')

/** The demo account of protocol.md section 6; only one test signs in with it, so no other revokes it. */
export const DEMO = { mobile: '13800138000', password: 'demo1234', company: '演示汽配有限公司' }

let counter = 0
/** A mobile no other test, worker or earlier run against the same database uses. */
export function freshMobile(): string {
  counter += 1
  const stamp = `${Date.now()}`.slice(-6)
  return `15${stamp}${`${process.pid}`.slice(-2).padStart(2, '0')}${counter % 10}`
}

/** Calls the API as a second client (another device), through the envelope. */
export async function callApi<T>(request: APIRequestContext, path: string, payload: object, token?: string) {
  const res = await request.post(path, {
    data: sealRequest(DEMO_SITE_KEYS, payload),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  const body = (await res.json()) as { ResultCode: string; ResultMsg: string; data?: string }
  return { ...body, value: body.data ? (decodeData(body.data) as T) : undefined }
}

export async function smsCode(request: APIRequestContext, mobile: string): Promise<string> {
  let code = ''
  await expect(async () => {
    const res = await request.get(`/api/dev/smscode?mobile=${mobile}`)
    expect(res.status()).toBe(200)
    code = ((await res.json()) as { code: string }).code
  }).toPass({ timeout: 10_000 })
  return code
}

export interface TestAccount {
  mobile: string
  password: string
  company: string
  userName: string
}

/** Registers a fresh company account through the API, as the register screen would. */
export async function createAccount(request: APIRequestContext): Promise<TestAccount> {
  const mobile = freshMobile()
  const sent = await callApi(request, '/api/author/sendsmscode', { Mobile: mobile, Scene: 'register' })
  expect(sent.ResultCode).toBe('10000')
  const account = {
    mobile,
    password: 'test1234',
    company: `测试修理厂${mobile.slice(-4)}`,
    userName: '李师傅',
  }
  const done = await callApi<LoginInfo>(request, '/api/author/register', {
    Mobile: mobile,
    SmsCode: await smsCode(request, mobile),
    Password: account.password,
    UserName: account.userName,
    CompanyName: account.company,
  })
  expect(done.ResultCode).toBe('10000')
  return account
}

/** Signs in through the login form (password tab). */
export async function signIn(page: Page, account: Pick<TestAccount, 'mobile' | 'password'>) {
  await page.goto('/login')
  await page.getByLabel('手机号').fill(account.mobile)
  await page.getByLabel('密码', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: /登\s*录/ }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true })
  await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: true })
}

const clocked = new WeakSet<BrowserContext>()

/**
 * Installs Playwright's clock on the page's context (once; time keeps flowing as before). Install it before
 * the page schedules the timers a test wants to run ahead.
 */
export async function installClock(page: Page) {
  if (clocked.has(page.context())) return
  clocked.add(page.context())
  await page.clock.install()
}

/** Fires whatever the page has scheduled within the next `ms`, at once rather than by waiting. */
export async function runTimers(page: Page, ms: number) {
  await installClock(page)
  await page.clock.runFor(ms)
}

/** Resizes the window and runs the app's resize throttle, so the display size has followed. */
export async function resize(page: Page, width: number) {
  await installClock(page)
  await page.setViewportSize({ width, height: 900 })
  await runTimers(page, RESIZE_THROTTLE_MS)
}

/** Screenshots at the two widths the spec's display sizes turn on. */
export async function screenshotWidths(page: Page, name: string) {
  for (const width of [1440, 1024]) {
    await resize(page, width)
    await screenshot(page, `${name}-${width}`)
  }
  await resize(page, 1440)
}

export async function storageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).sort())
}

/**
 * Picks an item of the header's user menu (a hover dropdown) and waits for the page it leads to. Retried:
 * under a loaded test machine the dropdown can close between the hover and the click.
 */
export async function chooseUserMenu(page: Page, item: string, lands: RegExp) {
  await expect(async () => {
    // Off the menu first: hovering where the pointer already is opens nothing on a retry.
    await page.mouse.move(700, 600)
    await page.getByTestId('user-menu').hover()
    await page.getByRole('menuitem', { name: item }).click({ timeout: 3000 })
    await expect(page).toHaveURL(lands, { timeout: 5000 })
  }).toPass({ timeout: 30_000 })
}

/** A caller of the API that expects success and answers the decoded value. */
export type Api = <T>(path: string, payload: object) => Promise<T>

/** The first demo VIN the catalogue answers so (one model, several, none), with that answer. */
/**
 * A slip of a VIN: two neighbours of its descriptor (positions 4-8) swapped where the check digit then no
 * longer fits, so the catalogue finds no model and offers the VIN meant. `at`: the first of the two (0-based).
 */
export function swappedVin(vin: string): { swapped: string; at: number } {
  const swap = (i: number) => vin.slice(0, i) + vin[i + 1] + vin[i] + vin.slice(i + 2)
  const at = [3, 4, 5, 6].find((i) => vin[i] !== vin[i + 1] && swap(i)[8] !== checkDigit(swap(i)))
  if (at === undefined) throw new Error(`no slip of ${vin} fails its check digit`)
  return { swapped: swap(at), at }
}

export async function demoVin(api: Api, status: 'one' | 'several') {
  const history = await api<VinHistoryAnswer>('/api/epc/vinhistory', {})
  for (const demo of history.demo) {
    const answer = await api<VinQueryAnswer>('/api/epc/vinquery', { VIN: demo.vin })
    const [model] = answer.models
    // The first model: the only one, or the first trim offered.
    if (answer.status === status && model) return { vin: demo.vin, answer, model }
  }
  throw new Error(`no demo VIN answers ${status}`)
}

/**
 * A fresh account with an API token for making data and looking things up first; signing the browser in
 * afterwards revokes that token (one device at a time), so every API call comes before `signIn`.
 */
export async function accountWithApi(
  request: APIRequestContext,
): Promise<{ account: TestAccount; api: Api }> {
  const account = await createAccount(request)
  const login = await callApi<LoginInfo>(request, '/api/author/login', {
    Mobile: account.mobile,
    Password: account.password,
  })
  expect(login.ResultCode).toBe('10000')
  const token = login.value?.Token ?? ''
  const api: Api = async <T>(path: string, payload: object) => {
    const answer = await callApi<T>(request, path, payload, token)
    expect(answer.ResultCode, `${path} ${answer.ResultMsg}`).toBe('10000')
    return answer.value as T
  }
  return { account, api }
}

/** A data-service key as the secret dialog shows it once. */
export interface OpenKey {
  appKey: string
  appSecret: string
}

/**
 * A call of the open API from the test's Node side, as a customer's system makes it: X-Epc-Signature is the
 * lowercase hex HMAC-SHA256, keyed with the AppSecret's UTF-8 bytes, of METHOD, path with query, timestamp
 * (Unix seconds), nonce and the lowercase hex SHA-256 of the exact body bytes, joined by line feeds.
 */
export async function openPost<T>(request: APIRequestContext, key: OpenKey, path: string, body: unknown) {
  const text = JSON.stringify(body)
  const timestamp = String(Math.floor(Date.now() / 1000))
  const nonce = randomBytes(16).toString('hex')
  const bodyHash = createHash('sha256').update(text, 'utf8').digest('hex')
  const signature = createHmac('sha256', Buffer.from(key.appSecret, 'utf8'))
    .update(['POST', path, timestamp, nonce, bodyHash].join('\n'), 'utf8')
    .digest('hex')
  const res = await request.post(path, {
    data: Buffer.from(text, 'utf8'),
    headers: {
      'Content-Type': 'application/json',
      'X-Epc-AppKey': key.appKey,
      'X-Epc-Timestamp': timestamp,
      'X-Epc-Nonce': nonce,
      'X-Epc-Signature': signature,
    },
  })
  return { status: res.status(), body: (await res.json()) as T }
}

const SECRET_ONCE = 'AppSecret 只显示这一次，请立即复制并妥善保存；关闭后无法再次查看。'

/** The secret dialog's AppKey and AppSecret, read as the user would copy them. */
export async function revealed(dialog: Locator): Promise<OpenKey> {
  await expect(dialog).toContainText(SECRET_ONCE)
  const appKey = ((await dialog.getByTestId('revealed-app-key').textContent()) ?? '').trim()
  const appSecret = ((await dialog.getByTestId('revealed-app-secret').textContent()) ?? '').trim()
  expect(appKey).toMatch(/^ak[0-9a-f]{20}$/)
  expect(appSecret.length).toBeGreaterThanOrEqual(40)
  await expect(dialog.getByRole('button', { name: '复制 AppKey' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: '复制 AppSecret' })).toBeVisible()
  return { appKey, appSecret }
}

/**
 * Collects the Content-Security-Policy violations of the page and of its frames (as csp.spec.ts does for every
 * screen; the data-service and embed scenarios check theirs within themselves rather than lengthening that).
 */
export async function watchViolations(page: Page): Promise<string[]> {
  const found: string[] = []
  await page.exposeFunction('reportCspViolation', (line: string) => found.push(line))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation(line: string): void }).reportCspViolation
      report(`${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`)
    })
  })
  return found
}
