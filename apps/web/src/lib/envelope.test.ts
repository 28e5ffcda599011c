// The browser codec against the fixed vectors, which were made with openssl and md5sum, not with either codec.
import { REQUEST_VECTOR, RESPONSE_VECTOR } from '@epc/shared/test-vectors'
import { hexToBytes } from '@noble/ciphers/utils.js'
import { describe, expect, it } from 'vitest'
import { decodeData, sealRequest } from './envelope'

describe('envelope', () => {
  it('seals the request vector exactly', () => {
    const v = REQUEST_VECTOR
    const sealed = sealRequest(v.keys, v.payload, {
      iv: hexToBytes(v.iv),
      timespan: v.timespan,
      transactionNo: v.transactionNo,
    })
    expect(sealed).toEqual({
      timespan: v.timespan,
      transactionNo: v.transactionNo,
      content: v.content,
      sign: v.sign,
    })
  })

  it('reads data from either zlib build, and keeps non-JSON text as a string', () => {
    expect(decodeData(RESPONSE_VECTOR.data)).toEqual(RESPONSE_VECTOR.value)
    expect(decodeData(RESPONSE_VECTOR.dataOtherDeflater)).toEqual(RESPONSE_VECTOR.value)
    expect(decodeData(RESPONSE_VECTOR.plainTextData)).toBe(RESPONSE_VECTOR.plainText)
  })

  it('draws a fresh 10-digit transactionNo and IV for every request', () => {
    const a = sealRequest(REQUEST_VECTOR.keys, {})
    const b = sealRequest(REQUEST_VECTOR.keys, {})
    expect(a.transactionNo).toMatch(/^\d{10}$/)
    expect(b.transactionNo).toMatch(/^\d{10}$/)
    expect(a.content.slice(0, 32)).not.toBe(b.content.slice(0, 32))
    expect(a.content).toMatch(/^[0-9a-f]+$/)
    expect(a.sign).toMatch(/^[0-9a-f]{32}$/)
  })
})
