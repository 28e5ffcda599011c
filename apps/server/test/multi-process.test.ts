// Two server processes on one PostgreSQL and one Redis share replay memory and SMS throttles.
// Needs both services: runs when TEST_DATABASE_URL and TEST_REDIS_URL are set (npm test sets them when the
// machine's services answer, and says so when it skips them).
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { AccountMessages, DEMO_SITE_KEYS, type EnvelopeRequest, Messages } from '@epc/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeData, sealRequest } from '../src/call/envelope-codec'
import type { Db } from '../src/db/database'
import { startServers, stopServers } from './child-server'
import { freshDatabase } from './helper'

const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)

describe.runIf(enabled)('two server processes on one PostgreSQL and one Redis', () => {
  let database: { db: Db; url?: string; drop(): Promise<void> }
  const servers: ChildProcess[] = []
  const bases: string[] = []

  beforeAll(async () => {
    database = await freshDatabase('postgres')
    const env = {
      DATABASE_URL: database.url ?? '',
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      REDIS_PREFIX: `epc-test-${randomBytes(4).toString('hex')}:`,
      SMS_PROVIDER: 'console',
    }
    const started = await startServers(env)
    servers.push(...started.servers)
    bases.push(...started.bases)
  }, 90_000)

  afterAll(async () => {
    await stopServers(servers)
    await database?.drop()
  })

  async function post(base: string, path: string, body: EnvelopeRequest) {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const json = (await res.json()) as { ResultCode: string; ResultMsg: string; data?: string }
    return { ...json, value: json.data ? decodeData(json.data) : undefined }
  }

  it('answers a body replayed to the other process with the stored answer, running it once', async () => {
    const [a, b] = bases as [string, string]
    const body = sealRequest(DEMO_SITE_KEYS, { Mobile: '13800138000', Password: 'demo1234' })
    const first = await post(a, '/api/author/login', body)
    const replayed = await post(b, '/api/author/login', body)
    expect(first.ResultCode).toBe('10000')
    expect(replayed).toEqual(first)
    const sessions = await database.db.kysely.selectFrom('sessions').selectAll().execute()
    expect(sessions).toHaveLength(1)
  })

  it('signs a device out on one process within a second of a login on the other', async () => {
    const [a, b] = bases as [string, string]
    const login = async (base: string) =>
      (
        (
          await post(
            base,
            '/api/author/login',
            sealRequest(DEMO_SITE_KEYS, { Mobile: '13800138000', Password: 'demo1234' }),
          )
        ).value as { Token: string }
      ).Token
    const companyInfo = async (base: string, token: string) => {
      const res = await fetch(`${base}/api/usercenter/getclientcompanyinfo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(sealRequest(DEMO_SITE_KEYS, {})),
      })
      return ((await res.json()) as { ResultMsg: string }).ResultMsg
    }
    const first = await login(a)
    expect(await companyInfo(b, first)).toBe(Messages.success)
    await login(a)
    const waitedUntil = Date.now() + 3_000
    let answer = await companyInfo(b, first)
    while (answer === Messages.success && Date.now() < waitedUntil) {
      await new Promise((r) => setTimeout(r, 100))
      answer = await companyInfo(b, first)
    }
    expect(answer).toBe(Messages.signedInElsewhere)
  })

  it('holds the SMS throttle across processes', async () => {
    const [a, b] = bases as [string, string]
    const mobile = `139${String(Date.now()).slice(-8)}`
    const sent = await post(
      a,
      '/api/author/sendsmscode',
      sealRequest(DEMO_SITE_KEYS, { Mobile: mobile, Scene: 'register' }),
    )
    expect(sent.ResultCode).toBe('10000')
    const again = await post(
      b,
      '/api/author/sendsmscode',
      sealRequest(DEMO_SITE_KEYS, { Mobile: mobile, Scene: 'register' }),
    )
    expect([again.ResultCode, again.ResultMsg]).toEqual(['10001', AccountMessages.smsTooFrequent])
    // The console provider's code is readable from either process.
    const code = (await (await fetch(`${b}/api/dev/smscode?mobile=${mobile}`)).json()) as { code: string }
    expect(code.code).toMatch(/^\d{6}$/)
  })
})
