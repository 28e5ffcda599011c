// Indexes by time for the records forgotten after six months (modules/ops/retention.ts): the VIN queries,
// sign-ins, embedded catalogues and dealer price reports. Without them each sweep would read every row.
import type { Kysely } from 'kysely'
import type { DialectName } from '../database'

export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  for (const table of ['vin_queries', 'login_history', 'embed_sessions', 'host_prices']) {
    await db.schema.createIndex(`${table}_created_idx`).on(table).column('created_at').execute()
  }
}
