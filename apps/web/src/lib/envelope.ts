// The browser's envelope codec (protocol.md sections 1 and 3), the counterpart of the server's envelope-codec.
// Pure JavaScript crypto on purpose: Web Crypto's subtle API is missing on plain-http LAN addresses.
import { type EnvelopeRequest, Limits, type SiteKeys, signInput } from '@epc/shared'
import { cbc } from '@noble/ciphers/aes.js'
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/ciphers/utils.js'
import { md5 } from '@noble/hashes/legacy.js'
import { unzlibSync } from 'fflate'

export interface SealOptions {
  iv?: Uint8Array
  timespan?: number
  transactionNo?: string
}

export function newTransactionNo(): string {
  let digits = ''
  while (digits.length < Limits.transactionNoLength) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      // Bytes of 250 and above are skipped so every digit is equally likely.
      if (byte < 250 && digits.length < Limits.transactionNoLength) digits += String(byte % 10)
    }
  }
  return digits
}

export function sealRequest(keys: SiteKeys, payload: object, opts: SealOptions = {}): EnvelopeRequest {
  const timespan = opts.timespan ?? Date.now()
  const transactionNo = opts.transactionNo ?? newTransactionNo()
  const iv = opts.iv ?? crypto.getRandomValues(new Uint8Array(16))
  const cipherText = cbc(hexToBytes(keys.contentKey), iv).encrypt(utf8ToBytes(JSON.stringify(payload)))
  const content = bytesToHex(iv) + bytesToHex(cipherText)
  const sign = bytesToHex(md5(utf8ToBytes(signInput(timespan, transactionNo, content, keys.signKey))))
  return { timespan, transactionNo, content, sign }
}

export function decodeData(data: string): unknown {
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0))
  const text = new TextDecoder().decode(unzlibSync(bytes))
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
