// The built app's delivery: the precompressed copies chosen by Accept-Encoding, and the caching headers that
// let a browser keep hashed assets for a year while index.html is asked about every time.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webApp } from './web'

const SCRIPT = `console.log(${JSON.stringify('配件'.repeat(400))})`
const PAGE = `<!doctype html><html><head><script type="module" src="/assets/index-AbCd1234.js"></script></head><body>${'<div></div>'.repeat(100)}</body></html>`

describe('web app delivery', () => {
  let root: string
  let app: FastifyInstance
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'epc-web-'))
    mkdirSync(join(root, 'assets'))
    for (const [name, body] of [
      ['index.html', PAGE],
      ['assets/index-AbCd1234.js', SCRIPT],
    ] as const) {
      writeFileSync(join(root, name), body)
      writeFileSync(join(root, `${name}.br`), brotliCompressSync(body))
      writeFileSync(join(root, `${name}.gz`), gzipSync(body))
    }
    app = Fastify()
    await app.register(webApp, { root, framing: async () => null })
  })
  afterAll(async () => {
    await app.close()
    rmSync(root, { recursive: true, force: true })
  })

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })

  it('sends the brotli copy to a browser that takes brotli, gzip to one that takes gzip, plain otherwise', async () => {
    const br = await get('/assets/index-AbCd1234.js', 'gzip, deflate, br, zstd')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT)

    const gz = await get('/assets/index-AbCd1234.js', 'gzip, deflate')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT)

    const plain = await get('/assets/index-AbCd1234.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(SCRIPT)
    for (const answer of [br, gz, plain]) expect(answer.headers.vary).toMatch(/accept-encoding/i)
  })

  it('lets hashed assets be kept for a year without asking again', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const answer = await get('/assets/index-AbCd1234.js', encoding)
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
  })

  it('has index.html asked about on every visit, answering 304 when it has not changed', async () => {
    for (const path of ['/', '/login', '/user/admin']) {
      const page = await get(path, 'gzip, deflate, br')
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-type']).toMatch(/text\/html/)
      expect(page.headers['cache-control']).toBe('no-cache')
      expect(page.headers['content-encoding']).toBe('br')
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(PAGE)
      const etag = page.headers.etag as string
      expect(etag).toBeTruthy()
      const again = await app.inject({
        url: path,
        headers: { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': etag },
      })
      expect(again.statusCode).toBe(304)
      expect(again.rawPayload.length).toBe(0)
    }
  })

  it('answers an unknown asset 404 instead of the page', async () => {
    expect((await get('/assets/gone-12345678.js', 'br')).statusCode).toBe(404)
  })
})
