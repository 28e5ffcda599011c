// SQL for the message centre. Each function takes the database or an open transaction.
import type { MessageKindCode } from '@epc/shared'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'

type Q = Kysely<Database>

/** One message to each account, its company taken from the account; a repeated (kind, subject) is ignored. */
export async function insertMessages(
  db: Q,
  m: {
    accountIds: number[]
    kind: MessageKindCode
    subject: string
    title: string
    body: string
    now: number
  },
) {
  if (m.accountIds.length === 0) return
  await db
    .insertInto('messages')
    .columns(['account_id', 'company_id', 'kind', 'subject', 'title', 'body', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('accounts')
        .select((s) => [
          'accounts.id',
          'accounts.company_id',
          s.val(m.kind).as('kind'),
          s.val(m.subject).as('subject'),
          s.val(m.title).as('title'),
          s.val(m.body).as('body'),
          s.cast(s.val(m.now), 'bigint').as('created_at'),
        ])
        .where('accounts.id', 'in', m.accountIds),
    )
    .onConflict((oc) => oc.columns(['account_id', 'kind', 'subject']).doNothing())
    .execute()
}

/** A system announcement to every active account; answers how many got it. */
export async function insertForEveryActive(
  db: Q,
  m: { subject: string; title: string; body: string; now: number },
): Promise<number> {
  const result = await db
    .insertInto('messages')
    .columns(['account_id', 'company_id', 'kind', 'subject', 'title', 'body', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('accounts')
        .select((s) => [
          'accounts.id',
          'accounts.company_id',
          s.val('announcement').as('kind'),
          s.val(m.subject).as('subject'),
          s.val(m.title).as('title'),
          s.val(m.body).as('body'),
          s.cast(s.val(m.now), 'bigint').as('created_at'),
        ])
        .where('accounts.state', '=', 'active'),
    )
    .onConflict((oc) => oc.columns(['account_id', 'kind', 'subject']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0)
}

export async function ownerOf(db: Q, companyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('accounts')
    .select('id')
    .where('company_id', '=', companyId)
    .where('is_owner', '=', 1)
    .execute()
  return rows.map((r) => r.id)
}

export async function countMessages(db: Q, accountId: number) {
  const row = await db
    .selectFrom('messages')
    .select((eb) => [
      eb.fn.countAll().as('total'),
      eb.fn.count(sql`case when read_at is null then 1 end`).as('unread'),
    ])
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow()
  return { total: Number(row.total), unread: Number(row.unread) }
}

export async function countUnread(db: Q, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account_id', '=', accountId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Unread first, then newest. */
export function pageOfMessages(db: Q, accountId: number, offset: number, limit: number) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy(sql`case when read_at is null then 0 else 1 end`)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute()
}

/** Marks one message read; answers false when it is not this account's. */
export async function readMessage(db: Q, accountId: number, id: number, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (!row) return false
  await db
    .updateTable('messages')
    .set({ read_at: now })
    .where('id', '=', id)
    .where('read_at', 'is', null)
    .execute()
  return true
}

export async function readAll(db: Q, accountId: number, now: number) {
  await db
    .updateTable('messages')
    .set({ read_at: now })
    .where('account_id', '=', accountId)
    .where('read_at', 'is', null)
    .execute()
}
