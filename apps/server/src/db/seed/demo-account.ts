// The demo installation's account (protocol.md section 6). Idempotent: a second start, or two processes
// starting together, leave exactly one.
import type { Kysely } from 'kysely'
import { hashPassword } from '../../lib/secrets'
import { isUniqueViolation } from '../errors'
import type { Database } from '../schema'

export const DEMO_ACCOUNT = {
  mobile: '13800138000',
  password: 'demo1234',
  userName: '演示用户',
  companyName: '演示汽配有限公司',
  // Priced on the 4S建议零售价 list (PRICE_LISTS).
  type4s: 1,
} as const

// scrypt (N=2^17, r=8, p=1) of the demo password, computed once so a fresh start at the production cost does not
// pay for it.
const DEMO_PASSWORD_HASH_17 =
  'scrypt$17$8$1$dPeCewh/xQGLv+/416lCFA==$2LHl25EDgoRgZ6edSTMkk0IylGmRjMb1C6BAttOyOEQ='
const DEMO_SERVICE_YEARS = 10

export interface NewDemoAccount {
  accountId: number
  companyId: number
}

/**
 * Answers the account it made, or null when the account was there already (made by an earlier start). Its
 * password is hashed at the server's cost (PASSWORD_HASH_COST), as a new account's would be.
 */
export async function seedDemoAccount(
  db: Kysely<Database>,
  now: number,
  passwordHashCost: number,
): Promise<NewDemoAccount | null> {
  const existing = await db
    .selectFrom('accounts')
    .select('id')
    .where('mobile', '=', DEMO_ACCOUNT.mobile)
    .executeTakeFirst()
  if (existing) return null
  const passwordHash =
    passwordHashCost === 17
      ? DEMO_PASSWORD_HASH_17
      : await hashPassword(DEMO_ACCOUNT.password, passwordHashCost)
  try {
    return await db.transaction().execute(async (trx) => {
      const company = await trx
        .insertInto('companies')
        .values({
          name: DEMO_ACCOUNT.companyName,
          mobile: DEMO_ACCOUNT.mobile,
          open_id: 'demo-company',
          type4s: DEMO_ACCOUNT.type4s,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const account = await trx
        .insertInto('accounts')
        .values({
          company_id: company.id,
          mobile: DEMO_ACCOUNT.mobile,
          user_name: DEMO_ACCOUNT.userName,
          password_hash: passwordHash,
          state: 'active',
          state_reason: null,
          is_owner: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('services')
        .values({
          company_id: company.id,
          kind: 'paid',
          starts_at: now,
          ends_at: now + DEMO_SERVICE_YEARS * 365 * 86_400_000,
          created_at: now,
        })
        .execute()
      return { accountId: Number(account.id), companyId: Number(company.id) }
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    return null
  }
}
