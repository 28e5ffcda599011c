// Turns the Bearer token into the calling account, checking the session and then the account's state.
// The sessions are the accounts module's; app.ts hands their look-ups in (SessionGate), so this layer
// imports no feature.
import { AccountLimits, EMBED_TOKEN_PREFIX, EmbedMessages, Messages, ResultCode } from '@epc/shared'
import type { Clock } from '../clock'
import { sha256 } from '../lib/secrets'
import { AppError, fail } from './errors'

export interface Caller {
  accountId: number
  companyId: number
  mobile: string
  userName: string
  companyName: string
  type4s: number
  tokenHash: string
  /** The company's owner (accounts.is_owner): only the owner buys and cancels orders. */
  isOwner: boolean
  /**
   * May see purchase prices (进价) and purchase orders: the owner always, a staff member when the owner
   * allowed it (accounts.see_purchase_price). Every answer carrying a purchase price is decided by this.
   */
  seePurchasePrice: boolean
  /** An embedded catalogue's caller (docs/api.md "Embedded catalogue"): read-only, limited to one VIN. */
  embed?: EmbedScope
}

/** What an embedded catalogue's session may look at, and the key its look-ups are charged to. */
export interface EmbedScope {
  keyId: number
  vin: string
  modelIds: readonly string[]
}

/** What authenticate learns besides the caller: whether a service period is running now. */
export interface Authenticated {
  caller: Caller
  /** A trial or paid period covers now; otherwise a 'service' call lives on the query pack. */
  periodActive: boolean
}

/** Who may make a call: anyone, a signed-in account, or one whose company's service is active (or a trial). */
export type Access = 'public' | 'login' | 'service'

/** A session with its account and company, as the accounts repository reads it. */
export interface SessionState {
  token_hash: string
  account_id: number
  company_id: number
  mobile: string
  user_name: string
  company_name: string
  type4s: number
  state: string
  revoked_at: number | null
  revoked_reason: string | null
  expires_at: number
  last_seen_at: number
  is_owner: number
  see_purchase_price: number
  /** SQLite answers it as 0 or 1, PostgreSQL as a boolean. */
  has_service: unknown
  /** An effective query pack with queries left (0/1 or boolean, as has_service). */
  has_queries: unknown
}

/** An embedded catalogue's session with its key and company, as the data-service repository reads it. */
export interface EmbedSessionState {
  token_hash: string
  key_id: number
  company_id: number
  vin: string
  /** JSON array of ModelIds. */
  model_ids: string
  expires_at: number | null
  key_revoked_at: number | null
  company_name: string
  type4s: number
  owner_id: number
  owner_state: string
}

export interface SessionGate {
  find(tokenHash: string, now: number): Promise<SessionState | undefined>
  findEmbed(tokenHash: string): Promise<EmbedSessionState | undefined>
  touch(tokenHash: string, now: number, expiresAt: number): Promise<void>
}

// Sliding expiry is written at most once a minute per session, not on every call.
const TOUCH_EVERY_MS = 60_000

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  return match?.[1]
}

export async function authenticate(
  sessions: SessionGate,
  clock: Clock,
  authorization: string | undefined,
  access: Exclude<Access, 'public'>,
): Promise<Authenticated> {
  const token = bearerToken(authorization)
  if (!token || token.length > 200) throw fail.notLoggedIn()
  const now = clock.now()
  if (token.startsWith(EMBED_TOKEN_PREFIX)) return authenticateEmbed(sessions, sha256(token), now)
  const row = await sessions.find(sha256(token), now)
  if (!row) throw fail.notLoggedIn()
  if (row.revoked_at !== null) {
    if (row.revoked_reason === 'other_device') {
      throw new AppError(ResultCode.SignedInElsewhere, Messages.signedInElsewhere)
    }
    // A member the owner disabled learns why on the next call (the disabling ended the session); enabled
    // again, the old session is simply over.
    if (row.revoked_reason === 'disabled' && row.state === 'disabled') throw fail.accountDisabled()
    throw fail.notLoggedIn()
  }
  if (row.expires_at <= now) throw fail.notLoggedIn()
  if (row.state === 'banned') throw new AppError(ResultCode.AccountBanned, Messages.accountBanned)
  if (row.state === 'disabled') throw fail.accountDisabled()
  // A removed member or a cancelled account is no caller, whatever its sessions say: a sign-in that read the
  // account before the removal (or the cancellation) committed writes its session after their revocation.
  if (row.state !== 'active') throw fail.notLoggedIn()
  // The one service rule: a period (trial or paid, the services table) running now, or else a query pack
  // with queries left (a metered call then uses one, serve.ts).
  const periodActive = Boolean(row.has_service)
  if (access === 'service' && !periodActive && !row.has_queries) throw fail.serviceExpired()
  if (now - row.last_seen_at >= TOUCH_EVERY_MS) {
    await sessions.touch(row.token_hash, now, now + AccountLimits.sessionTtlMs)
  }
  const caller: Caller = {
    accountId: row.account_id,
    companyId: row.company_id,
    mobile: row.mobile,
    userName: row.user_name,
    companyName: row.company_name,
    type4s: row.type4s,
    tokenHash: row.token_hash,
    isOwner: Boolean(row.is_owner),
    seePurchasePrice: Boolean(row.is_owner) || Boolean(row.see_purchase_price),
  }
  return { caller, periodActive }
}

/**
 * An embedded catalogue's caller. Its session is of its own kind: no sign-in ends it nor is ended by it; it
 * ends with its time, its key's revocation or its company's owner being banned or disabled. It has no period
 * to check: each of its look-ups is charged to the company's data-service items (serve.ts).
 */
async function authenticateEmbed(
  sessions: SessionGate,
  tokenHash: string,
  now: number,
): Promise<Authenticated> {
  const row = await sessions.findEmbed(tokenHash)
  if (!row || row.expires_at === null || row.expires_at <= now || row.key_revoked_at !== null) {
    throw new AppError(ResultCode.NotLoggedIn, EmbedMessages.sessionOver)
  }
  if (row.owner_state === 'banned') throw new AppError(ResultCode.AccountBanned, Messages.accountBanned)
  if (row.owner_state === 'disabled') throw fail.accountDisabled()
  // A company whose cancellation was resolved has no account left to stand for its embedded catalogues.
  if (row.owner_state !== 'active') throw new AppError(ResultCode.NotLoggedIn, EmbedMessages.sessionOver)
  const caller: Caller = {
    accountId: row.owner_id,
    companyId: row.company_id,
    mobile: '',
    userName: '',
    companyName: row.company_name,
    type4s: row.type4s,
    tokenHash: row.token_hash,
    isOwner: false,
    seePurchasePrice: false,
    embed: { keyId: row.key_id, vin: row.vin, modelIds: JSON.parse(row.model_ids) as string[] },
  }
  return { caller, periodActive: true }
}
