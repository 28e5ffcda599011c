// Every account call under hostile input: each answer is the documented code, never a 500, and no row changes.
import { DEMO_SITE_KEYS, Limits } from '@epc/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CallAnswer, dbKinds, snapshot, startTestApp, type TestApp } from '../../../test/helper'
import { statementsOf } from '../../../test/statements'
import { sealRequest, signOf } from '../../call/envelope-codec'

interface CallCase {
  path: string
  payload: Record<string, unknown>
  /** What the valid payload answers; chosen so that it changes no row either. */
  answers: string
  login?: boolean
  /** Changes data when it succeeds: a replay is answered from the replay memory, not run again (serve.ts). */
  mutates?: boolean
}

const calls: CallCase[] = [
  {
    path: '/api/author/sendsmscode',
    mutates: true,
    payload: { Mobile: '13800138000', Scene: 'register' },
    answers: '10001',
  },
  {
    path: '/api/author/register',
    mutates: true,
    payload: {
      Mobile: '13700000001',
      SmsCode: '123456',
      Password: 'abc12345',
      UserName: '张三',
      CompanyName: '测试汽配',
    },
    answers: '10001',
  },
  {
    path: '/api/author/login',
    mutates: true,
    payload: { Mobile: '13700000002', Password: 'wrong123' },
    answers: '10001',
  },
  {
    path: '/api/author/resetpassword',
    mutates: true,
    payload: { Mobile: '13800138000', SmsCode: '123456', Password: 'abc12345' },
    answers: '10001',
  },
  { path: '/api/author/loginout', payload: {}, answers: '10000', mutates: true },
  {
    path: '/api/author/getaccountstaffstate',
    payload: { Mobile: '13800138000' },
    answers: '10000',
    login: true,
  },
  {
    path: '/api/usercenter/getclientcompanyinfo',
    payload: {},
    answers: '10000',
    login: true,
  },
]

const hostile: Record<string, unknown> = {
  sql: "1' OR '1'='1",
  sqlLong: "'; DROP TABLE accounts; --",
  long: '汽'.repeat(10_000),
  emoji: '🚗😀',
  number: 12345,
  null: null,
  object: { $gt: '' },
  array: ['13800138000'],
}

/** Hostile values that are valid for a field, so the business rule (not validation) answers. */
const acceptedAsValid: Record<string, string[]> = {
  '/api/author/login Password': ['sql', 'sqlLong', 'emoji'],
  '/api/author/register UserName': ['sql'],
  '/api/author/register CompanyName': ['sql', 'sqlLong'],
}

describe.each(dbKinds)('account calls under bad input on %s', (kind) => {
  describe.each(calls)('$path', (c) => {
    let t: TestApp
    let token: string | undefined
    beforeAll(async () => {
      t = await startTestApp(kind)
      token = c.login ? await t.login() : undefined
    })
    afterAll(async () => {
      await t.close()
    })

    async function expectNoChange(send: () => Promise<CallAnswer>, code: string) {
      const before = await snapshot(t.ctx.db)
      const answer = await send()
      expect(answer.status).not.toBe(500)
      expect(answer.ResultCode).toBe(code)
      expect(await snapshot(t.ctx.db)).toBe(before)
      return answer
    }

    const envelopeCases: [string, () => unknown, number, string][] = [
      ['truncated JSON', () => JSON.stringify(t.seal(c.payload)).slice(0, -7), 400, '40001'],
      ['not an object', () => '[1,2,3]', 400, '40001'],
      ['null', () => 'null', 400, '40001'],
      [
        'timespan as a string',
        () => ({ ...t.seal(c.payload), timespan: String(t.clock.now()) }),
        400,
        '40001',
      ],
      ['transactionNo as a number', () => ({ ...t.seal(c.payload), transactionNo: 485127736 }), 400, '40001'],
      [
        'transactionNo of 9 digits',
        () => ({ ...t.seal(c.payload), transactionNo: '048512773' }),
        400,
        '40001',
      ],
      ['no sign', () => ({ ...t.seal(c.payload), sign: undefined }), 400, '40001'],
      ['content as an array', () => ({ ...t.seal(c.payload), content: [] }), 400, '40001'],
      [
        'a body over 1 MiB',
        () => ({ ...t.seal(c.payload), padding: 'x'.repeat(Limits.maxBodyBytes + 10) }),
        413,
        '40001',
      ],
      [
        'bad hex, correctly signed',
        () => {
          const b = t.seal(c.payload)
          const content = `${b.content.slice(0, -2)}zz`
          return { ...b, content, sign: signOf(DEMO_SITE_KEYS, b.timespan, b.transactionNo, content) }
        },
        400,
        '40001',
      ],
      [
        'content under a wrong key',
        () =>
          sealRequest({ contentKey: 'ab'.repeat(32), signKey: DEMO_SITE_KEYS.signKey }, c.payload, {
            timespan: t.clock.now(),
          }),
        400,
        '40001',
      ],
      [
        'a wrong sign key',
        () => sealRequest({ ...DEMO_SITE_KEYS, signKey: 'guess' }, c.payload, { timespan: t.clock.now() }),
        400,
        '40002',
      ],
      ['a tampered sign', () => ({ ...t.seal(c.payload), sign: 'f'.repeat(32) }), 400, '40002'],
      [
        'a stale timespan',
        () => t.seal(c.payload, { timespan: t.clock.now() - 5 * 60_000 - 1 }),
        400,
        '40003',
      ],
      ['content that is a JSON array', () => t.seal([]), 400, '40001'],
    ]

    it.each(envelopeCases)(
      'answers %s with the documented code and changes nothing',
      async (_n, body, status, code) => {
        const answer = await expectNoChange(() => t.post(c.path, body(), { token }), code)
        expect(answer.status).toBe(status)
      },
    )

    it('answers the valid payload as documented', async () => {
      await expectNoChange(() => t.call(c.path, c.payload, { token }), c.answers)
    })

    it('ignores unknown fields, however hostile', async () => {
      const payload = { ...c.payload, __proto__: { admin: true }, "x'; DROP TABLE sessions;--": hostile.long }
      await expectNoChange(() => t.call(c.path, payload, { token }), c.answers)
    })

    it('answers a replay with the first answer, from the replay memory when the call changes data', async () => {
      const body = t.seal(c.payload)
      const first = await t.post(c.path, body, { token })
      const before = await snapshot(t.ctx.db)
      const { texts, value: again } = await statementsOf(t.ctx.db, () => t.post(c.path, body, { token }))
      expect(again.raw).toEqual(first.raw)
      expect(await snapshot(t.ctx.db)).toBe(before)
      // Not run again: not one statement. A call that only reads is run again.
      if (c.mutates) expect(texts).toEqual([])
    })

    const fieldCases = Object.keys(c.payload).flatMap((field) =>
      Object.keys(hostile).map((value) => [field, value] as const),
    )
    if (fieldCases.length) {
      it.each(fieldCases)(
        'answers %s = %s with 10002 naming the field, or the business rule',
        async (field, value) => {
          const valid = acceptedAsValid[`${c.path} ${field}`]?.includes(value)
          const answer = await expectNoChange(
            () => t.call(c.path, { ...c.payload, [field]: hostile[value] }, { token }),
            valid ? c.answers : '10002',
          )
          if (!valid) expect(answer).toHaveProperty('ResultMsg', expect.stringMatching(/[\u4e00-\u9fa5]/))
        },
      )
    }

    const required = Object.keys(c.payload)
    if (required.length) {
      it.each(required)('answers a missing %s with 10002', async (field) => {
        const { [field]: _dropped, ...rest } = c.payload
        await expectNoChange(() => t.call(c.path, rest, { token }), '10002')
      })
    }
  })
})
