// GET /api/dev/smscode answers only clients on this machine, judged after TRUST_PROXY, and never in production.
import { afterEach, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../test/helper'
import type { Config } from '../../config'

const MOBILE = '13800138000'

describe('GET /api/dev/smscode', () => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  /** The app with a code sent to the demo account's mobile. */
  async function appWithCode(config: Partial<Config> = {}) {
    t = await startTestApp('sqlite', { config })
    const sent = await t.call('/api/author/sendsmscode', { Mobile: MOBILE, Scene: 'login' })
    expect(sent.ResultCode).toBe('10000')
    return t
  }
  const ask = (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url: `/api/dev/smscode?mobile=${MOBILE}`, remoteAddress, headers })

  it('answers the code to loopback clients', async () => {
    const app = await appWithCode()
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await ask(app, address)
      expect(res.statusCode).toBe(200)
      expect(res.json().code).toMatch(/^\d{6}$/)
    }
  })

  it('is not found for any other client', async () => {
    const app = await appWithCode()
    for (const address of ['203.0.113.9', '192.168.1.20', '::ffff:10.0.0.3']) {
      const res = await ask(app, address)
      expect(res.statusCode).toBe(404)
      // The answer of an unknown call: nothing tells that the route exists.
      expect(res.json()).toMatchObject({ ResultCode: '10004' })
      expect(res.body).not.toMatch(/\d{6}/)
    }
  })

  it('is not found for a remote client forwarded by a trusted local proxy', async () => {
    const app = await appWithCode({ trustProxy: '127.0.0.1' })
    const forwarded = await ask(app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })
    expect(forwarded.statusCode).toBe(404)
    expect(forwarded.body).not.toMatch(/\d{6}/)
    // The proxy's own requests, and a local client it forwards, are still this machine.
    expect((await ask(app, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200)
  })

  it('does not exist in production mode', async () => {
    // A code is waiting, so only the missing route answers 404.
    const app = await appWithCode({ production: true })
    const res = await ask(app, '127.0.0.1')
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toMatch(/\d{6}/)
  })
})
