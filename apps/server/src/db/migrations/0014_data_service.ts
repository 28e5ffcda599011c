// The data service (issue 21): companies' API keys (the AppSecret sealed under the master key, never in
// clear), their use per Beijing day (requests, items charged, items answered free), and the asynchronous
// batch jobs with their results.
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
    // Raised by the operator for a customer who needs more (docs/open-api.md "频率").
    .addColumn('requests_per_second', 'integer', (c) => c.notNull().defaultTo(10))
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

  // A job of up to 5,000 VIN and name pairs: its request and its progress; a job whose worker stopped beating
  // is taken up again by another process, from the first item not yet answered.
  await db.schema
    .createTable('api_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('pairs', 'integer', (c) => c.notNull())
    .addColumn('done_items', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('items_charged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('worker', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('beat_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute()
  await db.schema.createIndex('api_jobs_state_idx').on('api_jobs').columns(['state', 'created_at']).execute()
  await db.schema
    .createIndex('api_jobs_company_idx')
    .on('api_jobs')
    .columns(['company_id', 'created_at'])
    .execute()
  // The answered items' results, one row per run of items answered (and charged) together.
  await db.schema
    .createTable('api_job_chunks')
    .addColumn('job_id', 'text', (c) => c.notNull().references('api_jobs.id'))
    .addColumn('first_item', 'integer', (c) => c.notNull())
    .addColumn('results', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_job_chunks_pk', ['job_id', 'first_item'])
    .execute()
}
