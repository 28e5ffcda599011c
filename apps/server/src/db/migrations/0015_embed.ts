// Embedded catalogues (issue 21 point 5): the origins a key's catalogues may be framed by, and the catalogues
// opened for one VIN each — a one-time link, then a read-only session of its own kind, apart from sign-ins.
import type { Kysely } from 'kysely'
import type { DialectName } from '../database'
import { withId } from './helpers'

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // JSON array of origins ('https://erp.example.com'); '[]': the key opens no embedded catalogue.
  await db.schema
    .alterTable('api_keys')
    .addColumn('embed_origins', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()

  await withId(db.schema.createTable('embed_sessions'), dialect)
    .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('vin', 'text', (c) => c.notNull())
    // JSON array of the VIN's catalogue models: the only ones the session may look at.
    .addColumn('model_ids', 'text', (c) => c.notNull())
    // SHA-256 of the link's token; the link opens once, before link_expires_at.
    .addColumn('link_hash', 'text', (c) => c.notNull().unique())
    .addColumn('link_expires_at', 'bigint', (c) => c.notNull())
    // SHA-256 of the bearer token the opening answered; null until opened.
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('opened_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('embed_sessions_company_idx')
    .on('embed_sessions')
    .columns(['company_id', 'created_at'])
    .execute()
}
