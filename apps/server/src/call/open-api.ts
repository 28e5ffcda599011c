// The open API's call path (docs/open-api.md): plain JSON under /open/v1, no envelope. Each request is
// checked in this order: signing headers, timestamp window, the key (known, not revoked, company active),
// its allowed addresses, the HMAC-SHA256 signature over the body's bytes, the nonce (once per window), the
// per-key rate, then the body's schema; errors are `{ error: { code, message, message_en } }` with the
// status of the one table in @epc/shared. The keys are the data-service module's; app.ts hands their
// look-up in (OpenKeyGate), so this layer imports no feature.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import {
  DataServiceLimits,
  Limits,
  type OpenApiErrorBody,
  type OpenApiErrorCode,
  OpenApiErrors,
  OpenApiHeaders,
  stringToSign,
} from '@epc/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as z from 'zod/mini'
import type { Clock } from '../clock'
import { addressList } from '../lib/address-list'
import { openSecret } from '../lib/secrets'
import type { SharedStore } from '../store/shared-store'
import { requestLog } from './request-log'

/** A key as the gate reads it, with what the call path needs of its company. */
export interface OpenKeyState {
  keyId: number
  companyId: number
  appKey: string
  secretSealed: string
  isTest: boolean
  /** JSON array of addresses and CIDR ranges; empty for any. */
  ipRanges: string
  requestsPerSecond: number
  revokedAt: number | null
  lastUsedAt: number | null
  /** The company's owner may not use the service (disabled or banned). */
  companyBlocked: boolean
  type4s: number
}

export interface OpenKeyGate {
  find(appKey: string): Promise<OpenKeyState | undefined>
  /** Notes the key's use (its last-used time; the request in the day's usage). */
  used(key: OpenKeyState, now: number): Promise<void>
}

/** Who makes an open call: the key and its company. */
export interface OpenCaller {
  keyId: number
  companyId: number
  appKey: string
  isTest: boolean
  type4s: number
}

export interface OpenPipeline {
  keys: OpenKeyGate
  store: SharedStore
  clock: Clock
  masterKey: Buffer
}

export class OpenApiError extends Error {
  constructor(
    readonly code: OpenApiErrorCode,
    message?: string,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message ?? OpenApiErrors[code].zh)
  }
}

function errorBody(error: OpenApiError): OpenApiErrorBody {
  const entry = OpenApiErrors[error.code]
  return {
    error: {
      code: error.code,
      message: error.message,
      message_en: entry.en,
      ...(error.field ? { field: error.field } : {}),
    },
  }
}

/** Whether a URL is the open API's: its errors keep the API's shape, even those raised before routing. */
export function isOpenApiUrl(url: string): boolean {
  return url.startsWith('/open/')
}

export function sendOpenApiError(reply: FastifyReply, error: OpenApiError) {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds))
  return reply
    .status(OpenApiErrors[error.code].status)
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(errorBody(error))
}

/** What a call answers: the JSON body (or, with `type`, text as it is), its status and headers of its own. */
export interface OpenAnswer {
  body: unknown
  status?: number
  type?: string
  headers?: Record<string, string>
}

export interface OpenCallDefinition<S extends z.ZodMiniType> {
  method: 'GET' | 'POST'
  /** Below /open/v1, e.g. `/vin/decode`. */
  path: string
  /** The body's schema (POST); a GET has none. */
  schema?: S
  handle(input: { caller: OpenCaller; body: z.output<S>; request: FastifyRequest }): Promise<OpenAnswer>
}

const NONCE = new RegExp(`^[A-Za-z0-9_-]{${DataServiceLimits.nonceMin},${DataServiceLimits.nonceMax}}$`)
const HEX_SIGNATURE = /^[0-9a-f]{64}$/i

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** The caller of a signed request, or the error that refuses it. */
async function verify(pipeline: OpenPipeline, request: FastifyRequest, body: Buffer): Promise<OpenCaller> {
  const appKey = header(request, OpenApiHeaders.appKey)
  const timestamp = header(request, OpenApiHeaders.timestamp)
  const nonce = header(request, OpenApiHeaders.nonce)
  const signature = header(request, OpenApiHeaders.signature)
  if (!appKey || !timestamp || !nonce || !signature) throw new OpenApiError('AUTH_MISSING')
  const now = pipeline.clock.now()
  // A header present but malformed is named, so a client sending milliseconds is not told one is missing.
  if (!/^\d{1,15}$/.test(timestamp)) {
    throw new OpenApiError(
      'AUTH_MISSING',
      `X-Epc-Timestamp 应为 Unix 时间（秒），如 ${Math.floor(now / 1000)}`,
    )
  }
  if (!NONCE.test(nonce)) {
    throw new OpenApiError(
      'AUTH_MISSING',
      `X-Epc-Nonce 应为 ${DataServiceLimits.nonceMin} 至 ${DataServiceLimits.nonceMax} 个 A-Z a-z 0-9 _ - 字符`,
    )
  }
  if (!HEX_SIGNATURE.test(signature)) {
    throw new OpenApiError('AUTH_MISSING', 'X-Epc-Signature 应为 64 位十六进制的 HMAC-SHA256')
  }
  if (Math.abs(now - Number(timestamp) * 1000) > DataServiceLimits.signatureWindowMs) {
    throw new OpenApiError('TIMESTAMP_EXPIRED')
  }
  const key = appKey.length > 64 ? undefined : await pipeline.keys.find(appKey)
  if (!key) throw new OpenApiError('APP_KEY_UNKNOWN')
  if (key.revokedAt !== null) throw new OpenApiError('APP_KEY_REVOKED')
  if (key.companyBlocked) throw new OpenApiError('SERVICE_DISABLED')
  const ranges = JSON.parse(key.ipRanges) as string[]
  if (ranges.length > 0 && !addressList(ranges)(request.ip)) throw new OpenApiError('IP_NOT_ALLOWED')
  const secret = openSecret(pipeline.masterKey, key.secretSealed, key.appKey)
  const text = stringToSign({
    method: request.method,
    path: request.url,
    timestamp,
    nonce,
    bodySha256: createHash('sha256').update(body).digest('hex'),
  })
  const expected = createHmac('sha256', secret).update(text, 'utf8').digest()
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw new OpenApiError('SIGNATURE_INVALID')
  // Only a correctly signed request uses up its nonce: a stranger cannot spend a client's nonces. A
  // timestamp stays valid 5 minutes either side, so a nonce is remembered for the whole 10.
  const fresh = await pipeline.store.set(
    `open:nonce:${key.appKey}:${nonce}`,
    '1',
    2 * DataServiceLimits.signatureWindowMs,
    true,
  )
  if (!fresh) throw new OpenApiError('NONCE_USED')
  const second = Math.floor(now / 1000)
  const made = await pipeline.store.incr(`open:rate:${key.keyId}:${second}`, 2_000)
  if (made > key.requestsPerSecond) {
    throw new OpenApiError('RATE_LIMITED', undefined, undefined, 1)
  }
  await pipeline.keys.used(key, now)
  return {
    keyId: key.keyId,
    companyId: key.companyId,
    appKey: key.appKey,
    isTest: key.isTest,
    type4s: key.type4s,
  }
}

/** The first problem of a body the schema refused, as INVALID_FIELD naming its field. */
function fieldError(error: z.core.$ZodError): OpenApiError {
  const issue = error.issues[0]
  const field = issue?.path.map(String).join('.') || undefined
  return new OpenApiError('INVALID_FIELD', issue?.message ?? OpenApiErrors.INVALID_FIELD.zh, field)
}

/**
 * The /open/v1 scope: its own body parser (the raw bytes, which the signature covers), error handler and
 * 404s. Register the calls inside `register`.
 */
export function openApiScope(pipeline: OpenPipeline, register: (scope: FastifyInstance) => void) {
  return async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: Limits.maxBodyBytes },
      (_req, body, done) => done(null, body),
    )
    scope.decorate('openPipeline', pipeline)
    scope.setNotFoundHandler((_request, reply) => sendOpenApiError(reply, new OpenApiError('NOT_FOUND')))
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof OpenApiError) return sendOpenApiError(reply, error)
      const code = (error as { code?: string }).code
      if (code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return sendOpenApiError(reply, new OpenApiError('PAYLOAD_TOO_LARGE'))
      if (typeof code === 'string' && code.startsWith('FST_ERR_CTP_')) {
        return sendOpenApiError(reply, new OpenApiError('INVALID_REQUEST'))
      }
      requestLog(request).error({ err: error, url: request.url }, 'open call failed')
      return sendOpenApiError(reply, new OpenApiError('SERVER_ERROR'))
    })
    register(scope)
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    openPipeline: OpenPipeline
  }
}

// Visible ASCII, as many as the limit says.
const IDEMPOTENCY_KEY = new RegExp(`^[\\x21-\\x7e]{1,${DataServiceLimits.idempotencyKeyMax}}$`)
const PENDING = 'pending:'
// A claim outlives a call's longest run only a little, so a process that died mid-call blocks no retry for long.
const PENDING_TTL_MS = Limits.httpTimeoutMs + 5_000

interface StoredAnswer {
  request: string
  answer: OpenAnswer
}

/**
 * Runs `work` once per Idempotency-Key and key: the same key with the same request (method, path and body)
 * within 24 hours answers the first answer, whichever process served it; with another request it is a 409.
 * A request arriving while the first still runs waits for its answer. A server fault forgets the claim, so a
 * retry runs again (the fault charged nothing: metering is the call's last write).
 */
async function once(
  store: SharedStore,
  caller: OpenCaller,
  idempotencyKey: string,
  request: string,
  work: () => Promise<OpenAnswer>,
): Promise<{ answer: OpenAnswer; replayed: boolean }> {
  if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw new OpenApiError(
      'INVALID_FIELD',
      `Idempotency-Key 应为 1 至 ${DataServiceLimits.idempotencyKeyMax} 个可见 ASCII 字符`,
      'Idempotency-Key',
    )
  }
  const key = `open:idem:${caller.keyId}:${createHash('sha256').update(idempotencyKey).digest('hex')}`
  const deadline = Date.now() + Limits.httpTimeoutMs
  while (!(await store.set(key, PENDING + request, PENDING_TTL_MS, true))) {
    const stored = await store.get(key)
    if (stored?.startsWith(PENDING)) {
      if (stored !== PENDING + request) throw new OpenApiError('IDEMPOTENCY_CONFLICT')
      if (Date.now() > deadline) throw new OpenApiError('RATE_LIMITED', undefined, undefined, 1)
      await new Promise((r) => setTimeout(r, 25))
      continue
    }
    if (stored) {
      const first = JSON.parse(stored) as StoredAnswer
      if (first.request !== request) throw new OpenApiError('IDEMPOTENCY_CONFLICT')
      return { answer: first.answer, replayed: true }
    }
  }
  let answer: OpenAnswer
  try {
    answer = await work()
  } catch (error) {
    await store.del(key).catch(() => {})
    throw error
  }
  const stored: StoredAnswer = { request, answer }
  await store.set(key, JSON.stringify(stored), DataServiceLimits.idempotencyTtlMs)
  return { answer, replayed: false }
}

/** Declares an open call inside openApiScope: verification, body schema and the JSON answer. */
export function registerOpenCall<S extends z.ZodMiniType>(
  scope: FastifyInstance,
  call: OpenCallDefinition<S>,
) {
  scope.route({
    method: call.method,
    url: call.path,
    handler: async (request, reply) => {
      const pipeline = scope.openPipeline
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const caller = await verify(pipeline, request, bytes)
      let body: unknown
      if (call.schema) {
        let parsed: unknown
        try {
          parsed = JSON.parse(bytes.toString('utf8'))
        } catch {
          throw new OpenApiError('INVALID_REQUEST')
        }
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
          throw new OpenApiError('INVALID_REQUEST')
        }
        const result = z.safeParse(call.schema, parsed)
        if (!result.success) throw fieldError(result.error)
        body = result.data
      }
      const run = () => call.handle({ caller, body: body as z.output<S>, request })
      const idempotencyKey = header(request, OpenApiHeaders.idempotencyKey)
      const { answer, replayed } = idempotencyKey
        ? await once(
            pipeline.store,
            caller,
            idempotencyKey,
            `${request.method} ${request.url} ${createHash('sha256').update(bytes).digest('hex')}`,
            run,
          )
        : { answer: await run(), replayed: false }
      if (replayed) reply.header('idempotent-replayed', 'true')
      for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value)
      return reply
        .status(answer.status ?? 200)
        .type(answer.type ?? 'application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(answer.body)
    },
  })
}
