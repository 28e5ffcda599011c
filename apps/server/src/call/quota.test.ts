// The daily look-up quota and the burst detector, on a call that opts in the way catalogue calls will.
import { Messages } from '@epc/shared'
import { afterEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { createCompanyAccount } from '../../test/factories'
import { dbKinds, startTestApp, type TestApp } from '../../test/helper'
import { registerCall } from './serve'

const MINUTE = 60_000

async function appWithLookup(
  kind: (typeof dbKinds)[number],
  quota: { dailyLimit: number; burstPerMinute: number; burstMinutes: number },
) {
  return startTestApp(kind, {
    config: { quota },
    prepare: (app) =>
      registerCall(app, {
        path: '/api/test/lookup',
        access: 'login',
        mutates: false,
        metered: true,
        schema: z.object({}),
        handle: async () => ({ found: true }),
      }),
  })
}

describe.each(dbKinds)('look-up quota and burst detector on %s', (kind) => {
  let t: TestApp
  afterEach(async () => {
    await t.close()
  })

  it('answers 10005 past the daily limit, per account, until the next day in Beijing', async () => {
    t = await appWithLookup(kind, { dailyLimit: 5, burstPerMinute: 0, burstMinutes: 0 })
    // 15:00 UTC is 23:00 in Beijing: two hours later is a new day there.
    t.clock.ms = Date.UTC(2026, 10, 21, 15, 0, 0)
    const token = await t.login()
    const other = await createCompanyAccount(t)
    const otherToken = await t.login(other.mobile, other.password)
    for (let i = 0; i < 5; i++)
      expect((await t.call('/api/test/lookup', {}, { token })).ResultCode).toBe('10000')
    const sixth = await t.call('/api/test/lookup', {}, { token })
    expect([sixth.status, sixth.ResultCode, sixth.ResultMsg]).toEqual([200, '10005', '今日查询次数已用完'])
    expect((await t.call('/api/test/lookup', {}, { token: otherToken })).ResultCode).toBe('10000')
    // Other calls are not counted and still work.
    expect((await t.call('/api/usercenter/getclientcompanyinfo', {}, { token })).ResultCode).toBe('10000')
    t.clock.advance(2 * 3600_000)
    expect((await t.call('/api/test/lookup', {}, { token })).ResultCode).toBe('10000')
  })

  it('counts the whole Beijing day: look-ups hours apart add up to the daily limit', async () => {
    t = await appWithLookup(kind, { dailyLimit: 5, burstPerMinute: 0, burstMinutes: 0 })
    // 16:30 UTC is 00:30 in Beijing: the day has 23.5 hours to go.
    t.clock.ms = Date.UTC(2026, 10, 21, 16, 30, 0)
    const token = await t.login()
    for (const hoursLater of [0, 0, 0, 2, 0]) {
      t.clock.advance(hoursLater * 3600_000)
      expect((await t.call('/api/test/lookup', {}, { token })).ResultCode).toBe('10000')
    }
    // 22:30 in Beijing, still the same day.
    t.clock.advance(20 * 3600_000)
    const sixth = await t.call('/api/test/lookup', {}, { token })
    expect([sixth.ResultCode, sixth.ResultMsg]).toEqual(['10005', '今日查询次数已用完'])
  })

  it('bans an account that stays above the minute rate for the sustained minutes, answering 99999', async () => {
    t = await appWithLookup(kind, { dailyLimit: 1000, burstPerMinute: 3, burstMinutes: 2 })
    t.clock.ms = Math.floor(t.clock.ms / MINUTE) * MINUTE
    const token = await t.login()
    for (let i = 0; i < 4; i++)
      expect((await t.call('/api/test/lookup', {}, { token })).ResultCode).toBe('10000')
    t.clock.advance(MINUTE)
    for (let i = 0; i < 3; i++)
      expect((await t.call('/api/test/lookup', {}, { token })).ResultCode).toBe('10000')
    const fourth = await t.call('/api/test/lookup', {}, { token })
    expect([fourth.ResultCode, fourth.ResultMsg]).toEqual(['99999', Messages.accountBanned])
    const after = await t.call('/api/usercenter/getclientcompanyinfo', {}, { token })
    expect(after.ResultCode).toBe('99999')
    const account = await t.ctx.db.kysely
      .selectFrom('accounts')
      .select(['state', 'state_reason'])
      .where('mobile', '=', '13800138000')
      .executeTakeFirstOrThrow()
    expect(account).toEqual({ state: 'banned', state_reason: 'burst' })
  })

  it('does not count a minute at the rate, not above it, toward a ban', async () => {
    t = await appWithLookup(kind, { dailyLimit: 1000, burstPerMinute: 3, burstMinutes: 2 })
    t.clock.ms = Math.floor(t.clock.ms / MINUTE) * MINUTE
    const token = await t.login()
    for (const calls of [3, 4]) {
      for (let i = 0; i < calls; i++)
        expect((await t.call('/api/test/lookup', {}, { token })).ResultCode).toBe('10000')
      t.clock.advance(MINUTE)
    }
  })

  it('does not ban a burst that is not sustained', async () => {
    t = await appWithLookup(kind, { dailyLimit: 1000, burstPerMinute: 3, burstMinutes: 2 })
    t.clock.ms = Math.floor(t.clock.ms / MINUTE) * MINUTE
    const token = await t.login()
    for (const minute of [0, 1, 2]) {
      const calls = minute === 1 ? 2 : 5
      for (let i = 0; i < calls; i++)
        expect((await t.call('/api/test/lookup', {}, { token })).ResultCode).toBe('10000')
      t.clock.advance(MINUTE)
    }
  })
})
