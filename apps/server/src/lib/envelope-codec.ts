// The server's envelope codec (protocol.md sections 1 and 3): AES-256-CBC content, MD5 sign, deflated data.
import {
  createCipheriv,
  createDecipheriv,
  type Decipher,
  hash,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto'
import { deflateSync, inflateSync } from 'node:zlib'
import { type EnvelopeRequest, LOWER_HEX_PATTERN, type SiteKeys, signInput } from '@epc/shared'

export function signOf(keys: SiteKeys, timespan: number, transactionNo: string, content: string): string {
  return hash('md5', signInput(timespan, transactionNo, content, keys.signKey), 'hex')
}

export function signMatches(keys: SiteKeys, req: EnvelopeRequest): boolean {
  const expected = Buffer.from(signOf(keys, req.timespan, req.transactionNo, req.content), 'utf8')
  const given = Buffer.from(req.sign, 'utf8')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export function encryptPayload(keys: SiteKeys, payload: object, iv: Buffer = randomBytes(16)): string {
  const cipher = createCipheriv('aes-256-cbc', Buffer.from(keys.contentKey, 'hex'), iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()])
  return Buffer.concat([iv, body]).toString('hex')
}

// CBC decryption is the block cipher's decryption of each block XORed with the block before it (the IV
// before the first). One ECB decipher per key, kept, does the blocks: creating Node's cipher object for
// every request cost more than decrypting the few blocks of a payload.
const blockDeciphers = new Map<string, Decipher>()

function blockDecipher(contentKey: string): Decipher {
  let decipher = blockDeciphers.get(contentKey)
  if (!decipher) {
    decipher = createDecipheriv('aes-256-ecb', Buffer.from(contentKey, 'hex'), null).setAutoPadding(false)
    blockDeciphers.set(contentKey, decipher)
  }
  return decipher
}

/** Answers the decrypted JSON object, or undefined when the content is not one. */
export function decryptContent(keys: SiteKeys, content: string): Record<string, unknown> | undefined {
  // IV plus at least one block, whole blocks only.
  if (content.length < 64 || content.length % 32 !== 0 || !LOWER_HEX_PATTERN.test(content)) return undefined
  const raw = Buffer.from(content, 'hex')
  const plain = blockDecipher(keys.contentKey).update(raw.subarray(16))
  for (let i = 0; i < plain.length; i++) plain[i] = (plain[i] as number) ^ (raw[i] as number)
  // PKCS#7: the last byte says how many bytes of padding there are, and each of them says the same.
  const pad = plain[plain.length - 1] as number
  if (pad < 1 || pad > 16) return undefined
  for (let i = plain.length - pad; i < plain.length; i++) if (plain[i] !== pad) return undefined
  try {
    const value: unknown = JSON.parse(plain.toString('utf8', 0, plain.length - pad))
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

// Level 2 deflates an illustration (mostly SVG) in half the time of the default level 6 for 11 % more bytes:
// a cold look-up's largest single cost, against a few hundred bytes more on the wire.
const DEFLATE_LEVEL = 2

/** Always JSON, so a string answer such as an OrderId of digits stays a string for the client. */
export function encodeData(value: unknown): string {
  return deflateSync(JSON.stringify(value), { level: DEFLATE_LEVEL }).toString('base64')
}

export function decodeData(data: string): unknown {
  const text = inflateSync(Buffer.from(data, 'base64')).toString('utf8')
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export function newTransactionNo(): string {
  return String(randomInt(0, 10_000_000_000)).padStart(10, '0')
}

/** Builds a request body; tests and tools use it to talk to the server as a client would. */
export function sealRequest(
  keys: SiteKeys,
  payload: object,
  opts: { timespan?: number; transactionNo?: string; iv?: Buffer } = {},
): EnvelopeRequest {
  const timespan = opts.timespan ?? Date.now()
  const transactionNo = opts.transactionNo ?? newTransactionNo()
  const content = encryptPayload(keys, payload, opts.iv)
  return { timespan, transactionNo, content, sign: signOf(keys, timespan, transactionNo, content) }
}
