// The data service's SQL: companies' API keys, their daily use, the asynchronous jobs with their results, and
// the embedded catalogues' links and sessions.
import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'

type Q = Kysely<Database>

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) === 1

const keyColumns = [
  'id',
  'company_id',
  'app_key',
  'name',
  'is_test',
  'ip_ranges',
  'embed_origins',
  'created_at',
  'rotated_at',
  'last_used_at',
  'revoked_at',
] as const

export function companyKeys(db: Q, companyId: number) {
  return (
    db
      .selectFrom('api_keys')
      .select(keyColumns)
      .where('company_id', '=', companyId)
      // Active keys first on both databases (they sort nulls differently), newest first.
      .orderBy(sql`case when revoked_at is null then 0 else 1 end`)
      .orderBy('id', 'desc')
      .execute()
  )
}

export type KeyRow = Awaited<ReturnType<typeof companyKeys>>[number]

/** One of the company's keys; another company's key is not found. */
export function companyKey(db: Q, companyId: number, keyId: number) {
  return db
    .selectFrom('api_keys')
    .select(keyColumns)
    .where('company_id', '=', companyId)
    .where('id', '=', keyId)
    .executeTakeFirst()
}

export async function activeKeyCount(db: Q, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function insertKey(
  db: Q,
  row: {
    company_id: number
    app_key: string
    name: string
    secret_sealed: string
    is_test: number
    ip_ranges: string
    created_at: number
  },
): Promise<number> {
  const inserted = await db.insertInto('api_keys').values(row).returning('id').executeTakeFirstOrThrow()
  return Number(inserted.id)
}

/** Changes an active key of the company; false when it is not the company's or is revoked. */
export async function updateActiveKey(
  db: Q,
  companyId: number,
  keyId: number,
  set: {
    name?: string
    ip_ranges?: string
    embed_origins?: string
    secret_sealed?: string
    rotated_at?: number
    revoked_at?: number
  },
): Promise<boolean> {
  return changed(
    await db
      .updateTable('api_keys')
      .set(set)
      .where('company_id', '=', companyId)
      .where('id', '=', keyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst(),
  )
}

/**
 * Whether the company of key `k` has its owner disabled, banned or cancelled, which stops its data service (a
 * company whose cancellation was resolved has no other account).
 */
function ownerBlocked(eb: ExpressionBuilder<Database & { k: Database['api_keys'] }, 'k'>) {
  return eb.exists(
    eb
      .selectFrom('accounts as a')
      .select('a.id')
      .whereRef('a.company_id', '=', 'k.company_id')
      .where('a.is_owner', '=', 1)
      .where('a.state', 'in', ['disabled', 'banned', 'cancelled']),
  )
}

/**
 * A key by its AppKey with its company's price list and whether the company's owner may use the service (not
 * when disabled, banned or cancelled: a company whose cancellation was resolved has no usable account).
 */
export function keyForCall(db: Q, appKey: string) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('companies as c', 'c.id', 'k.company_id')
    .select([
      'k.id',
      'k.company_id',
      'k.app_key',
      'k.secret_sealed',
      'k.is_test',
      'k.ip_ranges',
      'k.requests_per_second',
      'k.revoked_at',
      'k.last_used_at',
      'c.type4s',
    ])
    .select((eb) => ownerBlocked(eb).as('blocked'))
    .where('k.app_key', '=', appKey)
    .executeTakeFirst()
}

export async function touchKey(db: Q, keyId: number, now: number) {
  await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', keyId).execute()
}

/** Adds to a key's use on a day: one statement, so concurrent requests never lose a count. */
export async function addUsage(
  db: Q,
  row: {
    key_id: number
    company_id: number
    day: string
    requests: number
    items_charged: number
    items_free: number
  },
) {
  await db
    .insertInto('api_usage')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['key_id', 'day']).doUpdateSet({
        requests: sql`api_usage.requests + excluded.requests`,
        items_charged: sql`api_usage.items_charged + excluded.items_charged`,
        items_free: sql`api_usage.items_free + excluded.items_free`,
      }),
    )
    .execute()
}

export function companyUsage(db: Q, companyId: number, fromDay: string) {
  return db
    .selectFrom('api_usage as u')
    .innerJoin('api_keys as k', 'k.id', 'u.key_id')
    .select(['u.day', 'u.key_id', 'k.app_key', 'k.name', 'u.requests', 'u.items_charged', 'u.items_free'])
    .where('u.company_id', '=', companyId)
    .where('u.day', '>=', fromDay)
    .orderBy('u.day', 'desc')
    .orderBy('u.key_id', 'desc')
    .execute()
}

// Embedded catalogues

export async function insertEmbedLink(
  db: Q,
  row: {
    key_id: number
    company_id: number
    vin: string
    model_ids: string
    link_hash: string
    link_expires_at: number
    created_at: number
  },
) {
  await db.insertInto('embed_sessions').values(row).execute()
}

export async function keyEmbedOrigins(db: Q, keyId: number): Promise<string[]> {
  const row = await db
    .selectFrom('api_keys')
    .select('embed_origins')
    .where('id', '=', keyId)
    .executeTakeFirst()
  return row ? (JSON.parse(row.embed_origins) as string[]) : []
}

/**
 * Opens a link: once, before it expires, while its key is active; the session's token is set in the same
 * statement, so of two openings at once only one gets a session.
 */
export async function openEmbedLink(
  db: Q,
  linkHash: string,
  session: { token_hash: string; opened_at: number; expires_at: number },
): Promise<boolean> {
  return changed(
    await db
      .updateTable('embed_sessions')
      .set(session)
      .where('link_hash', '=', linkHash)
      .where('opened_at', 'is', null)
      .where('link_expires_at', '>', session.opened_at)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('api_keys as k')
            .select('k.id')
            .whereRef('k.id', '=', 'embed_sessions.key_id')
            .where('k.revoked_at', 'is', null),
        ),
      )
      .executeTakeFirst(),
  )
}

function embedSessionQuery(db: Q) {
  return db
    .selectFrom('embed_sessions as e')
    .innerJoin('api_keys as k', 'k.id', 'e.key_id')
    .innerJoin('companies as c', 'c.id', 'e.company_id')
    .innerJoin('accounts as o', (join) => join.onRef('o.company_id', '=', 'c.id').on('o.is_owner', '=', 1))
    .select([
      'e.key_id',
      'e.company_id',
      'e.vin',
      'e.model_ids',
      'e.expires_at',
      'e.link_expires_at',
      'k.revoked_at as key_revoked_at',
      'k.embed_origins',
      'c.name as company_name',
      'c.type4s',
      'o.id as owner_id',
      'o.state as owner_state',
    ])
}

/** An opened session by its bearer token's hash, with its key and company (call/auth.ts decides). */
export async function embedSessionByToken(db: Q, tokenHash: string) {
  const row = await embedSessionQuery(db).where('e.token_hash', '=', tokenHash).executeTakeFirst()
  return row && { ...row, token_hash: tokenHash }
}

/** A link's session, opened or not, by the link's hash. */
export function embedSessionByLink(db: Q, linkHash: string) {
  return embedSessionQuery(db).where('e.link_hash', '=', linkHash).executeTakeFirst()
}

// Jobs

export async function insertJob(
  db: Q,
  row: { id: string; key_id: number; company_id: number; request: string; pairs: number; created_at: number },
) {
  await db
    .insertInto('api_jobs')
    .values({ ...row, state: 'queued' })
    .execute()
}

/** A job of the company; another company's is not found. */
export function companyJob(db: Q, companyId: number, jobId: string) {
  return db
    .selectFrom('api_jobs')
    .select([
      'id',
      'key_id',
      'state',
      'request',
      'pairs',
      'done_items',
      'items_charged',
      'error',
      'created_at',
      'finished_at',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', jobId)
    .executeTakeFirst()
}

/**
 * Takes the oldest job waiting, or one whose worker stopped beating before `staleBefore`, for `worker`; a
 * conditional update, so of two processes reaching for the same job one gets it.
 */
export async function claimJob(db: Q, worker: string, now: number, staleBefore: number) {
  const waiting = (eb: ExpressionBuilder<Database, 'api_jobs'>) =>
    eb.or([
      eb('state', '=', 'queued'),
      eb.and([eb('state', '=', 'running'), eb('beat_at', '<', staleBefore)]),
    ])
  const candidate = await db
    .selectFrom('api_jobs')
    .select('id')
    .where(waiting)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst()
  if (!candidate) return undefined
  const claimed = await db
    .updateTable('api_jobs')
    .set({ state: 'running', worker, beat_at: now })
    .where('id', '=', candidate.id)
    .where(waiting)
    .executeTakeFirst()
  if (!changed(claimed)) return undefined
  return db
    .selectFrom('api_jobs as j')
    .innerJoin('api_keys as k', 'k.id', 'j.key_id')
    .innerJoin('companies as c', 'c.id', 'j.company_id')
    .select([
      'j.id',
      'j.request',
      'j.done_items',
      'k.id as key_id',
      'k.company_id',
      'k.app_key',
      'k.is_test',
      'c.type4s',
    ])
    .where('j.id', '=', candidate.id)
    .executeTakeFirstOrThrow()
}

/**
 * Why a job's key may no longer be used, as a call with it would answer (keyForCall): revoked (or gone), or its
 * company's owner disabled, banned or cancelled; null while it may.
 */
export async function jobKeyStopped(
  db: Q,
  keyId: number,
): Promise<'APP_KEY_REVOKED' | 'SERVICE_DISABLED' | null> {
  const row = await db
    .selectFrom('api_keys as k')
    .select('k.revoked_at')
    .select((eb) => ownerBlocked(eb).as('blocked'))
    .where('k.id', '=', keyId)
    .executeTakeFirst()
  if (!row || row.revoked_at !== null) return 'APP_KEY_REVOKED'
  return row.blocked ? 'SERVICE_DISABLED' : null
}

/**
 * Keeps a run of answered items and moves the job on past them, if `worker` still holds the job where it
 * left it; false otherwise (the caller's transaction then rolls the charge back).
 */
export async function recordJobChunk(
  db: Q,
  job: {
    id: string
    worker: string
    firstItem: number
    items: number
    charged: number
    results: string
    now: number
  },
): Promise<boolean> {
  const moved = await db
    .updateTable('api_jobs')
    .set((eb) => ({
      done_items: job.firstItem + job.items,
      items_charged: eb('items_charged', '+', job.charged),
      beat_at: job.now,
    }))
    .where('id', '=', job.id)
    .where('worker', '=', job.worker)
    .where('state', '=', 'running')
    .where('done_items', '=', job.firstItem)
    .executeTakeFirst()
  if (!changed(moved)) return false
  await db
    .insertInto('api_job_chunks')
    .values({ job_id: job.id, first_item: job.firstItem, results: job.results })
    .execute()
  return true
}

export async function finishJob(
  db: Q,
  job: { id: string; worker: string; state: 'done' | 'failed'; error: string | null; now: number },
) {
  await db
    .updateTable('api_jobs')
    .set({ state: job.state, error: job.error, finished_at: job.now, beat_at: job.now })
    .where('id', '=', job.id)
    .where('worker', '=', job.worker)
    .where('state', '=', 'running')
    .execute()
}

/** A job's results in item order, each run a JSON array. */
export function jobChunks(db: Q, jobId: string) {
  return db
    .selectFrom('api_job_chunks')
    .select('results')
    .where('job_id', '=', jobId)
    .orderBy('first_item')
    .execute()
}

/** Forgets jobs finished before `before`, with their results. */
export async function deleteJobsFinishedBefore(db: Q, before: number) {
  const old = db.selectFrom('api_jobs').select('id').where('finished_at', '<', before)
  await db.deleteFrom('api_job_chunks').where('job_id', 'in', old).execute()
  await db.deleteFrom('api_jobs').where('finished_at', '<', before).execute()
}

/** Forgets the embedded catalogues opened, or offered, before `before` and over by then; answers how many. */
export async function forgetEmbedSessionsBefore(db: Q, before: number): Promise<number> {
  const result = await db
    .deleteFrom('embed_sessions')
    .where('created_at', '<', before)
    .where('link_expires_at', '<', before)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '<', before)]))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
