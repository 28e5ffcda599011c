// Typed errors with a result code, and the one place that turns any failure into a response: a call's
// own, a body Fastify could not read, or a URL it could not route. Never a stack trace, never the input.
import {
  type AccountRefusalReason,
  type EnvelopeResponse,
  HttpStatusOf,
  Messages,
  ResultCode,
} from '@epc/shared'
import type { FastifyRequest } from 'fastify'
import { encodeData } from './envelope-codec'
import { requestLog } from './request-log'

export class AppError extends Error {
  readonly code: ResultCode
  readonly httpStatus: number
  /** A value the failure answers with, encoded as a success's `data` (99998's `{ reason }`). */
  readonly data: unknown

  constructor(code: ResultCode, message: string, httpStatus?: number, data?: unknown) {
    super(message)
    this.code = code
    this.httpStatus = httpStatus ?? HttpStatusOf[code] ?? 200
    this.data = data
  }
}

export const fail = {
  business: (message: string) => new AppError(ResultCode.BusinessFailure, message),
  invalid: (message: string) => new AppError(ResultCode.InvalidField, message),
  notFound: () => new AppError(ResultCode.NotFound, Messages.notFound),
  badRequest: (httpStatus = 400) => new AppError(ResultCode.BadRequest, Messages.badRequest, httpStatus),
  notLoggedIn: () => new AppError(ResultCode.NotLoggedIn, Messages.notLoggedIn),
  tooMany: (message: string = Messages.tooManyRequests) => new AppError(ResultCode.TooManyRequests, message),
  /** 99998 for a company whose service ended or whose query pack is used up: `data: { reason: 'expired' }`. */
  serviceExpired: () =>
    new AppError(ResultCode.AccountDisabled, Messages.serviceExpired, undefined, {
      reason: 'expired' satisfies AccountRefusalReason,
    }),
  /** 99998 for a disabled account: `data: { reason: 'disabled' }`. */
  accountDisabled: () =>
    new AppError(ResultCode.AccountDisabled, Messages.accountDisabled, undefined, {
      reason: 'disabled' satisfies AccountRefusalReason,
    }),
}

export interface CallResponse {
  status: number
  body: EnvelopeResponse
}

const badRequest = (status: number): CallResponse => ({
  status,
  body: { ResultCode: ResultCode.BadRequest, ResultMsg: Messages.badRequest },
})

/** Maps anything thrown while serving a request to what the client sees. */
export function responseForError(error: unknown, request: FastifyRequest): CallResponse {
  if (error instanceof AppError) {
    const body: EnvelopeResponse = { ResultCode: error.code, ResultMsg: error.message }
    // A failure may carry data (protocol.md section 3: encoded as a success's data), e.g. 99998's reason.
    if (error.data !== undefined) body.data = encodeData(error.data)
    return { status: error.httpStatus, body }
  }
  const fastifyCode = (error as { code?: string }).code
  if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE') return badRequest(413)
  // Bodies that cannot be read, and URLs that cannot be routed (bad percent-encoding, over-long parameters).
  if (
    typeof fastifyCode === 'string' &&
    (fastifyCode.startsWith('FST_ERR_CTP_') ||
      fastifyCode === 'FST_ERR_BAD_URL' ||
      fastifyCode === 'FST_ERR_MAX_PARAM_LENGTH')
  ) {
    return badRequest(400)
  }
  requestLog(request).error({ err: error, url: request.url }, 'call failed')
  return { status: 500, body: { ResultCode: ResultCode.ServerFault, ResultMsg: Messages.serverFault } }
}
