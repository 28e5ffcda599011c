// The message centre, the login history behind /user/admin and account cancellation requests (issue 17).
// Independent of 0010_staff (built beside it): it adds tables only.
import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../database'
import { withId } from './helpers'

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // One row per recipient; an event makes one message (the unique subject), however often it is reported.
  await withId(db.schema.createTable('messages'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addUniqueConstraint('messages_once', ['account_id', 'kind', 'subject'])
    .execute()
  await db.schema.createIndex('messages_account_idx').on('messages').columns(['account_id', 'id']).execute()

  await withId(db.schema.createTable('login_history'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('login_history_account_idx')
    .on('login_history')
    .columns(['account_id', 'id'])
    .execute()

  await withId(db.schema.createTable('cancellations'), dialect)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('withdrawn_at', 'bigint')
    .addColumn('resolved_at', 'bigint')
    .execute()
  // At most one pending request per company, also when two arrive at once.
  await db.schema
    .createIndex('cancellations_one_pending')
    .on('cancellations')
    .column('company_id')
    .unique()
    .where(sql.ref('state'), '=', 'pending')
    .execute()
}
