// The data service's SQL: companies' API keys and their daily use.
import { type Kysely, sql } from 'kysely'
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
  'created_at',
  'rotated_at',
  'last_used_at',
  'revoked_at',
] as const

export function companyKeys(db: Q, companyId: number) {
  return db
    .selectFrom('api_keys')
    .select(keyColumns)
    .where('company_id', '=', companyId)
    .orderBy('revoked_at', (o) => o.desc())
    .orderBy('id', 'desc')
    .execute()
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

/** A key by its AppKey with its company's price list and whether the company's owner may use the service. */
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
      'k.revoked_at',
      'k.last_used_at',
      'c.type4s',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('accounts as a')
            .select('a.id')
            .whereRef('a.company_id', '=', 'k.company_id')
            .where('a.is_owner', '=', 1)
            .where('a.state', 'in', ['disabled', 'banned']),
        )
        .as('blocked'),
    )
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
