// A start seeds the demo (account, catalogue, sheets) in development and nothing in production mode.
import { afterEach, describe, expect, it } from 'vitest'
import { dbKinds, startTestApp, type TestApp } from '../../../test/helper'
import { seedForStart } from './demo'

describe.each(dbKinds)('seeding at start on %s', (kind) => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  async function start(production: boolean) {
    let seeded: boolean | undefined
    t = await startTestApp(kind, {
      config: { production },
      seed: async (ctx) => {
        seeded = await seedForStart(ctx, () => {}, 'tiny')
      },
    })
    const count = async (table: 'accounts' | 'cat_parts' | 'sheets') =>
      Number(
        (
          await t?.ctx.db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        )?.n,
      )
    return {
      seeded,
      accounts: await count('accounts'),
      parts: await count('cat_parts'),
      sheets: await count('sheets'),
    }
  }

  it('seeds nothing in production mode: no demo account, catalogue or sheets', async () => {
    expect(await start(true)).toEqual({ seeded: false, accounts: 0, parts: 0, sheets: 0 })
    const login = await t?.call('/api/author/login', { Mobile: '13800138000', Password: 'demo1234' })
    expect(login?.ResultCode).not.toBe('10000')
  })

  it('seeds the demo in development', async () => {
    const seeded = await start(false)
    expect(seeded).toMatchObject({ seeded: true, accounts: 1 })
    expect(seeded.parts).toBeGreaterThan(0)
    expect(seeded.sheets).toBeGreaterThan(0)
  })
})

describe('the demo password', () => {
  it.each([17, 12])(
    'signs in with demo1234 when the server hashes at cost %i, and is hashed at that cost',
    async (cost) => {
      const t = await startTestApp('sqlite', { config: { passwordHashCost: cost } })
      try {
        const account = await t.ctx.db.kysely
          .selectFrom('accounts')
          .select('password_hash')
          .where('mobile', '=', '13800138000')
          .executeTakeFirstOrThrow()
        expect(account.password_hash.startsWith(`scrypt$${cost}$8$1$`)).toBe(true)
        expect(await t.login('13800138000', 'demo1234')).toBeTruthy()
      } finally {
        await t.close()
      }
    },
  )
})
