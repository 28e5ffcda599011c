// Replay memory for calls that change data (protocol.md): a sign is answered once (once per session for calls
// that need login); the same body sent again, to any process, gets the stored answer and changes nothing a
// second time.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { Limits } from '@epc/shared'
import { sha256 } from '../lib/secrets'
import type { SharedStore } from '../store/shared-store'
import { bearerToken } from './auth'
import { type CallResponse, fail } from './errors'

const PENDING = 'pending'
const REPLAY_WAIT_MS = Limits.httpTimeoutMs
// A claim outlives a call's longest run only a little, so a process that died mid-call blocks no retry for long.
const PENDING_TTL_MS = Limits.httpTimeoutMs + 5_000

/**
 * The memory's key: the sign and the session it was sent with (none for a call that needs no login). The
 * token is parsed first, so the header's spelling (`bearer`, two spaces) does not make a repeated body new.
 */
export function replayKey(sign: string, authorization: string | undefined): string {
  return `replay:${signAndSession(sign, authorization)}`
}

function signAndSession(sign: string, authorization: string | undefined): string {
  return `${sign}:${sha256(bearerToken(authorization) ?? '')}`
}

// Stored answers (a login's token among them) are encrypted under a key derived from the request's content,
// which never enters the store: reading the store alone reveals nothing.
function storedKey(content: string) {
  return createHash('sha256').update(`replay:${content}`).digest()
}

function seal(response: CallResponse, content: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', storedKey(content), iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(response), 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
}

function open(value: string, content: string): CallResponse {
  const raw = Buffer.from(value, 'base64')
  const decipher = createDecipheriv('aes-256-gcm', storedKey(content), raw.subarray(0, 12))
  decipher.setAuthTag(raw.subarray(12, 28))
  const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
  return JSON.parse(text) as CallResponse
}

/** Claims the key for this request, or answers the stored response of the request that claimed it first. */
export async function claimOrReplay(
  store: SharedStore,
  key: string,
  content: string,
): Promise<CallResponse | null> {
  return claimOrWait(store, key, (stored) => open(stored, content))
}

/**
 * Claims the key (null), or waits while another request holds it and answers what that request left there,
 * as `settled` reads it.
 */
async function claimOrWait<T>(
  store: SharedStore,
  key: string,
  settled: (stored: string) => T,
): Promise<T | null> {
  const deadline = Date.now() + REPLAY_WAIT_MS
  while (Date.now() < deadline) {
    if (await store.set(key, PENDING, PENDING_TTL_MS, true)) return null
    const stored = await store.get(key)
    if (stored && stored !== PENDING) return settled(stored)
    await new Promise((r) => setTimeout(r, 25))
  }
  throw fail.tooMany()
}

export async function rememberAnswer(
  store: SharedStore,
  key: string,
  content: string,
  response: CallResponse,
) {
  await store.set(key, seal(response, content), Limits.replayWindowMs)
}

/** A server fault changed nothing, so a retry may run again. */
export async function forgetClaim(store: SharedStore, key: string) {
  await store.del(key).catch(() => {})
}

const CHARGED = 'charged'

/**
 * The key a metered look-up's charge (a query of a pack, an embedded catalogue's data item) is remembered
 * under: its sign and session, as the replay memory's.
 */
export function chargeKey(sign: string, authorization: string | undefined): string {
  return `charged:${signAndSession(sign, authorization)}`
}

/**
 * Makes a look-up's charge once per sign and session. A look-up only reads, so the same body again (the web
 * client's retry after a time-out, sent byte for byte) runs again, but is not charged again; copies arriving
 * while the first is being charged wait for it. A charge that throws (nothing left to take) is forgotten, so
 * the same body is charged when it comes again.
 */
export async function chargeOnce(store: SharedStore, key: string, charge: () => Promise<void>) {
  // Only a claim or CHARGED is kept under the key: a settled one was charged by the first request.
  if ((await claimOrWait(store, key, () => true)) !== null) return
  try {
    await charge()
  } catch (error) {
    await forgetClaim(store, key)
    throw error
  }
  await store.set(key, CHARGED, Limits.replayWindowMs)
}
