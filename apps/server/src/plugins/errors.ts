// Typed errors with a result code, and the one place that turns any failure into a response.
import { type EnvelopeResponse, HttpStatusOf, Messages, ResultCode } from '@epc/shared'
import type { FastifyRequest } from 'fastify'

export class AppError extends Error {
  readonly code: ResultCode
  readonly httpStatus: number

  constructor(code: ResultCode, message: string, httpStatus?: number) {
    super(message)
    this.code = code
    this.httpStatus = httpStatus ?? HttpStatusOf[code] ?? 200
  }
}

export const fail = {
  business: (message: string) => new AppError(ResultCode.BusinessFailure, message),
  invalid: (message: string) => new AppError(ResultCode.InvalidField, message),
  notFound: () => new AppError(ResultCode.NotFound, Messages.notFound),
  badRequest: (httpStatus = 400) => new AppError(ResultCode.BadRequest, Messages.badRequest, httpStatus),
  notLoggedIn: () => new AppError(ResultCode.NotLoggedIn, Messages.notLoggedIn),
  tooMany: (message: string = Messages.tooManyRequests) => new AppError(ResultCode.TooManyRequests, message),
}

export interface CallResponse {
  status: number
  body: EnvelopeResponse
}

/** Maps anything thrown while serving a call to what the client sees; never a stack trace. */
export function responseForError(error: unknown, request: FastifyRequest): CallResponse {
  if (error instanceof AppError) {
    return { status: error.httpStatus, body: { ResultCode: error.code, ResultMsg: error.message } }
  }
  const fastifyCode = (error as { code?: string }).code
  if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, body: { ResultCode: ResultCode.BadRequest, ResultMsg: Messages.badRequest } }
  }
  if (typeof fastifyCode === 'string' && fastifyCode.startsWith('FST_ERR_CTP_')) {
    return { status: 400, body: { ResultCode: ResultCode.BadRequest, ResultMsg: Messages.badRequest } }
  }
  request.log.error({ err: error, url: request.url }, 'call failed')
  return { status: 500, body: { ResultCode: ResultCode.ServerFault, ResultMsg: Messages.serverFault } }
}
