// The production build (scripts/build-server.mjs) run as its own process: it starts without tsx, refuses a
// bad configuration in Chinese, and on SIGTERM finishes the requests in flight and writes the VIN history
// before it exits 0.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { DEMO_SITE_KEYS } from '@epc/shared'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../scripts/free-port.mjs'
import { decodeData, sealRequest } from '../src/call/envelope-codec'
import { REPO_ROOT } from '../src/config'
import { runServer } from './child-server'

const BUILT = resolve(REPO_ROOT, 'apps/server/dist/server.js')

/** Runs the built server (or the start script, `args`) until it says it started or exits. */
const startBuilt = (env: Record<string, string>, args = [BUILT]) => runServer(env, args)

/**
 * Starts a call whose body arrives in two halves: the server has the request (its headers) at once, but can
 * answer only once `finish` sends the rest. Keep-alive, as a proxy in front of the server would be.
 */
function halfSentCall(base: string, path: string, token: string, payload: object, agent: Agent) {
  const body = Buffer.from(JSON.stringify(sealRequest(DEMO_SITE_KEYS, payload)))
  const half = Math.floor(body.length / 2)
  let finish = () => {}
  const answer = new Promise<{ ResultCode: string; data?: string }>((done, fail) => {
    const req = request(`${base}${path}`, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': body.length,
        authorization: `Bearer ${token}`,
      },
    })
    req.once('error', fail)
    req.once('response', (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        text += chunk
      })
      res.once('end', () => done(JSON.parse(text)))
    })
    req.write(body.subarray(0, half))
    finish = () => req.end(body.subarray(half))
  })
  return { answer, finish: () => finish() }
}

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: REPO_ROOT, stdio: 'pipe' })
}, 60_000)

describe('the built server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'epc-production-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('refuses to start in production with the development SMS provider, saying why in Chinese', async () => {
    const server = await startBuilt({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'console',
      SQLITE_PATH: join(dir, 'refused.sqlite'),
      PORT: String(await freePort()),
    })
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain('服务拒绝启动')
  })

  it('is what `NODE_ENV=production npm start` runs, which says where to look when it is refused', async () => {
    const server = await startBuilt(
      {
        NODE_ENV: 'production',
        SMS_PROVIDER: 'console',
        SQLITE_PATH: join(dir, 'refused.sqlite'),
        PORT: String(await freePort()),
      },
      ['scripts/start.mjs'],
    )
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain('启动服务（生产模式）')
    expect(server.output()).toContain('服务拒绝启动')
    expect(server.output()).toContain('docs/operations.md')
  })

  it('on SIGTERM stops accepting, answers the calls in flight, writes their VIN history and exits 0', async () => {
    const sqlitePath = join(dir, 'epc.sqlite')
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    // At info the server logs each request as it arrives, which tells when the calls below are in flight.
    const server = await startBuilt({
      SMS_PROVIDER: 'console',
      SQLITE_PATH: sqlitePath,
      PORT: String(port),
      LOG_LEVEL: 'info',
    })
    expect(server.output()).toContain('已启动')

    const login = await fetch(`${base}/api/author/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sealRequest(DEMO_SITE_KEYS, { Mobile: '13800138000', Password: 'demo1234' })),
    })
    const { Token: token } = decodeData(((await login.json()) as { data: string }).data) as { Token: string }
    const reader = new SQLite(sqlitePath, { readonly: true })
    const demoVins = JSON.parse(
      (reader.prepare("select value from cat_meta where key = 'demo_vins'").get() as { value: string }).value,
    ) as { vin: string }[]
    const vins = demoVins.slice(0, 4).map((d) => d.vin)
    expect(vins).toHaveLength(4)

    const agent = new Agent({ keepAlive: true })
    const calls = vins.map((VIN) => halfSentCall(base, '/api/epc/vinquery', token, { VIN }, agent))
    // Every call has reached the server (its headers; the body waits) before the server is told to stop.
    const arrived = () => server.output().split('"url":"/api/epc/vinquery"').length - 1
    await expect.poll(arrived).toBe(vins.length)
    const signalled = Date.now()
    server.child.kill('SIGTERM')
    await expect.poll(() => server.output()).toContain('正在停止')
    const accepting = () =>
      fetch(`${base}/api/x`, { method: 'POST' }).then(
        () => true,
        () => false,
      )
    await expect.poll(accepting, { timeout: 3_000 }).toBe(false)

    for (const call of calls) call.finish()
    const answers = await Promise.all(calls.map((c) => c.answer))
    expect(answers.map((a) => a.ResultCode)).toEqual(vins.map(() => '10000'))
    expect(await server.exited, server.output()).toBe(0)
    expect(Date.now() - signalled).toBeLessThan(5_000)
    agent.destroy()

    const recorded = reader
      .prepare(`select vin from vin_queries where vin in (${vins.map(() => '?').join(',')})`)
      .all(...vins) as { vin: string }[]
    reader.close()
    expect(recorded.map((r) => r.vin).sort()).toEqual([...vins].sort())
  }, 120_000)
})
