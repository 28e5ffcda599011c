// A member the owner disables through one server process is refused on their very next call to another
// (issue 17): the kept callers check the shared store's generation (accounts.repository.ts). Needs
// PostgreSQL and Redis: runs when TEST_DATABASE_URL and TEST_REDIS_URL are set.
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { DEMO_SITE_KEYS, Messages } from '@epc/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeData, sealRequest } from '../src/call/envelope-codec'
import { startServers, stopServers } from './child-server'
import { type FreshDatabase, freshDatabase } from './helper'

const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)

describe.runIf(enabled)('staff changes across two server processes', () => {
  let database: FreshDatabase
  const servers: ChildProcess[] = []
  const bases: string[] = []

  beforeAll(async () => {
    database = await freshDatabase('postgres')
    const env = {
      DATABASE_URL: database.url ?? '',
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      REDIS_PREFIX: `epc-test-${randomBytes(4).toString('hex')}:`,
    }
    const started = await startServers(env)
    servers.push(...started.servers)
    bases.push(...started.bases)
  }, 120_000)

  afterAll(async () => {
    await stopServers(servers)
    await database?.drop()
  })

  async function call<T>(base: string, path: string, payload: object, token?: string) {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(sealRequest(DEMO_SITE_KEYS, payload)),
    })
    const json = (await res.json()) as { ResultCode: string; ResultMsg: string; data?: string }
    return { ...json, value: (json.data ? decodeData(json.data) : undefined) as T }
  }
  const login = async (base: string, Mobile: string, Password: string) =>
    (await call<{ Token: string }>(base, '/api/author/login', { Mobile, Password })).value.Token

  it("refuses a member disabled through one process on the member's next call to the other", async () => {
    const [a, b] = bases as [string, string]
    const owner = await login(a, '13800138000', 'demo1234')
    const mobile = `136${String(Date.now()).slice(-8)}`
    const added = await call<{ UserID: number }>(
      a,
      '/api/usercenter/staff/add',
      { Mobile: mobile, UserName: '店员', Password: 'clerk1234' },
      owner,
    )
    expect(added.ResultCode).toBe('10000')
    const clerk = await login(a, mobile, 'clerk1234')
    // Process b now keeps the clerk's caller.
    expect((await call(b, '/api/usercenter/getclientcompanyinfo', {}, clerk)).ResultCode).toBe('10000')
    expect((await call(b, '/api/usercenter/getclientcompanyinfo', {}, clerk)).ResultCode).toBe('10000')
    const disabled = await call(
      a,
      '/api/usercenter/staff/setstate',
      { UserID: added.value.UserID, State: 2 },
      owner,
    )
    expect(disabled.ResultCode).toBe('10000')
    const next = await call(b, '/api/usercenter/getclientcompanyinfo', {}, clerk)
    expect([next.ResultCode, next.ResultMsg, next.value]).toEqual([
      '99998',
      Messages.accountDisabled,
      { reason: 'disabled' },
    ])
  })
})
