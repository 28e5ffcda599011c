// Turns the Bearer token into the calling account, checking the session and then the account's state.
import { AccountLimits, Messages, ResultCode } from '@epc/shared'
import type { AppContext } from '../context'
import { sha256 } from '../lib/secrets'
import * as repo from '../modules/accounts/accounts.repository'
import { AppError, fail } from './errors'

export interface Caller {
  accountId: number
  companyId: number
  mobile: string
  userName: string
  companyName: string
  type4s: number
  tokenHash: string
}

// Sliding expiry is written at most once a minute per session, not on every call.
const TOUCH_EVERY_MS = 60_000

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  return match?.[1]
}

export type AuthNeed = 'login' | 'service'

export async function authenticate(
  ctx: AppContext,
  authorization: string | undefined,
  need: AuthNeed,
): Promise<Caller> {
  const token = bearerToken(authorization)
  if (!token || token.length > 200) throw fail.notLoggedIn()
  const db = ctx.db.kysely
  const now = ctx.clock.now()
  const row = await repo.findSessionCaller(db, sha256(token), now)
  if (!row) throw fail.notLoggedIn()
  if (row.revoked_at !== null) {
    if (row.revoked_reason === 'other_device') {
      throw new AppError(ResultCode.SignedInElsewhere, Messages.signedInElsewhere)
    }
    throw fail.notLoggedIn()
  }
  if (row.expires_at <= now) throw fail.notLoggedIn()
  if (row.state === 'banned') throw new AppError(ResultCode.AccountBanned, Messages.accountBanned)
  if (row.state === 'disabled') throw new AppError(ResultCode.AccountDisabled, Messages.accountDisabled)
  // SQLite answers the service check as 0 or 1, PostgreSQL as a boolean.
  if (need === 'service' && !row.has_service) {
    throw new AppError(ResultCode.AccountDisabled, Messages.serviceExpired)
  }
  if (now - row.last_seen_at >= TOUCH_EVERY_MS) {
    await repo.touchSession(db, row.token_hash, now, now + AccountLimits.sessionTtlMs)
  }
  return {
    accountId: row.account_id,
    companyId: row.company_id,
    mobile: row.mobile,
    userName: row.user_name,
    companyName: row.company_name,
    type4s: row.type4s,
    tokenHash: row.token_hash,
  }
}
