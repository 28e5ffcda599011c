// Result codes, messages and limits of the wire protocol (../shared/protocol.md), shared by server and web.

export const ResultCode = {
  Success: '10000',
  BusinessFailure: '10001',
  InvalidField: '10002',
  DuplicatePart: '10003',
  NotFound: '10004',
  QuotaExceeded: '10005',
  BadRequest: '40001',
  BadSign: '40002',
  Expired: '40003',
  NotLoggedIn: '40100',
  TooManyRequests: '42900',
  ServerFault: '50000',
  AccountBanned: '99999',
  AccountDisabled: '99998',
  SignedInElsewhere: '99997',
} as const
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode]

/** Codes after which the client shows the 账号异常 notification and signs the user out. */
export const ACCOUNT_ABNORMAL_CODES: readonly string[] = [
  ResultCode.AccountBanned,
  ResultCode.AccountDisabled,
  ResultCode.SignedInElsewhere,
]

export const Messages = {
  success: '成功',
  badRequest: '请求格式错误',
  badSign: '签名错误',
  expired: '请求已过期',
  notLoggedIn: '请先登录',
  quotaExceeded: '今日查询次数已用完',
  tooManyRequests: '请求过于频繁，请稍后再试',
  serverFault: '服务器繁忙，请稍后再试',
  notFound: '数据不存在或无权访问',
  noSuchCall: '接口不存在',
  accountBanned: '账号因异常访问已被封禁，请联系客服',
  accountDisabled: '账号已停用，请联系客服',
  serviceExpired: '服务已到期，请续费后使用',
  signedInElsewhere: '您的账号已在其他设备登录',
} as const

/** HTTP status that goes with each envelope-level failure (protocol.md section 2). */
export const HttpStatusOf: Partial<Record<ResultCode, number>> = {
  [ResultCode.BadRequest]: 400,
  [ResultCode.BadSign]: 400,
  [ResultCode.Expired]: 400,
  [ResultCode.NotLoggedIn]: 401,
  [ResultCode.TooManyRequests]: 429,
  [ResultCode.ServerFault]: 500,
}

export const Limits = {
  /** Client time-out per attempt and the retry setting of spec section 7. */
  httpTimeoutMs: 60_000,
  maxBodyBytes: 1024 * 1024,
  /** A request's timespan may differ from server time by at most this much. */
  timespanToleranceMs: 5 * 60_000,
  /** How long the server remembers the sign of a call that changes data. */
  replayWindowMs: 10 * 60_000,
  transactionNoLength: 10,
} as const

export interface EnvelopeRequest {
  timespan: number
  transactionNo: string
  content: string
  sign: string
}

export interface EnvelopeResponse {
  ResultCode: string
  ResultMsg: string
  data?: string
}

/** What a call answers once `data` is decoded. */
export interface ApiResult<T = unknown> {
  ResultCode: string
  ResultMsg: string
  data?: T
}

/** The string that is MD5-hashed into `sign`. */
export function signInput(timespan: number, transactionNo: string, content: string, signKey: string): string {
  return String(timespan) + transactionNo + content + signKey
}

export const TRANSACTION_NO_PATTERN = /^\d{10}$/
export const LOWER_HEX_PATTERN = /^[0-9a-f]*$/
