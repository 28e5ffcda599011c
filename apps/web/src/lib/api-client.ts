// The only place that talks HTTP: seals each payload into the envelope, retries lost calls with the same
// body, decodes the answer, and owns the error policy of protocol.md section 4. Every call answers its data
// or throws an ApiError. An embedded catalogue (lib/embed.ts) calls with its own session's token and never
// signs anyone out: what ends it is shown in its frame.
import {
  ACCOUNT_ABNORMAL_CODES,
  type AccountRefusalReason,
  type ApiResult,
  BillingMessages,
  type EnvelopeResponse,
  Limits,
  ResultCode,
} from '@epc/shared'
import { isPublicPath, paths } from '../config/paths'
import { currentSite } from '../config/sites'
import { embedded, endEmbed, useEmbed } from './embed'
import { type AbnormalNotice, feedback } from './feedback'
import { currentPlace, navigateTo } from './navigation'
import { clearAllStoredState, clearLoginInfo, loadLoginInfo } from './storage'

export type ApiErrorKind = 'network' | 'bad-response' | 'result'

export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly result?: ApiResult

  constructor(kind: ApiErrorKind, message: string, result?: ApiResult) {
    super(message)
    this.name = 'ApiError'
    this.kind = kind
    this.result = result
  }

  /** The answer's ResultCode, when the server answered at all. */
  get code(): string | undefined {
    return this.result?.ResultCode
  }
}

export interface PostOptions {
  /** The spec's warning for this call (e.g. 创建报价单失败！), shown on a failure the caller does not handle. */
  failMessage?: string
  /** Show the server's own ResultMsg on a business failure (sign-in forms, where it says what to fix). */
  showResultMsg?: boolean
  /**
   * A call the user did not make (the host's price report after a look-up): its failure is not announced,
   * as it leaves the user's work as it was; a sign-out answer still acts.
   */
  quiet?: boolean
}

const NETWORK_FAILURE = '网络异常，请稍后重试'
/** Waits before the first and second retry. */
const RETRY_DELAYS_MS = [1000, 2000]
const ENVELOPE_CODES: readonly string[] = [ResultCode.BadRequest, ResultCode.BadSign, ResultCode.Expired]
const SHOW_SERVER_MESSAGE: readonly string[] = [
  ResultCode.TooManyRequests,
  ResultCode.ServerFault,
  ResultCode.QuotaExceeded,
]

/** Answers that end an embedded catalogue: its session over or revoked, the account stopped, no items left. */
const EMBED_END_CODES: readonly string[] = [
  ResultCode.NotLoggedIn,
  ResultCode.QuotaExceeded,
  ...ACCOUNT_ABNORMAL_CODES,
]

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** One attempt; any status is read, since error answers carry a ResultCode too. */
async function attempt(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<EnvelopeResponse> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), Limits.httpTimeoutMs)
  let text: string
  try {
    const response = await fetch(url, { method: 'POST', headers, body, signal: controller.signal })
    text = await response.text()
  } catch (error) {
    throw new ApiError('network', error instanceof Error ? error.message : String(error))
  } finally {
    clearTimeout(timer)
  }
  try {
    const parsed = JSON.parse(text) as Partial<EnvelopeResponse> | null
    if (typeof parsed?.ResultCode === 'string') return parsed as EnvelopeResponse
  } catch {}
  throw new ApiError('bad-response', `unreadable answer from ${url}`)
}

/** Retries reuse the sealed body: same sign, so the server's replay memory runs a change only once. */
async function send(url: string, headers: Record<string, string>, body: string): Promise<EnvelopeResponse> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt(url, headers, body)
    } catch (error) {
      const delay = RETRY_DELAYS_MS[retry]
      if (delay === undefined) throw error
      await sleep(delay)
    }
  }
}

// The cipher, hash and inflate code arrive with the first call, so the first screen does not wait for them.
// Once here they are kept: awaiting import() again resolves in a later task, behind whatever React renders
// after the user's action, and held a quotation's request back 50-100 ms (docs/performance.md).
type Envelope = typeof import('./envelope')
let envelope: Envelope | undefined
const loadEnvelope = async (): Promise<Envelope> => {
  envelope ??= await import('./envelope')
  return envelope
}

function decode<T>(response: EnvelopeResponse, decodeData: (data: string) => unknown): ApiResult<T> {
  const result: ApiResult<T> = { ResultCode: response.ResultCode, ResultMsg: response.ResultMsg }
  if (response.data !== undefined) {
    try {
      result.data = decodeData(response.data) as T
    } catch {
      throw new ApiError('bad-response', 'undecodable data')
    }
  }
  return result
}

/** After 续费 on the notice: sign in again, then straight to the buy page. */
export const RENEW_LOGIN_PATH = `${paths.login}?redirect=${encodeURIComponent(paths.userBuyService)}`

/**
 * Signed out by the server (40100, or 账号异常 such as a sign-in on another device): sign in again, then back
 * to where the user was (a sheet page with the sheet they had open), as the route guard sends a visitor.
 * Read when the answer comes, before storage is cleared; a later answer of the same sign-out, on the login
 * page already, keeps the way back the first one gave it.
 */
function loginAndBack(): string {
  const { pathname, search } = window.location
  if (pathname.toLowerCase() === paths.login.toLowerCase()) return pathname + search
  return pathname === '/' || isPublicPath(pathname)
    ? paths.login
    : `${paths.login}?redirect=${encodeURIComponent(currentPlace())}`
}

/**
 * The abnormal-account notice's text. A 99998 for an ended service (`data.reason` "expired") says so, and
 * offers the owner 续费 (staff are told to ask the owner, who alone can buy); every other abnormal answer
 * shows the server's message as the spec has it.
 */
function abnormalNotice(result: ApiResult): AbnormalNotice {
  const reason = (result.data as { reason?: AccountRefusalReason } | undefined)?.reason
  if (result.ResultCode !== ResultCode.AccountDisabled || reason !== 'expired') {
    return { description: result.ResultMsg }
  }
  const owner = loadLoginInfo()?.IsOwner === true
  return owner
    ? { description: BillingMessages.serviceEnded, renew: true }
    : { description: BillingMessages.serviceEndedStaff }
}

/** The error policy of protocol.md section 4, run once for every answer that is not a success. */
function announce(result: ApiResult, opts: PostOptions): void {
  const code = result.ResultCode
  // The frame is not the signed-in app: no login page, no sign-out, and the user's own login left alone.
  if (embedded && EMBED_END_CODES.includes(code)) endEmbed(result.ResultMsg)
  else if (code === ResultCode.NotLoggedIn) {
    const login = loginAndBack()
    clearLoginInfo()
    navigateTo(login)
  } else if (ACCOUNT_ABNORMAL_CODES.includes(code)) {
    const login = loginAndBack()
    feedback.accountAbnormal(abnormalNotice(result), (renew) => {
      clearAllStoredState()
      navigateTo(renew ? RENEW_LOGIN_PATH : login)
    })
  } else if (opts.quiet) return
  else if (ENVELOPE_CODES.includes(code)) feedback.warning('请求失败')
  else if (SHOW_SERVER_MESSAGE.includes(code)) feedback.warning(result.ResultMsg)
  // 10003 is not a failure to announce: the caller asks whether to add the part again.
  else if (code !== ResultCode.DuplicatePart && (opts.failMessage || opts.showResultMsg)) {
    const text = opts.showResultMsg || code === ResultCode.InvalidField ? result.ResultMsg : opts.failMessage
    feedback.warning(text ?? result.ResultMsg)
  }
}

/**
 * Sends one call and answers the data of a success. Anything else throws an ApiError, after the error policy
 * above has told the user (or signed them out); callers only catch what they handle themselves.
 */
async function post<T = void>(path: string, payload: object = {}, opts: PostOptions = {}): Promise<T> {
  const site = currentSite()
  // No await once loaded, so the request leaves within the caller's event handler.
  const { sealRequest, decodeData } = envelope ?? (await loadEnvelope())
  const body = JSON.stringify(sealRequest(site.keys, payload))
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  const token = embedded ? useEmbed.getState().session?.Token : loadLoginInfo()?.Token
  if (token) headers.Authorization = `Bearer ${token}`
  let result: ApiResult<T>
  try {
    result = decode<T>(await send(site.apiBase + path, headers, body), decodeData)
  } catch (error) {
    if (!opts.quiet) feedback.warning(opts.failMessage ?? NETWORK_FAILURE)
    throw error
  }
  if (result.ResultCode !== ResultCode.Success) {
    announce(result, opts)
    throw new ApiError('result', result.ResultMsg || '请求未完成', result)
  }
  return result.data as T
}

export const api = { post }

/** A business answer with this code (e.g. 10003, the part is already on the sheet). */
export function isResultCode(error: unknown, code: ResultCode): boolean {
  return error instanceof ApiError && error.code === code
}
