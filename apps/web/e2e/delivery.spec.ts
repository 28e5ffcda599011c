// What /login costs on the wire, read from Chromium's own network accounting (DevTools protocol): a first
// visit with nothing cached, then a second visit in the same browser, over HTTPS (where Chromium asks for
// brotli) and over plain http (gzip only). HTTPS is a TLS front made here with a certificate made for the
// test, passing requests to the e2e server as a production proxy would.
import { execFileSync } from 'node:child_process'
import { createHash, createPublicKey } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { createSecureServer, type Http2SecureServer } from 'node:http2'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, expect, test } from '@playwright/test'

const KB = 1024
// What a first visit may weigh (issue 20): headers included, as Chromium counts them.
const FIRST_VISIT_KB = { https: 200, http: 250 }
// Headers of one connection, which HTTP/2 forbids in an answer.
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']

/** A TLS front for the e2e server with a throw-away self-signed certificate, and the certificate's key hash. */
function tlsFront(upstream: URL): Promise<{ server: Http2SecureServer; spki: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'epc-tls-'))
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  )
  const key = readFileSync(join(dir, 'key.pem'))
  const cert = readFileSync(join(dir, 'cert.pem'))
  rmSync(dir, { recursive: true, force: true })
  // Chromium keeps nothing in its cache from a site whose certificate it refused; trusted by its key's hash
  // (--ignore-certificate-errors-spki-list) the site is cached as a properly certified one would be.
  const spki = createHash('sha256')
    .update(createPublicKey(key).export({ type: 'spki', format: 'der' }))
    .digest('base64')
  // HTTP/2 as the nginx of docs/operations.md speaks it (`http2 on`), HTTP/1.1 to the server behind.
  const server = createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
    const headers: Record<string, string | string[] | undefined> = { host: upstream.host }
    for (const [name, value] of Object.entries(req.headers)) if (!name.startsWith(':')) headers[name] = value
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        const out = { ...answer.headers }
        for (const name of HOP_BY_HOP) delete out[name]
        res.writeHead(answer.statusCode ?? 502, out)
        answer.pipe(res)
      },
    )
    forward.on('error', () => res.destroy())
    req.pipe(forward)
  })
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ server, spki })))
}

interface Visit {
  bytes: number
  requests: number
  encodings: Set<string>
}

/** Opens /login in a new page of the context and adds up every byte Chromium received, headers included. */
async function visitLogin(context: BrowserContext): Promise<Visit> {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  const visit: Visit = { bytes: 0, requests: 0, encodings: new Set() }
  cdp.on('Network.responseReceived', (e) => {
    const encoding = e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding']
    if (encoding && e.response.url.includes('/assets/')) visit.encodings.add(encoding)
  })
  cdp.on('Network.loadingFinished', (e) => {
    visit.bytes += e.encodedDataLength
    if (e.encodedDataLength > 0) visit.requests += 1
  })
  await page.goto('/login')
  await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.close()
  return visit
}

function report(scheme: string, first: Visit, second: Visit) {
  const kb = (n: number) => (n / KB).toFixed(1)
  console.log(
    `/login (${scheme}): 首次 ${kb(first.bytes)} KB / ${first.requests} 个请求（${[...first.encodings].join(', ')}），` +
      `再次 ${kb(second.bytes)} KB / ${second.requests} 个请求`,
  )
}

test('/login over HTTPS: brotli, at most 200 KB on a first visit and 5 KB on a second', async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  const front = await tlsFront(new URL(baseURL as string))
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--ignore-certificate-errors-spki-list=${front.spki}`],
  })
  try {
    const port = (front.server.address() as AddressInfo).port
    const context = await browser.newContext({ baseURL: `https://127.0.0.1:${port}` })
    const first = await visitLogin(context)
    const second = await visitLogin(context)
    report('https', first, second)
    expect([...first.encodings]).toEqual(['br'])
    expect(first.bytes).toBeLessThanOrEqual(FIRST_VISIT_KB.https * KB)
    expect(second.bytes).toBeLessThanOrEqual(5 * KB)
  } finally {
    await browser.close()
    front.server.close()
  }
})

test('/login over plain http: gzip, at most 250 KB on a first visit and 5 KB on a second', async ({
  browser,
}) => {
  // Chromium asks a plain-http site for gzip and deflate only, except on localhost, which it trusts as it
  // trusts HTTPS (and asks for brotli): the header a browser sends a LAN or plain-http install is set here.
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip, deflate' } })
  const first = await visitLogin(context)
  const second = await visitLogin(context)
  report('http', first, second)
  expect([...first.encodings]).toEqual(['gzip'])
  expect(first.bytes).toBeLessThanOrEqual(FIRST_VISIT_KB.http * KB)
  expect(second.bytes).toBeLessThanOrEqual(5 * KB)
  await context.close()
})
