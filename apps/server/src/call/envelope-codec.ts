// The server's envelope codec (protocol.md sections 1 and 3): AES-256-CBC content, MD5 sign, deflated data.
import { isUtf8 } from 'node:buffer'
import {
  createCipheriv,
  createDecipheriv,
  type Decipher,
  hash,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto'
import { constants, deflateRawSync, deflateSync, inflateSync } from 'node:zlib'
import {
  type EnvelopeRequest,
  LOWER_HEX_PATTERN,
  Messages,
  ResultCode,
  type SiteKeys,
  signInput,
} from '@epc/shared'

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
  // Strictly UTF-8 (protocol.md section 2): bytes that are not are undecodable content, never U+FFFD. The
  // padding is checked along (its bytes are ASCII, so the answer is the same) to spare a view of the text.
  if (!isUtf8(plain)) return undefined
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

// Smaller answers (a VIN's models, a part code's row, a saved line) go as stored deflate blocks: zlib's
// setting up for each answer (a stream object, its native state, the garbage both leave) cost 15-40 µs of
// server time, more than the 100-300 bytes compressing saved (web servers leave such bodies as they are).
const COMPRESS_FROM_BYTES = 1024

/** Always JSON, so a string answer such as an OrderId of digits stays a string for the client. */
export function encodeData(value: unknown): string {
  const json = Buffer.from(JSON.stringify(value), 'utf8')
  if (json.length < COMPRESS_FROM_BYTES) return storedStream(json).toString('base64')
  return deflateSync(json, { level: DEFLATE_LEVEL }).toString('base64')
}

// A successful answer's body is the same JSON around its `data`, which is base64 with nothing to escape:
// spliced as bytes, not serialised (the Chinese ResultMsg sends JSON.stringify down V8's slower path).
const [SUCCESS_HEAD, SUCCESS_TAIL] = JSON.stringify({
  ResultCode: ResultCode.Success,
  ResultMsg: Messages.success,
  data: '<data>',
})
  .split('<data>')
  .map((text) => Buffer.from(text, 'utf8')) as [Buffer, Buffer]

export function successBody(data: string): Buffer {
  return Buffer.concat([SUCCESS_HEAD, Buffer.from(data, 'latin1'), SUCCESS_TAIL])
}

/**
 * A piece of answers' JSON kept deflated, such as a drawing many models share or a parts list, so that an
 * answer holding it is spliced (spliceDeflated) instead of serialised and deflated whole again. Plain bytes,
 * so the catalogue can store it: the piece's Adler-32 and length (4 bytes each), then raw deflate blocks
 * ending on a byte boundary, none marked last.
 */
export type DeflatedPiece = Buffer

/** A run of an answer spliced by spliceDeflated: JSON text, or a kept piece as it is. */
export type SplicedRun = string | { piece: DeflatedPiece }

const ADLER_BASE = 65521

function adler32(bytes: Buffer): number {
  let a = 1
  let b = 0
  // 5552 bytes is the most that can be summed before the 32-bit sums must be reduced (RFC 1950, zlib).
  for (let start = 0; start < bytes.length; start += 5552) {
    const end = Math.min(start + 5552, bytes.length)
    for (let i = start; i < end; i++) {
      a += bytes[i] as number
      b += a
    }
    a %= ADLER_BASE
    b %= ADLER_BASE
  }
  return b * 65536 + a
}

/** The Adler-32 of two byte runs one after the other, from theirs (zlib's adler32_combine). */
function adlerCombine(first: number, second: number, secondLength: number): number {
  const rem = secondLength % ADLER_BASE
  const a1 = first % 65536
  const b1 = Math.floor(first / 65536)
  const a2 = second % 65536
  const b2 = Math.floor(second / 65536)
  const a = (a1 + a2 + ADLER_BASE - 1) % ADLER_BASE
  const b = (((rem * a1) % ADLER_BASE) + b1 + b2 + ADLER_BASE - rem) % ADLER_BASE
  return b * 65536 + a
}

export function deflatedPiece(json: string): DeflatedPiece {
  const bytes = Buffer.from(json, 'utf8')
  const sums = Buffer.alloc(8)
  sums.writeUInt32BE(adler32(bytes), 0)
  sums.writeUInt32BE(bytes.length, 4)
  const blocks = deflateRawSync(bytes, { level: DEFLATE_LEVEL, finishFlush: constants.Z_SYNC_FLUSH })
  return Buffer.concat([sums, blocks])
}

// The zlib header encodeData's deflateSync writes at level 2: deflate, 32 KB window, "fast" level.
const ZLIB_HEADER = Buffer.from([0x78, 0x5e])
// The same for a stream of stored blocks only ("fastest" level).
const ZLIB_STORED_HEADER = Buffer.from([0x78, 0x01])
const STORED_MAX = 65_535
// An empty stored block marked last: ends a stream whose runs are all byte-aligned and none marked last.
const LAST_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])

/**
 * Bytes as stored (uncompressed) deflate blocks: no zlib call, byte-aligned at both ends. The last block is
 * marked last when `last`, which needs at least one block, so no bytes make one empty block.
 */
function storedBlocks(bytes: Buffer, last = false): Buffer[] {
  const blocks: Buffer[] = []
  let start = 0
  do {
    const length = Math.min(STORED_MAX, bytes.length - start)
    const header = Buffer.alloc(5)
    header[0] = last && start + length === bytes.length ? 1 : 0
    header.writeUInt16LE(length, 1)
    header.writeUInt16LE(~length & 0xffff, 3)
    blocks.push(header, bytes.subarray(start, start + length))
    start += length
  } while (start < bytes.length)
  return blocks
}

/** A whole zlib stream of the bytes, stored. */
function storedStream(bytes: Buffer): Buffer {
  const trailer = Buffer.alloc(4)
  trailer.writeUInt32BE(adler32(bytes))
  return Buffer.concat([ZLIB_STORED_HEADER, ...storedBlocks(bytes, true), trailer])
}

/**
 * `data` for the JSON the runs make one after the other: one zlib stream, no zlib call. Kept pieces go as
 * kept; text runs (the few hundred bytes of names and punctuation around them) go as stored blocks, so a
 * large answer belongs in pieces. The checksum is combined from the runs' own.
 */
export function spliceDeflated(runs: readonly SplicedRun[]): string {
  const stream: Buffer[] = [ZLIB_HEADER]
  let adler = 1
  for (const run of runs) {
    if (typeof run === 'object') {
      adler = adlerCombine(adler, run.piece.readUInt32BE(0), run.piece.readUInt32BE(4))
      stream.push(run.piece.subarray(8))
    } else {
      const bytes = Buffer.from(run, 'utf8')
      if (!bytes.length) continue
      adler = adlerCombine(adler, adler32(bytes), bytes.length)
      stream.push(...storedBlocks(bytes))
    }
  }
  const trailer = Buffer.alloc(4)
  trailer.writeUInt32BE(adler)
  stream.push(LAST_EMPTY_BLOCK, trailer)
  return Buffer.concat(stream).toString('base64')
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
