// Rows the tests need, written straight to the database (registration through the API is tested on its own).
import { sql } from 'kysely'
import { expect } from 'vitest'
import type { AccountStateName } from '../src/db/schema'
import type { TestApp } from './helper'

/** scrypt of FACTORY_PASSWORD at the tests' cost (TEST_PASSWORD_HASH_COST), computed once. */
export const FACTORY_PASSWORD = 'pass1234'
const FACTORY_PASSWORD_HASH =
  'scrypt$10$8$1$aIFLltm9twnwjzFKU+P9iA==$UeTFGjFwKMKflJVBx0zNEALBm8LifbhZqGFLZTZ9FjE='

let serial = 0

export async function createCompanyAccount(
  t: TestApp,
  opts: { mobile?: string; state?: AccountStateName; serviceDays?: number; companyName?: string } = {},
) {
  serial += 1
  const db = t.ctx.db.kysely
  const now = t.clock.now()
  const mobile =
    opts.mobile ?? `139${String(Date.now() % 100000).padStart(5, '0')}${String(serial).padStart(3, '0')}`
  const company = await db
    .insertInto('companies')
    .values({
      name: opts.companyName ?? `测试汽配${serial}`,
      mobile,
      open_id: `test-${mobile}-${serial}`,
      type4s: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const account = await db
    .insertInto('accounts')
    .values({
      company_id: company.id,
      mobile,
      user_name: `员工${serial}`,
      password_hash: FACTORY_PASSWORD_HASH,
      state: opts.state ?? 'active',
      state_reason: null,
      is_owner: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('services')
    .values({
      company_id: company.id,
      kind: 'trial',
      starts_at: now,
      ends_at: now + (opts.serviceDays ?? 7) * 86_400_000,
      created_at: now,
    })
    .execute()
  return { mobile, accountId: account.id, companyId: company.id, password: FACTORY_PASSWORD }
}

/** A company's owner account, signed in: the account's fields and its token. */
export async function signedInCompany(t: TestApp, opts: { serviceDays?: number } = {}) {
  const account = await createCompanyAccount(t, opts)
  return { ...account, token: await t.login(account.mobile, account.password) }
}

export async function addStaff(
  t: TestApp,
  companyId: number,
  mobile: string,
  state: AccountStateName = 'active',
) {
  const now = t.clock.now()
  await t.ctx.db.kysely
    .insertInto('accounts')
    .values({
      company_id: companyId,
      mobile,
      user_name: '店员',
      password_hash: FACTORY_PASSWORD_HASH,
      state,
      state_reason: null,
      is_owner: 0,
      created_at: now,
      updated_at: now,
    })
    .execute()
}

/** The company's data-service trial (100 items), claimed by its owner as the buy page does. */
export async function claimDataTrial(t: TestApp, ownerToken: string) {
  const answer = await t.call(
    '/api/billing/createorder',
    { PlanCode: 'data_items_trial' },
    { token: ownerToken },
  )
  if (answer.ResultCode !== '10000') throw new Error(`data_items_trial: ${answer.ResultMsg}`)
}

/** The items left in the company's data-items packs, read from the database. */
export async function dataItemsLeft(t: TestApp, companyId: number): Promise<number> {
  const { rows } = await sql<{ n: number | null }>`select sum(items_left) as n from orders
    where company_id = ${companyId} and plan_kind = 'data_items'`.execute(t.ctx.db.kysely)
  return Number(rows[0]?.n ?? 0)
}

/** Browsers' User-Agent strings, for sign-ins from a known or a new device. */
export const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'

/** Signs in from a browser of this User-Agent (the login history and the new-device message read it). */
export async function loginFrom(t: TestApp, mobile: string, userAgent: string, password = FACTORY_PASSWORD) {
  const answer = await t.post('/api/author/login', t.seal({ Mobile: mobile, Password: password }), {
    headers: { 'user-agent': userAgent },
  })
  expect(answer.ResultMsg).toBe('成功')
  return (answer.data as { Token: string }).Token
}
