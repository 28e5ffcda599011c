// The envelope pipeline: checks in protocol.md's order, per-site keys, replay memory, fault handling.
import { createCipheriv, randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { connect } from 'node:net'
import { DEMO_SITE_KEYS, Limits, Messages } from '@epc/shared'
import { afterEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { dbKinds, snapshot, startTestApp, type TestApp } from '../../test/helper'
import { MemoryStore } from '../store/shared-store'
import { decodeData, signOf } from './envelope-codec'
import { registerCall } from './serve'

const SHOP_KEYS = { contentKey: '11'.repeat(32), signKey: 'shop-sign-key' }

describe.each(dbKinds)('envelope on %s', (kind) => {
  let t: TestApp
  afterEach(async () => {
    await t.close()
  })

  it('answers JSON with a string ResultCode and base64 data', async () => {
    t = await startTestApp(kind)
    const answer = await t.call('/api/author/login', { Mobile: '13800138000', Password: 'demo1234' })
    expect(answer.raw.ResultCode).toBe('10000')
    expect(answer.raw.ResultMsg).toBe('成功')
    expect(answer.raw.data).toMatch(/^[A-Za-z0-9+/]+={0,2}$/)
    expect(answer.data).toHaveProperty('Token')
  })

  it('checks the sign before the age, the age before the content, the token before the payload', async () => {
    t = await startTestApp(kind)
    const stale = t.seal({}, { timespan: t.clock.now() - 6 * 60_000 })
    const badSignAndStale = await t.post('/api/author/login', { ...stale, sign: '0'.repeat(32) })
    expect([badSignAndStale.status, badSignAndStale.ResultCode]).toEqual([400, '40002'])

    const timespan = t.clock.now() - 6 * 60_000
    const content = 'zz'.repeat(40)
    const staleWithBadContent = {
      ...stale,
      timespan,
      content,
      sign: signOf(DEMO_SITE_KEYS, timespan, stale.transactionNo, content),
    }
    const answer = await t.post('/api/author/login', staleWithBadContent)
    expect([answer.status, answer.ResultCode, answer.ResultMsg]).toEqual([400, '40003', '请求已过期'])

    const noTokenBadPayload = await t.call('/api/author/getaccountstaffstate', { Mobile: 5 })
    expect(noTokenBadPayload.ResultCode).toBe('40100')
    const token = await t.login()
    const badPayload = await t.call('/api/author/getaccountstaffstate', { Mobile: 5 }, { token })
    expect([badPayload.status, badPayload.ResultCode, badPayload.ResultMsg]).toEqual([
      200,
      '10002',
      '请输入手机号',
    ])
  })

  it('accepts timespans up to 5 minutes either side of server time', async () => {
    t = await startTestApp(kind)
    for (const offset of [-Limits.timespanToleranceMs + 1000, Limits.timespanToleranceMs - 1000]) {
      const answer = await t.call(
        '/api/author/login',
        { Mobile: '13800138000', Password: 'demo1234' },
        {
          timespan: t.clock.now() + offset,
        },
      )
      expect(answer.ResultCode).toBe('10000')
    }
    const future = await t.call('/api/author/loginout', {}, { timespan: t.clock.now() + 6 * 60_000 })
    expect(future.ResultCode).toBe('40003')
  })

  it('picks the keys by Host, ignoring the port, and falls back to the default entry', async () => {
    t = await startTestApp(kind, {
      config: { sites: { default: DEMO_SITE_KEYS, 'shop.example.com': SHOP_KEYS } },
    })
    const body = t.seal({}, { keys: SHOP_KEYS })
    const shop = await t.post('/api/author/loginout', body, { headers: { host: 'shop.example.com:8443' } })
    expect(shop.ResultCode).toBe('10000')
    const elsewhere = await t.post('/api/author/loginout', t.seal({}, { keys: SHOP_KEYS }), {
      headers: { host: 'other.example.com' },
    })
    expect(elsewhere.ResultCode).toBe('40002')
    const demoOnShop = await t.post('/api/author/loginout', t.seal({}), {
      headers: { host: 'shop.example.com' },
    })
    expect(demoOnShop.ResultCode).toBe('40002')
  })

  it('answers a replayed change with the stored response and changes nothing again', async () => {
    t = await startTestApp(kind)
    const body = t.seal({ Mobile: '13800138000', Password: 'demo1234' })
    const first = await t.post('/api/author/login', body)
    const before = await snapshot(t.ctx.db)
    const again = await t.post('/api/author/login', body)
    expect(again.raw).toEqual(first.raw)
    expect(await snapshot(t.ctx.db)).toBe(before)
  })

  it('keeps replayed answers encrypted in the shared store', async () => {
    const written: string[] = []
    const store = new MemoryStore()
    const set = store.set.bind(store)
    store.set = async (key, value, ttl, onlyIfAbsent) => {
      written.push(key, value)
      return set(key, value, ttl, onlyIfAbsent)
    }
    t = await startTestApp(kind, { store })
    const login = await t.call<{ Token: string }>('/api/author/login', {
      Mobile: '13800138000',
      Password: 'demo1234',
    })
    const token = login.data?.Token as string
    expect(written.length).toBeGreaterThan(0)
    // Neither the token nor the answer as it was sent (its data, which any client decodes) is in the store.
    for (const value of written) {
      expect(value).not.toContain(token)
      expect(value).not.toContain(login.raw.data)
    }
    const second = await t.post('/api/author/login', t.seal({ Mobile: '13800138000', Password: 'demo1234' }))
    expect(second.ResultCode).toBe('10000')
  })

  it('answers a repeated change once per session, however the Authorization header is spelled', async () => {
    t = await startTestApp(kind)
    const token = await t.login()
    const created = await t.call<string>(
      '/api/epc/createquoteordermaster',
      { VIN: 'LFV2A21K0A3000017' },
      { token },
    )
    const OrderId = created.data as string
    const body = t.seal({ OrderId, part_number: '5Q0 698 151 E', Amount: 1, sale_prices: 100 })
    for (const authorization of [
      `Bearer ${token}`,
      `bearer ${token}`,
      `Bearer  ${token}`,
      `BEARER ${token}`,
    ]) {
      const answer = await t.post('/api/epc/createquoteorderdetail', body, { headers: { authorization } })
      expect(answer.ResultCode).toBe('10000')
    }
    const lines = await t.call<unknown[]>('/api/epc/queryquoteorderdetail', { OrderId }, { token })
    expect(lines.data).toHaveLength(1)
  })

  it('answers a repeated login once whatever Authorization header it comes with: a call that needs no login ignores it', async () => {
    t = await startTestApp(kind)
    const body = t.seal({ Mobile: '13800138000', Password: 'demo1234' })
    const first = await t.post('/api/author/login', body)
    const token = (first.data as { Token: string }).Token
    const before = await snapshot(t.ctx.db)
    for (const authorization of ['Bearer made-up', `Bearer ${token}`, 'Basic eA==']) {
      const again = await t.post('/api/author/login', body, { headers: { authorization } })
      expect(again.raw, authorization).toEqual(first.raw)
    }
    expect(await snapshot(t.ctx.db)).toBe(before)
    // The first login's session is still the account's: no second login took its place.
    expect((await t.call('/api/usercenter/getclientcompanyinfo', {}, { token })).ResultCode).toBe('10000')
  })

  it('refuses content that is not UTF-8 as undecodable, and a lone surrogate in a text field by name', async () => {
    t = await startTestApp(kind)
    const token = await t.login()
    const before = await snapshot(t.ctx.db)
    const text = Buffer.concat([
      Buffer.from('{"VIN":"LFV2A21K0A3000017","ClientName":"', 'utf8'),
      Buffer.from([0xff, 0xfe, 0xc0, 0x80]),
      Buffer.from('"}', 'utf8'),
    ])
    const iv = randomBytes(16)
    const cipher = createCipheriv('aes-256-cbc', Buffer.from(DEMO_SITE_KEYS.contentKey, 'hex'), iv)
    const content = Buffer.concat([iv, cipher.update(text), cipher.final()]).toString('hex')
    const timespan = t.clock.now()
    const transactionNo = '1234567890'
    const sign = signOf(DEMO_SITE_KEYS, timespan, transactionNo, content)
    const bad = await t.post(
      '/api/epc/createquoteordermaster',
      { timespan, transactionNo, content, sign },
      { token },
    )
    expect([bad.status, bad.ResultCode]).toEqual([400, '40001'])

    const surrogate = await t.call(
      '/api/epc/createquoteordermaster',
      { VIN: 'LFV2A21K0A3000017', ClientName: '张\ud800三' },
      { token },
    )
    expect([surrogate.ResultCode, surrogate.ResultMsg]).toEqual(['10002', '客户名称不能包含特殊字符'])
    expect(await snapshot(t.ctx.db)).toBe(before)
  })

  it('answers a URL it cannot route in the envelope shape, without echoing it', async () => {
    t = await startTestApp(kind)
    const res = await t.app.inject({ method: 'POST', url: '/api/%c0%ae', payload: '{}' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ ResultCode: '40001', ResultMsg: Messages.badRequest })
  })

  it('runs two identical bodies arriving together once', async () => {
    // The gateway takes a moment, so that the second body arrives while the first is still running.
    const sent: string[] = []
    t = await startTestApp(kind, {
      sms: {
        name: 'slow',
        async send({ code }) {
          await new Promise((resolve) => setTimeout(resolve, 50))
          sent.push(code)
        },
      },
    })
    const body = t.seal({ Mobile: '13900001111', Scene: 'register' })
    const [a, b] = await Promise.all([
      t.post('/api/author/sendsmscode', body),
      t.post('/api/author/sendsmscode', body),
    ])
    expect(a.raw).toEqual(b.raw)
    expect(a.ResultCode).toBe('10000')
    expect(sent).toHaveLength(1)
    const codes = await t.ctx.db.kysely
      .selectFrom('sms_codes')
      .selectAll()
      .where('mobile', '=', '13900001111')
      .execute()
    expect(codes).toHaveLength(1)
  })

  it('answers a fault with 50000 and no detail, and lets the retry run again', async () => {
    let runs = 0
    t = await startTestApp(kind, {
      prepare: (app) =>
        registerCall(app, {
          path: '/api/test/fragile',
          access: 'public',
          mutates: true,
          schema: z.object({}),
          handle: async () => {
            runs += 1
            if (runs === 1) throw new Error('disk full at /var/lib/secret')
            return 'ok'
          },
        }),
    })
    const body = t.seal({})
    const first = await t.post('/api/test/fragile', body)
    expect([first.status, first.ResultCode, first.ResultMsg]).toEqual([
      500,
      '50000',
      '服务器繁忙，请稍后再试',
    ])
    expect(JSON.stringify(first.raw)).not.toContain('disk')
    const retry = await t.post('/api/test/fragile', body)
    expect([retry.ResultCode, retry.data]).toEqual(['10000', 'ok'])
    expect(runs).toBe(2)
  })

  it('answers 404 with 10004 for an unknown call', async () => {
    t = await startTestApp(kind)
    const answer = await t.call('/api/epc/nosuchcall', {})
    expect([answer.status, answer.ResultCode, answer.ResultMsg]).toEqual([404, '10004', '接口不存在'])
  })
})

describe('answers of one event-loop turn', () => {
  let t: TestApp
  afterEach(async () => {
    await t.close()
  })

  it('reach each its own request over real connections, also when one client hangs up', async () => {
    t = await startTestApp('sqlite', {
      prepare: (app) =>
        registerCall(app, {
          path: '/api/test/echo',
          access: 'public',
          mutates: false,
          schema: z.object({ n: z.number() }),
          // Finishing out of order, some in the same turn and some in later ones.
          handle: async ({ payload }) => {
            await new Promise((resolve) => setTimeout(resolve, payload.n % 3))
            return { n: payload.n, text: `第${payload.n}号` }
          },
        }),
    })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    const post = (n: number, signal?: AbortSignal) =>
      fetch(`${base}/api/test/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(t.seal({ n })),
        signal,
      })
    const gone = new AbortController()
    const leaving = post(-1, gone.signal).catch((error: Error) => error.name)
    gone.abort()
    const answers = await Promise.all(
      Array.from({ length: 60 }, async (_, n) => {
        const res = await post(n)
        const text = await res.text()
        expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
        expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text))
        const raw = JSON.parse(text) as { ResultCode: string; data: string }
        return [raw.ResultCode, decodeData(raw.data)]
      }),
    )
    expect(await leaving).toBe('AbortError')
    expect(answers).toEqual(Array.from({ length: 60 }, (_, n) => ['10000', { n, text: `第${n}号` }]))
  })

  it('are all written before what the calls do after answering (the VIN history) runs', async () => {
    // Five calls whose answers are ready in one turn; each call's `after` looks at the five responses.
    const responses: ServerResponse[] = []
    const writtenAtAfter: boolean[][] = []
    let waiting = 0
    let open = () => {}
    const gate = new Promise<void>((resolve) => {
      open = resolve
    })
    t = await startTestApp('sqlite', {
      prepare: (app) => {
        app.addHook('onRequest', async (_request, reply) => {
          responses.push(reply.raw)
        })
        registerCall(app, {
          path: '/api/test/gated',
          access: 'public',
          mutates: false,
          schema: z.object({ n: z.number() }),
          handle: async ({ payload }) => {
            waiting += 1
            if (waiting === 5) open()
            await gate
            return { n: payload.n }
          },
          after: () => {
            writtenAtAfter.push(responses.map((r) => r.writableEnded))
          },
        })
      },
    })
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, n) => t.call('/api/test/gated', { n }).then((a) => a.data)),
    )
    expect(answers).toEqual(Array.from({ length: 5 }, (_, n) => ({ n })))
    expect(writtenAtAfter).toEqual(Array.from({ length: 5 }, () => [true, true, true, true, true]))
  })
})

describe('requests that arrive too slowly', () => {
  let t: TestApp
  afterEach(async () => {
    await t.close()
  })

  /** Opens a connection, writes `sent` and answers what the server wrote and when it closed the socket. */
  async function trickle(sent: string): Promise<{ reply: string; closedAfterMs: number }> {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const started = Date.now()
    return new Promise((done, fail) => {
      const socket = connect({ port, host: '127.0.0.1' }, () => socket.write(sent))
      let reply = ''
      socket.on('data', (chunk) => {
        reply += chunk.toString()
      })
      socket.on('close', () => done({ reply, closedAfterMs: Date.now() - started }))
      socket.on('error', fail)
    })
  }

  it('closes a connection whose body never arrives whole within the request time-out', async () => {
    t = await startTestApp('sqlite', { config: { requestTimeoutMs: 1000, headersTimeoutMs: 500 } })
    const { reply, closedAfterMs } = await trickle(
      'POST /api/author/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"ti',
    )
    expect(reply).toMatch(/^HTTP\/1\.1 408/)
    // Without the time-out the socket stays open for five minutes (Node's default).
    expect(closedAfterMs).toBeLessThan(20_000)
  })

  it('closes a connection whose headers never end within the headers time-out', async () => {
    t = await startTestApp('sqlite', { config: { requestTimeoutMs: 1000, headersTimeoutMs: 500 } })
    const { reply, closedAfterMs } = await trickle('POST /api/author/login HTTP/1.1\r\nHost: x\r\n')
    expect(reply).toMatch(/^HTTP\/1\.1 408/)
    expect(closedAfterMs).toBeLessThan(20_000)
  })
})
