// /healthz, /readyz and /metrics: what each answers, which failed check /readyz names, who may read the
// metrics, and that calls, quota refusals, SMS sends and the PostgreSQL pool are counted.
import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { dbKinds, freshDatabase, startTestApp, type TestApp } from '../../test/helper'
import { registerCall } from '../call/serve'
import { MemoryStore } from '../store/shared-store'

/** One sample's value from the Prometheus text, 0 when the series is not there yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : 0
}

describe.each(dbKinds)('operations endpoints on %s', (kind) => {
  let t: TestApp
  afterEach(async () => {
    await t.close()
  })

  const metricsText = async () => {
    const res = await t.app.inject({ url: '/metrics' })
    expect(res.statusCode).toBe(200)
    return res.body
  }

  it('/healthz answers 200 JSON while the process runs', async () => {
    t = await startTestApp(kind)
    const res = await t.app.inject({ url: '/healthz' })
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'ok' }])
    expect(res.headers['content-type']).toMatch(/^application\/json/)
  })

  it('/readyz answers 200 with each check when the database is reachable and migrated', async () => {
    t = await startTestApp(kind)
    const res = await t.app.inject({ url: '/readyz' })
    expect([res.statusCode, res.json()]).toEqual([
      200,
      { status: 'ok', checks: { database: 'ok', migrations: 'ok' } },
    ])
  })

  it('/readyz answers 503 naming the migrations a database has not had', async () => {
    const { db, drop } = await freshDatabase(kind, { upTo: '0005_part_number_index' })
    t = await startTestApp(kind, { db, seed: async () => {} })
    const res = await t.app.inject({ url: '/readyz' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({
      status: 'unavailable',
      checks: {
        database: 'ok',
        migrations:
          'pending: 0006_positions, 0007_billing, 0008_payments, 0009_host_prices, 0010_staff, 0011_messages_profile, 0012_name_index, 0013_drawing_pieces, 0014_data_service, 0015_embed, 0016_part_lists, 0017_name_search_plan, 0018_records_kept',
      },
    })
    await drop()
  })

  it('/readyz answers 503 naming Redis when the configured store does not answer', async () => {
    const store = new MemoryStore()
    store.get = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:6379')
    }
    t = await startTestApp(kind, { store, config: { redisUrl: 'redis://127.0.0.1:6379' } })
    const res = await t.app.inject({ url: '/readyz' })
    expect(res.statusCode).toBe(503)
    expect(res.json().checks).toEqual({
      database: 'ok',
      migrations: 'ok',
      redis: 'failed: connect ECONNREFUSED 127.0.0.1:6379',
    })
  })

  it('/metrics is 404 to an address METRICS_ALLOW does not name', async () => {
    t = await startTestApp(kind, { config: { metricsAllow: ['127.0.0.1', '10.1.0.0/16'] } })
    const outside = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' })
    expect(outside.statusCode).toBe(404)
    expect(outside.body).not.toContain('epc_')
    const subnet = await t.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' })
    expect(subnet.statusCode).toBe(200)
    const mapped = await t.app.inject({ url: '/metrics', remoteAddress: '::ffff:127.0.0.1' })
    expect(mapped.statusCode).toBe(200)
  })

  it('judges /metrics by the client address a trusted proxy reports', async () => {
    t = await startTestApp(kind, { config: { trustProxy: '127.0.0.1', metricsAllow: ['10.9.9.9'] } })
    const forwarded = (ip: string) =>
      t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': ip } })
    expect((await forwarded('10.9.9.9')).statusCode).toBe(200)
    expect((await forwarded('203.0.113.9')).statusCode).toBe(404)
  })

  it('counts calls by path and result code, quota refusals and SMS sends', async () => {
    t = await startTestApp(kind, { config: { quota: { dailyLimit: 1, burstPerMinute: 0, burstMinutes: 0 } } })
    const before = await metricsText()
    const token = await t.login()
    await t.call('/api/epc/partsquery', { Codes: ['ZZZZ99999999'] }, { token })
    const refused = await t.call('/api/epc/partsquery', { Codes: ['ZZZZ99999999'] }, { token })
    expect(refused.ResultCode).toBe('10005')
    await t.call('/api/author/sendsmscode', { Mobile: '13900000001', Scene: 'register' })
    const after = await metricsText()

    const delta = (series: string) => sample(after, series) - sample(before, series)
    expect(delta('epc_call_duration_seconds_count{path="/api/epc/partsquery",code="10000"}')).toBe(1)
    expect(delta('epc_call_duration_seconds_count{path="/api/epc/partsquery",code="10005"}')).toBe(1)
    expect(delta('epc_call_duration_seconds_bucket{path="/api/epc/partsquery",code="10000",le="+Inf"}')).toBe(
      1,
    )
    expect(after).toContain('# TYPE epc_call_duration_seconds histogram')
    expect(delta('epc_call_duration_seconds_count{path="/api/author/login",code="10000"}')).toBe(1)
    expect(delta('epc_quota_refusals_total')).toBe(1)
    expect(delta('epc_sms_sent_total{provider="console",outcome="sent"}')).toBe(1)
    expect(after).toContain('epc_bans_total')
    if (kind === 'postgres') expect(after).toMatch(/^epc_db_pool_connections\{state="total"\} [1-9]/m)
  })
})

describe('log lines', () => {
  it('name the request even below the info level, where requests have no logger of their own', async () => {
    const lines: Record<string, unknown>[] = []
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)))
        done()
      },
    })
    const t = await startTestApp('sqlite', {
      logger: { level: 'warn', stream },
      prepare: (app) =>
        registerCall(app, {
          path: '/api/test/broken',
          access: 'public',
          mutates: false,
          schema: z.object({}),
          handle: async () => {
            throw new Error('broken')
          },
        }),
    })
    try {
      const answer = await t.call('/api/test/broken', {})
      expect(answer.ResultCode).toBe('50000')
      const line = lines.find((l) => l.msg === 'call failed')
      expect(line?.reqId).toMatch(/^req-/)
    } finally {
      await t.close()
    }
  })
})
