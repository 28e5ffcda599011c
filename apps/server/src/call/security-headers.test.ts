// Security headers and the API's no-store on every kind of answer: look-ups written by the answer queue (a
// real socket), answers Fastify sends, pages; HSTS only over HTTPS as a trusted proxy reports it.
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../test/helper'
import { loadConfig } from '../config'
import { applySecurityHeaders, securityHeaders } from './security-headers'

describe('security headers', () => {
  let t: TestApp
  afterEach(async () => {
    await t.close()
  })

  /** A signed-in part-code look-up over a real connection, as a browser or proxy makes it. */
  async function lookUp(headers: Record<string, string> = {}) {
    const token = await t.login()
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const res = await fetch(`http://127.0.0.1:${port}/api/epc/partsquery`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: JSON.stringify(t.seal({ Codes: ['ZZZZ99999999'] })),
    })
    const body = (await res.json()) as { ResultCode: string }
    expect(body.ResultCode).toBe('10000')
    return res.headers
  }

  function expectPolicy(get: (name: string) => string | null | undefined) {
    const csp = get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("style-src 'self' 'unsafe-inline'")
    expect(csp).toContain("img-src 'self' data:")
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(get('x-content-type-options')).toBe('nosniff')
    expect(get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    // frame-ancestors decides framing; X-Frame-Options could not say the same for several origins.
    expect(get('x-frame-options') ?? null).toBeNull()
    return csp
  }

  it('writes them, with no-store, on a look-up, whose answer is written past Fastify’s send and its hooks', async () => {
    t = await startTestApp('sqlite', {
      config: {
        frameAncestors: ["'self'", 'https://desk.example.cn'],
        formAction: ['https://pay.example.cn'],
        apiOrigins: ['https://api.example.cn'],
      },
    })
    const headers = await lookUp()
    const csp = expectPolicy((n) => headers.get(n))
    expect(csp).toContain("frame-ancestors 'self' https://desk.example.cn")
    expect(csp).toContain("form-action 'self' https://pay.example.cn")
    expect(csp).toContain("connect-src 'self' https://api.example.cn")
    expect(headers.get('cache-control')).toBe('no-store')
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8')
    // Over plain HTTP: no HSTS, and nothing upgraded to an HTTPS that is not there.
    expect(headers.get('strict-transport-security')).toBeNull()
    expect(csp).not.toContain('upgrade-insecure-requests')

    // The same block as an API answer Fastify sends through the onSend hook.
    const refused = await t.app.inject({ method: 'POST', url: '/api/epc/partsquery', payload: '{' })
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'cross-origin-resource-policy',
      'cache-control',
    ]) {
      expect(headers.get(name), name).toBe(refused.headers[name])
    }
  })

  it('adds HSTS when a trusted proxy says the client came over HTTPS, and only then', async () => {
    t = await startTestApp('sqlite', { config: { trustProxy: '127.0.0.1' } })
    const https = await lookUp({ 'x-forwarded-proto': 'https' })
    expect(https.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    expect(https.get('content-security-policy')).toContain('upgrade-insecure-requests')
    const page = await t.app.inject({ url: '/nothing-here', headers: { 'x-forwarded-proto': 'https' } })
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    const plain = await t.app.inject({ url: '/nothing-here', headers: { 'x-forwarded-proto': 'http' } })
    expect(plain.headers['strict-transport-security']).toBeUndefined()
  })

  it('ignores X-Forwarded-Proto from a client that is not a trusted proxy', async () => {
    t = await startTestApp('sqlite')
    const page = await t.app.inject({ url: '/nothing-here', headers: { 'x-forwarded-proto': 'https' } })
    expect(page.headers['strict-transport-security']).toBeUndefined()
  })

  it('writes them on answers Fastify sends: call errors and unknown calls with no-store, pages without', async () => {
    t = await startTestApp('sqlite')
    const refused = await t.app.inject({ method: 'POST', url: '/api/epc/partsquery', payload: '{' })
    expect(refused.statusCode).toBe(400)
    expectPolicy((n) => refused.headers[n] as string | undefined)
    expect(refused.headers['cache-control']).toBe('no-store')

    const unknown = await t.app.inject({ method: 'POST', url: '/api/no/such/call', payload: '{}' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.headers['cache-control']).toBe('no-store')

    const page = await t.app.inject({ url: '/nothing-here' })
    expectPolicy((n) => page.headers[n] as string | undefined)
    expect(page.headers['cache-control']).toBeUndefined()
  })

  it("gives the app's script and style files only the headers that act on them, pages the whole policy", async () => {
    const headers = await securityHeaders(loadConfig({ SMS_PROVIDER: 'console', TRUST_PROXY: '127.0.0.1' }))
    const app = Fastify({ trustProxy: '127.0.0.1' })
    app.addHook('onSend', async (request, reply) => applySecurityHeaders(headers, request, reply))
    app.get('/assets/index-AbCd1234.js', (_req, reply) => reply.type('text/javascript').send('1'))
    app.get('/login', (_req, reply) => reply.type('text/html').send('<!doctype html>'))
    t = { close: () => app.close() } as TestApp

    const script = await app.inject({
      url: '/assets/index-AbCd1234.js',
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(script.headers['x-content-type-options']).toBe('nosniff')
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin')
    expect(script.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    expect(script.headers['content-security-policy']).toBeUndefined()
    expect(script.headers['cross-origin-opener-policy']).toBeUndefined()

    // A missing file is answered like any page, policy and all.
    const missing = await app.inject({ url: '/assets/gone-12345678.js' })
    expect(missing.statusCode).toBe(404)
    expectPolicy((n) => missing.headers[n] as string | undefined)
    const page = await app.inject({ url: '/login' })
    expectPolicy((n) => page.headers[n] as string | undefined)
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin')
  })

  it('reads FRAME_ANCESTORS, FORM_ACTION and API_ORIGINS as comma-separated lists', () => {
    const development = { SMS_PROVIDER: 'console' }
    const config = loadConfig({
      ...development,
      FRAME_ANCESTORS: "'self', https://desk.example.cn",
      FORM_ACTION: 'https://pay.example.cn',
    })
    expect(config.frameAncestors).toEqual(["'self'", 'https://desk.example.cn'])
    expect(config.formAction).toEqual(['https://pay.example.cn'])
    expect(loadConfig(development).frameAncestors).toEqual(["'self'"])
    expect(loadConfig(development).apiOrigins).toEqual([])
  })
})
