// Staff accounts (issue 17): the owner's per-member price right, a password the member must change first
// (added or reset by the owner), and the last sign-in shown on the owner's staff list. A removed member keeps
// the row (state 'removed', mobile 'removed:<id>:<mobile>') so sheets keep their author.
import type { Kysely } from 'kysely'
import type { DialectName } from '../database'

export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('see_purchase_price', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('accounts')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('accounts').addColumn('last_login_at', 'bigint').execute()
}
