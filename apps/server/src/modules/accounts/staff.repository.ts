// SQL of a company's members (the owner and staff accounts, issue 17). Each function takes the database or
// an open transaction. Removed members keep their row (state 'removed') and are left out everywhere here.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

type Q = Kysely<Database>

const MEMBER_COLUMNS = [
  'id',
  'user_name',
  'mobile',
  'is_owner',
  'state',
  'see_purchase_price',
  'must_change_password',
  'last_login_at',
] as const

/** The company's members, owner first, then in the order they were added. */
export function membersOf(db: Q, companyId: number) {
  return db
    .selectFrom('accounts')
    .select(MEMBER_COLUMNS)
    .where('company_id', '=', companyId)
    .where('state', '!=', 'removed')
    .orderBy('is_owner', 'desc')
    .orderBy('id')
    .execute()
}

export type MemberRow = Awaited<ReturnType<typeof membersOf>>[number]

export function memberOf(db: Q, companyId: number, accountId: number) {
  return db
    .selectFrom('accounts')
    .select(MEMBER_COLUMNS)
    .where('company_id', '=', companyId)
    .where('id', '=', accountId)
    .where('state', '!=', 'removed')
    .executeTakeFirst()
}

/** Seats held: the owner and every member not removed (a disabled one keeps the seat). */
export async function seatsUsed(db: Q, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('state', '!=', 'removed')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function insertMember(
  db: Q,
  row: { company_id: number; mobile: string; user_name: string; password_hash: string; created_at: number },
): Promise<number> {
  const { id } = await db
    .insertInto('accounts')
    .values({
      ...row,
      state: 'active',
      state_reason: null,
      is_owner: 0,
      see_purchase_price: 0,
      must_change_password: 1,
      updated_at: row.created_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** Enables or disables a staff member (never the owner, never a banned or removed one); true when it changed. */
export async function setMemberState(
  db: Q,
  accountId: number,
  state: 'active' | 'disabled',
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({ state, state_reason: state === 'disabled' ? 'owner' : null, updated_at: now })
    .where('id', '=', accountId)
    .where('is_owner', '=', 0)
    .where('state', '=', state === 'disabled' ? 'active' : 'disabled')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function setMemberPermission(db: Q, accountId: number, seePurchasePrice: boolean, now: number) {
  await db
    .updateTable('accounts')
    .set({ see_purchase_price: seePurchasePrice ? 1 : 0, updated_at: now })
    .where('id', '=', accountId)
    .execute()
}

/** A password set by the owner (or none: the member signs in by SMS code), to be changed by the member. */
export async function setMemberPassword(db: Q, accountId: number, passwordHash: string, now: number) {
  await db
    .updateTable('accounts')
    .set({ password_hash: passwordHash, must_change_password: 1, updated_at: now })
    .where('id', '=', accountId)
    .execute()
}

/** Removes a staff member: the row stays for the records it wrote, its mobile is freed. */
export async function removeMember(db: Q, accountId: number, mobile: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({
      state: 'removed',
      state_reason: 'owner',
      mobile: `removed:${accountId}:${mobile}`,
      updated_at: now,
    })
    .where('id', '=', accountId)
    .where('is_owner', '=', 0)
    .where('state', '!=', 'removed')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function mustChangePassword(db: Q, accountId: number): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select('must_change_password')
    .where('id', '=', accountId)
    .executeTakeFirst()
  return Number(row?.must_change_password ?? 0) === 1
}
