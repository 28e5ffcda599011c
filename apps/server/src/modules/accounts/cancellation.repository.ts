// SQL for account cancellation: the requests, and what resolving one does to the company's rows.
import { CancelledNames } from '@epc/shared'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'
import { UNUSABLE_PASSWORD_HASH } from '../../lib/secrets'
import { callersChanged, revokeSessions } from './accounts.repository'

type Q = Kysely<Database>

export function pendingOf(db: Q, companyId: number) {
  return db
    .selectFrom('cancellations')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('state', '=', 'pending')
    .executeTakeFirst()
}

export function latestOf(db: Q, companyId: number) {
  return db
    .selectFrom('cancellations')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** A new pending request; the unique partial index refuses a second one for the company. */
export async function insertPending(
  db: Q,
  row: { company_id: number; account_id: number; created_at: number; due_at: number },
) {
  await db
    .insertInto('cancellations')
    .values({ ...row, state: 'pending', withdrawn_at: null, resolved_at: null })
    .execute()
}

export async function withdraw(db: Q, companyId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('cancellations')
    .set({ state: 'withdrawn', withdrawn_at: now })
    .where('company_id', '=', companyId)
    .where('state', '=', 'pending')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export function listPending(db: Q) {
  return db
    .selectFrom('cancellations')
    .innerJoin('companies', 'companies.id', 'cancellations.company_id')
    .innerJoin('accounts', 'accounts.id', 'cancellations.account_id')
    .select([
      'cancellations.company_id',
      'cancellations.created_at',
      'cancellations.due_at',
      'companies.name as company_name',
      'accounts.mobile',
      'accounts.user_name',
    ])
    .where('cancellations.state', '=', 'pending')
    .orderBy('cancellations.due_at')
    .execute()
}

export async function markResolved(db: Q, companyId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('cancellations')
    .set({ state: 'resolved', resolved_at: now })
    .where('company_id', '=', companyId)
    .where('state', '=', 'pending')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Ends the company's accounts and removes its personal data: each account cancelled with its sessions
 * revoked, its mobile replaced (the number may register again) and its name, password, login history,
 * messages and VIN queries gone; the company's embedded catalogues (their VINs) gone, its name and phone
 * anonymised; any running service or pack lapses now; sheets keep their numbers and money but lose names,
 * plates and the people who wrote them. Answers the counts.
 */
export async function eraseCompany(db: Q, companyId: number, now: number) {
  const accounts = await db.selectFrom('accounts').select('id').where('company_id', '=', companyId).execute()
  const ids = accounts.map((a) => a.id)
  for (const id of ids) await revokeSessions(db, id, 'cancelled', now)
  if (ids.length) {
    await db
      .updateTable('accounts')
      .set({
        state: 'cancelled',
        state_reason: 'cancelled',
        mobile: sql<string>`${'cancelled:'} || cast(id as text)`,
        user_name: CancelledNames.user,
        password_hash: UNUSABLE_PASSWORD_HASH,
        updated_at: now,
      })
      .where('company_id', '=', companyId)
      .execute()
    await db.deleteFrom('login_history').where('account_id', 'in', ids).execute()
    await db.deleteFrom('messages').where('account_id', 'in', ids).execute()
    await db.deleteFrom('vin_queries').where('account_id', 'in', ids).execute()
  }
  await db.deleteFrom('embed_sessions').where('company_id', '=', companyId).execute()
  await db
    .updateTable('companies')
    .set({ name: CancelledNames.company, mobile: '' })
    .where('id', '=', companyId)
    .execute()
  await db
    .updateTable('services')
    .set({ ends_at: now })
    .where('company_id', '=', companyId)
    .where('ends_at', '>', now)
    .execute()
  // A period bought to start later lapses too: it is left empty, starting and ending now.
  await db
    .updateTable('services')
    .set({ starts_at: now })
    .where('company_id', '=', companyId)
    .where('starts_at', '>', now)
    .execute()
  await db
    .updateTable('orders')
    .set({ queries_left: 0, items_left: 0, updated_at: now })
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('queries_left', '>', 0), eb('items_left', '>', 0)]))
    .execute()
  const sheets = await db
    .updateTable('sheets')
    .set({ client_name: '', car_no: '', makeorder_user: '', updated_at: now })
    .where('company_id', '=', companyId)
    .executeTakeFirst()
  await db
    .updateTable('sheet_lines')
    .set({ user_name: '' })
    .where('sheet_id', 'in', (eb) => eb.selectFrom('sheets').select('id').where('company_id', '=', companyId))
    .execute()
  callersChanged()
  return { accounts: ids.length, sheets: Number(sheets.numUpdatedRows) }
}
