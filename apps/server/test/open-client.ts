// A client of the open API written from docs/open-api.md "Signing" and the OpenAPI document: the headers of a
// signed request, and a typed client that signs each request.
import { createHash, createHmac, randomBytes } from 'node:crypto'
import createClient, { type Middleware } from 'openapi-fetch'
import type { TestApp } from './helper'
import type { paths } from './open-api-types'

export interface OpenKey {
  appKey: string
  appSecret: string
}

/** The four signing headers for a request; the body as the bytes that will be sent ('' for a GET). */
export function signedHeaders(
  key: OpenKey,
  request: { method: string; path: string; body: string; timestampSeconds: number; nonce?: string },
): Record<string, string> {
  const nonce = request.nonce ?? randomBytes(16).toString('hex')
  const timestamp = String(request.timestampSeconds)
  const bodySha256 = createHash('sha256').update(request.body, 'utf8').digest('hex')
  const text = [request.method.toUpperCase(), request.path, timestamp, nonce, bodySha256].join('\n')
  return {
    'X-Epc-AppKey': key.appKey,
    'X-Epc-Timestamp': timestamp,
    'X-Epc-Nonce': nonce,
    'X-Epc-Signature': createHmac('sha256', key.appSecret).update(text, 'utf8').digest('hex'),
  }
}

export interface OpenResponse<T = Record<string, unknown>> {
  status: number
  body: T
  headers: Record<string, string | string[] | number | undefined>
}

/** A signed request to a test app in-process, timestamped on its clock; `sendBody` sends other bytes. */
export async function openRequest<T = Record<string, unknown>>(
  t: TestApp,
  key: OpenKey,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  opts: {
    timestampSeconds?: number
    nonce?: string
    sendBody?: string
    remoteAddress?: string
    headers?: Record<string, string>
  } = {},
): Promise<OpenResponse<T>> {
  const text = body === undefined ? '' : JSON.stringify(body)
  const headers = signedHeaders(key, {
    method,
    path,
    body: text,
    timestampSeconds: opts.timestampSeconds ?? Math.floor(t.clock.now() / 1000),
    nonce: opts.nonce,
  })
  const res = await t.app.inject({
    method,
    url: path,
    remoteAddress: opts.remoteAddress,
    headers: {
      ...headers,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    payload: method === 'POST' ? (opts.sendBody ?? text) : undefined,
  })
  return { status: res.statusCode, body: res.json() as T, headers: res.headers }
}

/**
 * A typed client of the open API as a customer would write it: the types generated from /open/openapi.json
 * (test/open-api-types.ts, `npm run openapi:types`) with openapi-fetch, and the signing of docs/open-api.md
 * added to every request. `fetch` may route to an app in-process; `now` is the clock the timestamp is read on.
 */
export function openApiClient(
  key: OpenKey,
  opts: { baseUrl: string; fetch?: (request: Request) => Promise<Response>; now?: () => number },
) {
  const client = createClient<paths>({ baseUrl: opts.baseUrl, fetch: opts.fetch })
  const signing: Middleware = {
    async onRequest({ request }) {
      const url = new URL(request.url)
      const headers = signedHeaders(key, {
        method: request.method,
        path: url.pathname + url.search,
        body: await request.clone().text(),
        timestampSeconds: Math.floor((opts.now ?? Date.now)() / 1000),
      })
      for (const [name, value] of Object.entries(headers)) request.headers.set(name, value)
      return request
    },
  }
  client.use(signing)
  return client
}
