// The data service (issue 21): companies' API keys (the AppSecret sealed under the master key, never in
// clear) and their use per Beijing day, counted as requests, items charged and items answered free.
import type { Kysely } from 'kysely'
import type { DialectName } from '../database'
import { withId } from './helpers'

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('api_keys'), dialect)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('app_key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('is_test', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON array of addresses and CIDR ranges; '[]' lets every address in.
    .addColumn('ip_ranges', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('rotated_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute()
  await db.schema.createIndex('api_keys_company_idx').on('api_keys').columns(['company_id', 'id']).execute()

  await db.schema
    .createTable('api_usage')
    .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('items_charged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('items_free', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('api_usage_pk', ['key_id', 'day'])
    .execute()
  await db.schema
    .createIndex('api_usage_company_idx')
    .on('api_usage')
    .columns(['company_id', 'day'])
    .execute()
}
