// A client of the open API written from docs/open-api.md "Signing": the headers of a signed request.
import { createHash, createHmac, randomBytes } from 'node:crypto'

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
