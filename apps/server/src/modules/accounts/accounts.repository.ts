// SQL for companies, accounts, sessions, SMS codes and services. Each function takes the database or an
// open transaction.
import { type Kysely, sql } from 'kysely'
import { precompiled } from '../../db/precompiled'
import type { AccountStateName, Database, SessionRevokedReason } from '../../db/schema'
import type { SharedStore } from '../../store/shared-store'

type Q = Kysely<Database>

export function findAccountByMobile(db: Q, mobile: string) {
  return db
    .selectFrom('accounts')
    .innerJoin('companies', 'companies.id', 'accounts.company_id')
    .select([
      'accounts.id',
      'accounts.company_id',
      'accounts.mobile',
      'accounts.user_name',
      'accounts.password_hash',
      'accounts.state',
      'companies.name as company_name',
    ])
    .where('accounts.mobile', '=', mobile)
    .executeTakeFirst()
}

export async function insertCompany(
  db: Q,
  row: { name: string; mobile: string; open_id: string; created_at: number },
): Promise<number> {
  const { id } = await db
    .insertInto('companies')
    .values({ ...row, type4s: 1 })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

export async function insertAccount(
  db: Q,
  row: {
    company_id: number
    mobile: string
    user_name: string
    password_hash: string
    is_owner: number
    created_at: number
  },
): Promise<number> {
  const { id } = await db
    .insertInto('accounts')
    .values({ ...row, state: 'active', updated_at: row.created_at })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

export async function insertService(
  db: Q,
  row: { company_id: number; kind: 'trial' | 'paid'; starts_at: number; ends_at: number; created_at: number },
) {
  await changesCallers(db.insertInto('services').values(row).execute())
}

export async function updatePasswordHash(db: Q, accountId: number, passwordHash: string, now: number) {
  await db
    .updateTable('accounts')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', accountId)
    .execute()
}

export async function setAccountState(
  db: Q,
  accountId: number,
  state: AccountStateName,
  reason: string | null,
  now: number,
) {
  await changesCallers(
    db
      .updateTable('accounts')
      .set({ state, state_reason: reason, updated_at: now })
      .where('id', '=', accountId)
      .execute(),
  )
}

/** The last successful sign-in, shown on the owner's staff list. */
export async function recordLogin(db: Q, accountId: number, now: number) {
  await db.updateTable('accounts').set({ last_login_at: now }).where('id', '=', accountId).execute()
}

export function findStaffOfCompany(db: Q, companyId: number, mobile: string) {
  return db
    .selectFrom('accounts')
    .select(['id', 'state'])
    .where('company_id', '=', companyId)
    .where('mobile', '=', mobile)
    .executeTakeFirst()
}

export function findCompany(db: Q, companyId: number) {
  return db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirst()
}

// Sessions

export async function insertSession(
  db: Q,
  row: { token_hash: string; account_id: number; created_at: number; expires_at: number },
) {
  await db
    .insertInto('sessions')
    .values({ ...row, last_seen_at: row.created_at, revoked_at: null, revoked_reason: null })
    .execute()
}

/** Revokes the account's live sessions, all of them or all but one. */
/**
 * The account's password and state as they are now, its row held until the transaction ends (PostgreSQL; SQLite
 * runs one writer): a password reset or a removal waits for a sign-in holding it, and then ends its session.
 */
export function lockAccount(db: Q, accountId: number) {
  return db
    .updateTable('accounts')
    .set({ state: sql`state` })
    .where('id', '=', accountId)
    .returning(['password_hash', 'state'])
    .executeTakeFirst()
}

export async function revokeSessions(
  db: Q,
  accountId: number,
  reason: SessionRevokedReason,
  now: number,
  exceptTokenHash?: string,
) {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
  if (exceptTokenHash) q = q.where('token_hash', '!=', exceptTokenHash)
  await changesCallers(q.execute())
}

export async function revokeSession(db: Q, tokenHash: string, reason: SessionRevokedReason, now: number) {
  await changesCallers(
    db
      .updateTable('sessions')
      .set({ revoked_at: now, revoked_reason: reason })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute(),
  )
}

function sessionCallerQuery(db: Q, tokenHash: string, now: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .innerJoin('companies', 'companies.id', 'accounts.company_id')
    .select((eb) => [
      'sessions.token_hash',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'sessions.revoked_reason',
      'accounts.id as account_id',
      'accounts.mobile',
      'accounts.user_name',
      'accounts.state',
      'accounts.is_owner',
      'accounts.see_purchase_price',
      'companies.id as company_id',
      'companies.name as company_name',
      'companies.type4s',
      eb
        .exists(
          eb
            .selectFrom('services')
            .select('services.id')
            .whereRef('services.company_id', '=', 'companies.id')
            .where('services.starts_at', '<=', now)
            .where('services.ends_at', '>', now),
        )
        .as('has_service'),
      eb
        .exists(
          eb
            .selectFrom('orders')
            .select('orders.id')
            .whereRef('orders.company_id', '=', 'companies.id')
            .where('orders.state', '=', '已生效')
            .where('orders.plan_kind', '=', 'query_pack')
            .where('orders.queries_left', '>', 0),
        )
        .as('has_queries'),
    ])
    .where('sessions.token_hash', '=', tokenHash)
}

type SessionCaller = Awaited<ReturnType<ReturnType<typeof sessionCallerQuery>['executeTakeFirst']>>
// Runs on every authenticated call: the session, its account and company, and whether the company has a
// service running `now`, in one statement.
const sessionCaller = precompiled(sessionCallerQuery)

// Every authenticated call needs its caller, and reading it took more of a cached look-up's time than
// anything else the envelope does. Callers are kept for a moment: a write made through this module that
// changes what a caller is (a session revoked, an account's state, a new service) forgets them all, and a
// session's touch forgets its own, so this process sees its own changes at once; another process's (or a
// direct edit of the database) are seen within CALLER_TTL_MS.
//
// Some changes must reach every process on the next call: the owner disabling or removing a member, changing
// their price right or password (issue 17). Those bump a generation kept in the shared store (Redis when
// several processes share it) after they are written; each call reads that generation before the caller,
// and a caller kept under another generation is read again. One store read is far cheaper than the session
// statement it saves, whereas not keeping callers whenever the store is shared would cost that statement on
// every call of a scaled-out site.
const CALLER_TTL_MS = 1_000
const CALLER_CACHE_SIZE = 10_000
const SHARED_GENERATION_KEY = 'callers:generation'
// The key may expire and start again; a kept caller is at most CALLER_TTL_MS old, far less than this.
const SHARED_GENERATION_TTL_MS = 30 * 86_400_000
interface KeptCaller {
  row: NonNullable<SessionCaller>
  at: number
  generation: number
  shared: string | null
}
const keptCallers = new WeakMap<Q, Map<string, KeptCaller>>()
let callerGeneration = 0

/** Forgets the kept callers after a write elsewhere that changes what they are (a service, a query pack). */
export function callersChanged() {
  callerGeneration += 1
}

/** After a write that every process must see on its next call: forgets the kept callers in all of them. */
export async function callersChangedEverywhere(store: SharedStore) {
  callerGeneration += 1
  await store.incr(SHARED_GENERATION_KEY, SHARED_GENERATION_TTL_MS)
}

/** The shared generation, read before the caller (findSessionCaller's `shared`). */
export function sharedCallersGeneration(store: SharedStore): Promise<string | null> {
  return store.get(SHARED_GENERATION_KEY)
}

async function changesCallers<T>(write: Promise<T>): Promise<T> {
  try {
    return await write
  } finally {
    callerGeneration += 1
  }
}

/** The session's caller; `shared` is sharedCallersGeneration read before this call. */
export async function findSessionCaller(
  db: Q,
  tokenHash: string,
  now: number,
  shared: string | null,
): Promise<SessionCaller> {
  let kept = keptCallers.get(db)
  if (!kept) {
    kept = new Map()
    keptCallers.set(db, kept)
  }
  const hit = kept.get(tokenHash)
  // The clock is checked both ways: tests move it, and an answer depends on `now` (expiry, service).
  if (
    hit &&
    hit.generation === callerGeneration &&
    hit.shared === shared &&
    hit.at <= now &&
    now - hit.at < CALLER_TTL_MS
  ) {
    return hit.row
  }
  const generation = callerGeneration
  const row = (await sessionCaller(db, tokenHash, now))[0]
  // A write finished while this read ran may not be in it: keep only what no write has overtaken.
  if (row && generation === callerGeneration) {
    if (kept.size >= CALLER_CACHE_SIZE) kept.clear()
    kept.set(tokenHash, { row, at: now, generation, shared })
  }
  return row
}

/** Slides a session's expiry. Only this session's kept caller is forgotten: every session does this once a
 * minute, and forgetting all callers each time would leave little kept with many users signed in. */
export async function touchSession(db: Q, tokenHash: string, now: number, expiresAt: number) {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now, expires_at: expiresAt })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute()
  keptCallers.get(db)?.delete(tokenHash)
}

// SMS codes

export async function insertSmsCode(
  db: Q,
  row: { mobile: string; scene: string; code_hash: string; created_at: number; expires_at: number },
): Promise<number> {
  // A new code replaces any earlier one for the same purpose.
  await db
    .updateTable('sms_codes')
    .set({ used_at: row.created_at })
    .where('mobile', '=', row.mobile)
    .where('scene', '=', row.scene)
    .where('used_at', 'is', null)
    .execute()
  const { id } = await db
    .insertInto('sms_codes')
    .values({ ...row, tries: 0, used_at: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

export function findLiveSmsCode(db: Q, mobile: string, scene: string, now: number) {
  return db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'tries'])
    .where('mobile', '=', mobile)
    .where('scene', '=', scene)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** Counts a wrong try; answers false when the code had already used up its tries (or is gone). */
export async function countSmsTry(db: Q, id: number, maxTries: number): Promise<boolean> {
  const result = await db
    .updateTable('sms_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .where('tries', '<', maxTries)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Marks a code used; answers false when another request used it first. */
export async function consumeSmsCode(db: Q, id: number, maxTries: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('tries', '<', maxTries)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
