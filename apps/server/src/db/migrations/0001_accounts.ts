// Companies, their staff accounts, login sessions, SMS codes and purchased or trial services.
import type { Kysely } from 'kysely'
import type { DialectName } from '../database'
import { withId } from './helpers'

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('companies'), dialect)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('open_id', 'text', (c) => c.notNull().unique())
    .addColumn('type4s', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()

  await withId(db.schema.createTable('accounts'), dialect)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('mobile', 'text', (c) => c.notNull().unique())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('state_reason', 'text')
    .addColumn('is_owner', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('accounts_company_idx').on('accounts').column('company_id').execute()

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_reason', 'text')
    .execute()
  await db.schema.createIndex('sessions_account_idx').on('sessions').column('account_id').execute()

  await withId(db.schema.createTable('sms_codes'), dialect)
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'bigint')
    .execute()
  await db.schema.createIndex('sms_codes_mobile_idx').on('sms_codes').columns(['mobile', 'scene']).execute()

  await withId(db.schema.createTable('services'), dialect)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('services_company_idx').on('services').column('company_id').execute()
}
