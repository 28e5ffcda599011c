// Every /api call's path: envelope checks in protocol.md's order, replay memory for calls that change
// data, authentication, payload schema, the quota of metered calls, the answer cache of calls that declare
// a key, the handler, and the answer encoded into the envelope. A call is declared once (registerCall) and
// this file does the rest; handlers return plain values, never bytes.
import {
  EmbedMessages,
  type EnvelopeRequest,
  keysForHost,
  Limits,
  Messages,
  ResultCode,
  type SiteTable,
  TRANSACTION_NO_PATTERN,
} from '@epc/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type * as z from 'zod/mini'
import type { AnswerCache } from './answer-cache'
import { queueAnswer } from './answer-queue'
import { type Access, authenticate, type Caller, type EmbedScope, type SessionGate } from './auth'
import {
  type DeflatedPiece,
  decryptContent,
  encodeData,
  type SplicedRun,
  signMatches,
  spliceDeflated,
  successBody,
} from './envelope-codec'
import { AppError, type CallResponse, fail, responseForError } from './errors'
import { callMeter } from './metrics'
import { meterLookup, type QuotaParts } from './quota'
import { chargeKey, chargeOnce, claimOrReplay, forgetClaim, rememberAnswer, replayKey } from './replay'
import { type SecurityHeaders, servedOverHttps } from './security-headers'

/** What the pipeline works with; app.ts assembles it (the feature look-ups it needs are handed in). */
export interface Pipeline extends QuotaParts {
  sites: SiteTable
  sessions: SessionGate
  answers: AnswerCache
  headers: SecurityHeaders
  /**
   * Uses one query of the company's query pack, answering false when none is left (the billing module's
   * conditional update, handed in by app.ts). Only metered 'service' calls made without a period use it.
   */
  usePackQuery(companyId: number, now: number): Promise<boolean>
  /**
   * Counts an embedded catalogue's look-up in the key's day and, when it answered (`charge`), charges it to
   * one of the company's data-service items, answering false when none is left (the data-service module's,
   * handed in by app.ts).
   */
  useEmbedItem(companyId: number, embed: EmbedScope, now: number, charge: boolean): Promise<boolean>
}

declare module 'fastify' {
  interface FastifyInstance {
    pipeline: Pipeline
  }
}

export type CallerOf<A extends Access> = A extends 'public' ? undefined : Caller

export interface CallInput<S extends z.ZodMiniType, A extends Access> {
  payload: z.output<S>
  caller: CallerOf<A>
}

export interface CallDefinition<S extends z.ZodMiniType, A extends Access, V, N> {
  path: string
  access: A
  /**
   * Calls that change data are answered once per sign (and session, for calls that need login, so that another
   * company's session holding a copied body is never given this one's answer): a repeated body gets the stored
   * answer.
   */
  mutates: boolean
  /** Counts toward the daily look-up quota and the burst detector (in an embedded catalogue: one item). */
  metered?: boolean
  /**
   * May be made from an embedded catalogue, whose session is limited to one VIN: which of the input is a VIN
   * or a model that must be the session's. A call without it answers such a caller 嵌入目录不能使用此功能.
   */
  embed?: {
    vin?(payload: z.output<S>): string
    model?(payload: z.output<S>): string
  }
  schema: S
  /**
   * For catalogue reads: what the answer depends on besides the path and the catalogue's version (the
   * validated input, the caller's price list, the year), as a JSON value. The answer cache makes the key.
   */
  cacheKey?(input: CallInput<S, A>): unknown
  handle(input: CallInput<S, A> & { request: FastifyRequest }): Promise<V>
  /** The answer's wire value, when it is not the value itself (splicedAnswer shares a piece of it). */
  encode?(value: V): unknown
  /** The little `after` needs, taken from the value and kept with a cached answer. */
  note?(value: V): N
  /** Runs once a successful answer has been sent, whether it came from the answer cache or the handler. */
  after?(input: CallInput<S, A>, note: N): void
}

/** A success whose body is final: written by the answer queue, then the call's `after` runs. */
class FinalAnswer {
  constructor(
    readonly bytes: Buffer,
    readonly after?: () => void,
  ) {}
}

/**
 * An answer whose runs are kept deflated, such as an illustration's drawing and its parts list (the catalogue
 * stores both so: catalogue-data/import/drawing-piece.ts, part-lists.ts): only the names around them are
 * encoded.
 */
class SplicedAnswer {
  constructor(
    readonly head: object,
    readonly piece: DeflatedPiece,
    readonly tail: Record<string, unknown>,
  ) {}
}

/** A value of a spliced answer's tail kept deflated: a piece that is one JSON value (a parts list). */
export class DeflatedValue {
  constructor(readonly piece: DeflatedPiece) {}
}

/**
 * The answer `{...head, ...piece, ...tail}`; a DeflatedValue in the tail goes in as kept, other values
 * uncompressed: the tail is for names and small values around kept pieces.
 */
export function splicedAnswer(head: object, piece: DeflatedPiece, tail: Record<string, unknown>) {
  return new SplicedAnswer(head, piece, tail)
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

export function registerCall<S extends z.ZodMiniType, A extends Access, V, N = undefined>(
  app: FastifyInstance,
  def: CallDefinition<S, A, V, N>,
) {
  const meter = callMeter(def.path)
  app.post(def.path, async (request, reply) => {
    const started = performance.now()
    const { pipeline } = app
    const served = await serveCall(pipeline, def, request)
    if (served instanceof FinalAnswer) {
      meter(ResultCode.Success, started)
      // Written by the answer queue, not Fastify's send path (hooks, serialisers, the content length worked
      // out again): these bytes are final, and the queue writes the headers the onSend hook would have.
      reply.hijack()
      const head = servedOverHttps(request) ? pipeline.headers.queueHttps : pipeline.headers.queueHttp
      queueAnswer({ response: reply.raw, bytes: served.bytes, head, request, after: served.after })
      return reply
    }
    meter(served.body.ResultCode, started)
    return reply.status(served.status).send(served.body)
  })
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

async function serveCall<S extends z.ZodMiniType, A extends Access, V, N>(
  pipeline: Pipeline,
  def: CallDefinition<S, A, V, N>,
  request: FastifyRequest,
): Promise<CallResponse | FinalAnswer> {
  let claimed: { key: string; content: string } | undefined
  try {
    const keys = keysForHost(pipeline.sites, request.hostname)
    const envelope = readEnvelope(request.body)
    if (!signMatches(keys, envelope)) throw new AppError(ResultCode.BadSign, Messages.badSign)
    if (Math.abs(pipeline.clock.now() - envelope.timespan) > Limits.timespanToleranceMs) {
      throw new AppError(ResultCode.Expired, Messages.expired)
    }
    const payload = decryptContent(keys, envelope.content)
    if (!payload) throw fail.badRequest()

    if (def.mutates) {
      // A call that needs no login ignores the header (protocol.md section 1), so a changed header must not
      // make the same body new: a login sent again under a made-up token logged in a second time.
      const key = replayKey(
        envelope.sign,
        def.access === 'public' ? undefined : request.headers.authorization,
      )
      const prior = await claimOrReplay(pipeline.store, key, envelope.content)
      if (prior) return prior
      claimed = { key, content: envelope.content }
    }
    const response = await runCall(pipeline, def, request, payload, envelope.sign)
    // Only calls that change nothing are final answers, so a stored answer is never a cached one.
    if (claimed && !(response instanceof FinalAnswer)) {
      await rememberAnswer(pipeline.store, claimed.key, claimed.content, response)
    }
    return response
  } catch (error) {
    const response = responseForError(error, request)
    if (claimed) {
      if (response.body.ResultCode === ResultCode.ServerFault) await forgetClaim(pipeline.store, claimed.key)
      else await rememberAnswer(pipeline.store, claimed.key, claimed.content, response)
    }
    return response
  }
}

async function runCall<S extends z.ZodMiniType, A extends Access, V, N>(
  pipeline: Pipeline,
  def: CallDefinition<S, A, V, N>,
  request: FastifyRequest,
  raw: Record<string, unknown>,
  sign: string,
): Promise<CallResponse | FinalAnswer> {
  const auth =
    def.access === 'public'
      ? undefined
      : await authenticate(pipeline.sessions, pipeline.clock, request.headers.authorization, def.access)
  const caller = auth?.caller
  if (caller?.embed && !def.embed) throw fail.business(EmbedMessages.notInEmbed)
  const parsed = def.schema.safeParse(raw)
  if (!parsed.success) throw fail.invalid(parsed.error.issues[0]?.message ?? Messages.badRequest)
  if (caller?.embed) {
    embedScope(def, caller.embed, parsed.data)
  } else {
    if (def.metered && caller) await meterLookup(pipeline, caller)
    // Without a running period a metered 'service' call uses a query of the pack, after the daily cap; the
    // same body again (a retry) uses none (chargeOnce).
    if (def.access === 'service' && def.metered && auth && !auth.periodActive) {
      await chargeOnce(pipeline.store, chargeKey(sign, request.headers.authorization), async () => {
        if (!(await pipeline.usePackQuery(auth.caller.companyId, pipeline.clock.now())))
          throw fail.serviceExpired()
      })
    }
  }
  const input: CallInput<S, A> = { payload: parsed.data, caller: caller as CallerOf<A> }
  // An embedded look-up is charged once it has its answer: a failed one costs no item (docs/open-api.md), and
  // the same body again (a retry) none either.
  const embed = def.metered ? caller?.embed : undefined
  const chargeEmbed =
    embed &&
    ((answered: boolean) =>
      chargeEmbedded(
        pipeline,
        (caller as Caller).companyId,
        embed,
        answered,
        chargeKey(sign, request.headers.authorization),
      ))

  let cacheKey: string | undefined
  if (def.cacheKey) {
    const key = pipeline.answers.key(def.path, def.cacheKey(input))
    cacheKey = typeof key === 'string' ? key : await key
    const kept = pipeline.answers.get(cacheKey)
    if (kept) {
      if (chargeEmbed) await chargeEmbed(true)
      return new FinalAnswer(kept.bytes, afterOf(def, input, kept.note as N))
    }
  }
  let value: V
  try {
    value = await def.handle({ ...input, request })
  } catch (error) {
    if (chargeEmbed) await chargeEmbed(false)
    throw error
  }
  if (chargeEmbed) await chargeEmbed(true)
  if (value === undefined) {
    return { status: 200, body: { ResultCode: ResultCode.Success, ResultMsg: Messages.success } }
  }
  const answer = def.encode ? def.encode(value) : value
  const data = answer instanceof SplicedAnswer ? encodeSpliced(answer) : encodeData(answer)
  // A call that changes data keeps its answer as a value: the replay memory stores it.
  if (def.mutates) {
    return { status: 200, body: { ResultCode: ResultCode.Success, ResultMsg: Messages.success, data } }
  }
  const bytes = successBody(data)
  const note = def.note?.(value) as N
  if (cacheKey) pipeline.answers.set(cacheKey, { bytes, note })
  return new FinalAnswer(bytes, afterOf(def, input, note))
}

/** An embedded catalogue's call: its VIN and models only. */
function embedScope<S extends z.ZodMiniType, A extends Access, V, N>(
  def: CallDefinition<S, A, V, N>,
  embed: EmbedScope,
  payload: z.output<S>,
) {
  const scope = def.embed
  if (scope?.vin && scope.vin(payload) !== embed.vin) throw fail.business(EmbedMessages.otherVin)
  if (scope?.model && !embed.modelIds.includes(scope.model(payload)))
    throw fail.business(EmbedMessages.otherVin)
}

/**
 * An embedded catalogue's look-up counted, and charged one data-service item if it answered (the web's daily
 * quota and burst detector are the signed-in users'; the customer's system answers for this traffic), once per
 * sign and session (`key`): a retry of an answered look-up is neither counted nor charged again. With none
 * left the answer is withheld.
 */
async function chargeEmbedded(
  pipeline: Pipeline,
  companyId: number,
  embed: EmbedScope,
  answered: boolean,
  key: string,
) {
  if (!answered) {
    await pipeline.useEmbedItem(companyId, embed, pipeline.clock.now(), false)
    return
  }
  await chargeOnce(pipeline.store, key, async () => {
    if (!(await pipeline.useEmbedItem(companyId, embed, pipeline.clock.now(), true)))
      throw new AppError(ResultCode.QuotaExceeded, EmbedMessages.noItems)
  })
}

function afterOf<S extends z.ZodMiniType, A extends Access, V, N>(
  def: CallDefinition<S, A, V, N>,
  input: CallInput<S, A>,
  note: N,
): (() => void) | undefined {
  const after = def.after
  return after && (() => after(input, note))
}

/** The envelope's `data` of a spliced answer: the runs around the kept pieces encoded, the pieces as kept. */
function encodeSpliced(answer: SplicedAnswer): string {
  const head = JSON.stringify(answer.head)
  const runs: SplicedRun[] = [head === '{}' ? '{' : `${head.slice(0, -1)},`, { piece: answer.piece }]
  for (const [key, value] of Object.entries(answer.tail)) {
    runs.push(`,${JSON.stringify(key)}:`)
    if (value instanceof DeflatedValue) runs.push({ piece: value.piece })
    else runs.push(JSON.stringify(value))
  }
  runs.push('}')
  return spliceDeflated(runs)
}
