// Every /api call's path: envelope checks in protocol.md's order, replay memory for calls that change
// data, authentication, payload schema, the opt-in look-up quota, then the handler; the answer is
// encoded back into the envelope.

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import {
  type EnvelopeRequest,
  keysForHost,
  Limits,
  Messages,
  ResultCode,
  TRANSACTION_NO_PATTERN,
} from '@epc/shared'
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'
import type * as z from 'zod/mini'
import type { AppContext } from '../context'
import {
  decryptContent,
  EncodedData,
  encodeData,
  SuccessBody,
  signMatches,
  successBody,
} from '../lib/envelope-codec'
import { sha256 } from '../lib/secrets'
import { authenticate, type Caller } from './auth'
import { AppError, type CallResponse, fail, responseForError } from './errors'
import { countLookup } from './rate-limit'

export type AuthNeed = 'none' | 'login' | 'service'

export interface CallDefinition<S extends z.ZodMiniType, A extends AuthNeed> {
  path: string
  /** none: anyone; login: a valid session; service: a valid session and an active (or trial) service. */
  auth: A
  /** Calls that change data are answered once per sign: a retried body gets the stored answer. */
  mutates: boolean
  /** Counts toward the daily quota and the burst detector. */
  lookup?: boolean
  /** For catalogue reads: what the answer depends on besides the path (payload, price list). */
  cacheKey?(input: { payload: z.output<S>; caller: A extends 'none' ? undefined : Caller }): string
  schema: S
  handle(input: {
    payload: z.output<S>
    caller: A extends 'none' ? undefined : Caller
    request: FastifyRequest
  }): Promise<unknown>
}

/** Accepts any body as text and parses it as JSON, so a wrong content type is a 40001 like any bad body. */
export function installBodyParser(app: FastifyInstance) {
  app.removeAllContentTypeParsers()
  const parse = (_req: unknown, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
    try {
      done(null, JSON.parse(body as string))
    } catch {
      done(fail.badRequest(), undefined)
    }
  }
  // Registered by name as well: Fastify remembers the parser of a named type, but works out the catch-all
  // again from the header on every request.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parse)
  app.addContentTypeParser('*', { parseAs: 'string' }, parse)
}

function readEnvelope(body: unknown): EnvelopeRequest {
  const b = body as Partial<EnvelopeRequest> | null
  if (
    b === null ||
    typeof b !== 'object' ||
    typeof b.timespan !== 'number' ||
    !Number.isSafeInteger(b.timespan) ||
    typeof b.transactionNo !== 'string' ||
    !TRANSACTION_NO_PATTERN.test(b.transactionNo) ||
    typeof b.content !== 'string' ||
    typeof b.sign !== 'string'
  ) {
    throw fail.badRequest()
  }
  return b as EnvelopeRequest
}

const PENDING = 'pending'
const REPLAY_WAIT_MS = Limits.httpTimeoutMs
// A claim outlives a call's longest run only a little, so a process that died mid-call blocks no retry for long.
const PENDING_TTL_MS = Limits.httpTimeoutMs + 5_000

// Stored answers (a login's token among them) are encrypted under a key derived from the request's content,
// which never enters the store: reading the store alone reveals nothing.
function storedKey(content: string) {
  return createHash('sha256').update(`replay:${content}`).digest()
}

function sealStored(response: CallResponse, content: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', storedKey(content), iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(response), 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
}

function openStored(value: string, content: string): CallResponse {
  const raw = Buffer.from(value, 'base64')
  const decipher = createDecipheriv('aes-256-gcm', storedKey(content), raw.subarray(0, 12))
  decipher.setAuthTag(raw.subarray(12, 28))
  const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
  return JSON.parse(text) as CallResponse
}

/** Claims a sign for this request, or answers the stored response of the request that claimed it first. */
async function claimOrReplay(ctx: AppContext, key: string, content: string): Promise<CallResponse | null> {
  const deadline = Date.now() + REPLAY_WAIT_MS
  while (Date.now() < deadline) {
    if (await ctx.store.set(key, PENDING, PENDING_TTL_MS, true)) return null
    const stored = await ctx.store.get(key)
    if (stored && stored !== PENDING) return openStored(stored, content)
    await new Promise((r) => setTimeout(r, 25))
  }
  throw fail.tooMany()
}

export function registerCall<S extends z.ZodMiniType, A extends AuthNeed>(
  app: FastifyInstance,
  def: CallDefinition<S, A>,
) {
  app.post(def.path, async (request, reply) => {
    const served = await serveCall(app.ctx, def, request)
    if (served instanceof SuccessBody) {
      // Written by the answer queue, not Fastify's send path (hooks, serialisers, the content length worked
      // out again): these bytes are final.
      reply.hijack()
      queueAnswer(reply.raw, served.bytes, app.log)
      return reply
    }
    return reply.status(served.status).send(served.body)
  })
}

// Final answers wait for the end of the event loop's turn and then leave together. A turn reads every
// request that has arrived; answering each at once wakes the waiting client (or the proxy) for each, while
// a burst wakes it once and finds it still busy for the rest. Under load this cut a cached look-up's server
// CPU by about a third (docs/performance.md); an answer waits at most for the other requests of its turn.
let queuedAnswers: { response: ServerResponse; bytes: Buffer; log: FastifyBaseLogger }[] = []

function queueAnswer(response: ServerResponse, bytes: Buffer, log: FastifyBaseLogger) {
  if (queuedAnswers.length === 0) setImmediate(writeQueuedAnswers)
  queuedAnswers.push({ response, bytes, log })
}

function writeQueuedAnswers() {
  const answers = queuedAnswers
  queuedAnswers = []
  for (const { response, bytes, log } of answers) {
    try {
      // The same headers as Fastify's send.
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': bytes.length,
      })
      response.end(bytes)
    } catch (error) {
      // One broken connection must not keep the other answers of the turn from leaving.
      log.warn({ err: error }, 'answer not written')
    }
  }
}

async function serveCall<S extends z.ZodMiniType, A extends AuthNeed>(
  ctx: AppContext,
  def: CallDefinition<S, A>,
  request: FastifyRequest,
): Promise<CallResponse | SuccessBody> {
  let replayKey: string | undefined
  let content = ''
  try {
    const keys = keysForHost(ctx.config.sites, request.hostname)
    const envelope = readEnvelope(request.body)
    if (!signMatches(keys, envelope)) throw new AppError(ResultCode.BadSign, Messages.badSign)
    if (Math.abs(ctx.clock.now() - envelope.timespan) > Limits.timespanToleranceMs) {
      throw new AppError(ResultCode.Expired, Messages.expired)
    }
    const payload = decryptContent(keys, envelope.content)
    if (!payload) throw fail.badRequest()

    if (def.mutates) {
      const key = `replay:${envelope.sign}:${sha256(request.headers.authorization ?? '')}`
      const prior = await claimOrReplay(ctx, key, envelope.content)
      if (prior) return prior
      replayKey = key
      content = envelope.content
    }
    const response = await runCall(ctx, def, request, payload)
    // Only look-ups are cached, and they change nothing, so a stored answer is never a cached one.
    if (replayKey && 'body' in response) {
      await ctx.store.set(replayKey, sealStored(response, content), Limits.replayWindowMs)
    }
    return response
  } catch (error) {
    const response = responseForError(error, request)
    if (replayKey) {
      // A server fault changed nothing, so a retry may run again; anything else is the call's answer.
      if (response.body.ResultCode === ResultCode.ServerFault) await ctx.store.del(replayKey).catch(() => {})
      else await ctx.store.set(replayKey, sealStored(response, content), Limits.replayWindowMs)
    }
    return response
  }
}

async function runCall<S extends z.ZodMiniType, A extends AuthNeed>(
  ctx: AppContext,
  def: CallDefinition<S, A>,
  request: FastifyRequest,
  raw: Record<string, unknown>,
): Promise<CallResponse | SuccessBody> {
  const caller =
    def.auth === 'none' ? undefined : await authenticate(ctx, request.headers.authorization, def.auth)
  const parsed = def.schema.safeParse(raw)
  if (!parsed.success) throw fail.invalid(parsed.error.issues[0]?.message ?? Messages.badRequest)
  if (def.lookup && caller) await countLookup(ctx, caller)
  const input = { payload: parsed.data, caller: caller as A extends 'none' ? undefined : Caller }
  let cacheKey: string | undefined
  if (def.cacheKey && ctx.config.answerCacheBytes > 0) {
    cacheKey = `${def.path}|${await ctx.answers.catalogueVersion(ctx)}|${def.cacheKey(input)}`
    const bytes = ctx.answers.get(cacheKey)
    if (bytes !== undefined) return new SuccessBody(bytes)
  }
  const value = await def.handle({ ...input, request })
  if (value === undefined)
    return { status: 200, body: { ResultCode: ResultCode.Success, ResultMsg: Messages.success } }
  if (value instanceof SuccessBody) return value
  const data = value instanceof EncodedData ? value.data : encodeData(value)
  // A call that changes data keeps its answer as a value: the replay memory stores it.
  if (def.mutates)
    return { status: 200, body: { ResultCode: ResultCode.Success, ResultMsg: Messages.success, data } }
  const bytes = successBody(data)
  if (cacheKey) ctx.answers.set(cacheKey, bytes)
  return new SuccessBody(bytes)
}
