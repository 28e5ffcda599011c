import { REQUEST_VECTOR, RESPONSE_VECTOR } from '@epc/shared/test-vectors'
import { describe, expect, it } from 'vitest'
import { decodeData, decryptContent, encodeData, sealRequest, signOf } from './envelope-codec'

describe('server envelope codec against the fixed vectors', () => {
  const v = REQUEST_VECTOR

  it('encrypts and signs the known payload to the known bytes', () => {
    const sealed = sealRequest(v.keys, v.payload, {
      iv: Buffer.from(v.iv, 'hex'),
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

  it('signs as MD5 of timespan, transactionNo, content and key concatenated', () => {
    expect(signOf(v.keys, v.timespan, v.transactionNo, v.content)).toBe(v.sign)
    expect(signOf({ ...v.keys, signKey: 'other' }, v.timespan, v.transactionNo, v.content)).not.toBe(v.sign)
  })

  it('decrypts the known content, and refuses it under another key', () => {
    expect(decryptContent(v.keys, v.content)).toEqual(v.payload)
    const otherKey = { ...v.keys, contentKey: 'ab'.repeat(32) }
    expect(decryptContent(otherKey, v.content)).toBeUndefined()
  })

  it('refuses content that is not whole blocks of lowercase hex', () => {
    expect(decryptContent(v.keys, v.content.toUpperCase())).toBeUndefined()
    expect(decryptContent(v.keys, v.content.slice(0, -2))).toBeUndefined()
    expect(decryptContent(v.keys, 'zz'.repeat(32))).toBeUndefined()
    expect(decryptContent(v.keys, v.iv)).toBeUndefined()
  })

  it('encodes data to the known bytes and reads other deflaters too', () => {
    expect(encodeData(RESPONSE_VECTOR.value)).toBe(RESPONSE_VECTOR.data)
    expect(decodeData(RESPONSE_VECTOR.data)).toEqual(RESPONSE_VECTOR.value)
    expect(decodeData(RESPONSE_VECTOR.dataOtherDeflater)).toEqual(RESPONSE_VECTOR.value)
  })

  it('keeps data that is not JSON as a string, and sends strings as JSON', () => {
    expect(decodeData(RESPONSE_VECTOR.plainTextData)).toBe(RESPONSE_VECTOR.plainText)
    expect(decodeData(encodeData('20231121001'))).toBe('20231121001')
  })
})
