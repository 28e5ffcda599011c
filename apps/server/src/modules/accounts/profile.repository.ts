// SQL for /user/admin: the profile's rows, password and mobile changes, and the login history.
import type { Insertable, Kysely } from 'kysely'
import type { Database, LoginHistoryTable } from '../../db/schema'
import { callersChanged } from './accounts.repository'

type Q = Kysely<Database>

export function findProfile(db: Q, accountId: number) {
  return db
    .selectFrom('accounts')
    .innerJoin('companies', 'companies.id', 'accounts.company_id')
    .select([
      'accounts.id',
      'accounts.company_id',
      'accounts.user_name',
      'accounts.mobile',
      'accounts.is_owner',
      'accounts.password_hash',
      'accounts.created_at',
      'companies.name as company_name',
      'companies.mobile as company_phone',
    ])
    .where('accounts.id', '=', accountId)
    .executeTakeFirst()
}

export async function updateUserName(db: Q, accountId: number, userName: string, now: number) {
  await db
    .updateTable('accounts')
    .set({ user_name: userName, updated_at: now })
    .where('id', '=', accountId)
    .execute()
  // A caller carries its names.
  callersChanged()
}

export async function updateCompany(db: Q, companyId: number, change: { name?: string; mobile?: string }) {
  if (change.name === undefined && change.mobile === undefined) return
  await db.updateTable('companies').set(change).where('id', '=', companyId).execute()
  callersChanged()
}

/** The new password, and the account no longer has to change it. */
export async function setPassword(db: Q, accountId: number, passwordHash: string, now: number) {
  await db
    .updateTable('accounts')
    .set({ password_hash: passwordHash, must_change_password: 0, updated_at: now })
    .where('id', '=', accountId)
    .execute()
}

export async function setMobile(db: Q, accountId: number, mobile: string, now: number) {
  await db.updateTable('accounts').set({ mobile, updated_at: now }).where('id', '=', accountId).execute()
  callersChanged()
}

export async function insertLogin(db: Q, row: Insertable<LoginHistoryTable>): Promise<number> {
  const { id } = await db.insertInto('login_history').values(row).returning('id').executeTakeFirstOrThrow()
  return id
}

/** Whether the account signed in before at all, and before with this User-Agent. */
export async function loginsSeen(db: Q, accountId: number, userAgent: string) {
  const any = await db
    .selectFrom('login_history')
    .select('user_agent')
    .where('account_id', '=', accountId)
    .limit(1)
    .executeTakeFirst()
  const same = await db
    .selectFrom('login_history')
    .select('id')
    .where('account_id', '=', accountId)
    .where('user_agent', '=', userAgent)
    .limit(1)
    .executeTakeFirst()
  return { before: any !== undefined, sameDevice: same !== undefined }
}

export function latestLogins(db: Q, accountId: number, limit: number) {
  return db
    .selectFrom('login_history')
    .select(['created_at', 'ip', 'device'])
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/**
 * Forgets the sign-ins before `before` but each account's latest, so that an account back after a long time
 * is still told of a new device (loginsSeen). Answers how many.
 */
export async function forgetLoginsBefore(db: Q, before: number): Promise<number> {
  const result = await db
    .deleteFrom('login_history')
    .where('created_at', '<', before)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('login_history as l')
        .select((e) => e.fn.max('l.id').as('id'))
        .groupBy('l.account_id'),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
