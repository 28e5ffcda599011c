// Two server processes on one PostgreSQL and one Redis share replay memory and SMS throttles.
// Needs both services: runs when TEST_DATABASE_URL and TEST_REDIS_URL are set (npm test sets them when the
// machine's services answer, and says so when it skips them).
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { AccountMessages, type CreatedKey, DEMO_SITE_KEYS, type EnvelopeRequest, Messages } from '@epc/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeData, sealRequest } from '../src/call/envelope-codec'
import type { Db } from '../src/db/database'
import { startServers, stopServers } from './child-server'
import { freshDatabase } from './helper'
import { signedHeaders } from './open-client'

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

  it('counts a data-service key’s rate across both processes and stops a revoked key in both at once', async () => {
    const [a, b] = bases as [string, string]
    const login = await post(
      a,
      '/api/author/login',
      sealRequest(DEMO_SITE_KEYS, { Mobile: '13800138000', Password: 'demo1234' }),
    )
    const token = (login.value as { Token: string }).Token
    const ownerCall = async (path: string, payload: object) => {
      const res = await fetch(`${a}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(sealRequest(DEMO_SITE_KEYS, payload)),
      })
      const json = (await res.json()) as { ResultCode: string; data?: string }
      expect(json.ResultCode).toBe('10000')
      return decodeData(json.data as string)
    }
    const created = (await ownerCall('/api/dataservice/keys/create', { Name: '两进程' })) as CreatedKey
    const key = { appKey: created.Key.AppKey, appSecret: created.AppSecret }
    const names = (base: string) =>
      fetch(`${base}/open/v1/names`, {
        headers: signedHeaders(key, {
          method: 'GET',
          path: '/open/v1/names',
          body: '',
          timestampSeconds: Math.floor(Date.now() / 1000),
        }),
      })
    // All in one second of the wall clock: start just after a second begins. On a loaded machine a burst may
    // still straddle two seconds (more than 10 pass): then it is tried again, in a later second.
    let statuses: number[] = []
    for (let attempt = 0; attempt < 3; attempt++) {
      await new Promise((r) => setTimeout(r, 1_000 - (Date.now() % 1000)))
      statuses = (await Promise.all(Array.from({ length: 14 }, (_, i) => names(i % 2 ? a : b)))).map(
        (r) => r.status,
      )
      if (statuses.filter((s) => s === 200).length === 10) break
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(4)
    await new Promise((r) => setTimeout(r, 1_100))
    expect((await names(b)).status).toBe(200)
    await ownerCall('/api/dataservice/keys/revoke', { KeyId: created.Key.KeyId })
    for (const base of [b, a]) {
      const refused = await names(base)
      expect(refused.status).toBe(401)
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('APP_KEY_REVOKED')
    }
  })
})
