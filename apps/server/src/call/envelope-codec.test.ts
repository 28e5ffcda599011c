import { createCipheriv } from 'node:crypto'
import { inflateSync } from 'node:zlib'
import { REQUEST_VECTOR, RESPONSE_VECTOR } from '@epc/shared/test-vectors'
import { describe, expect, it } from 'vitest'
import {
  decodeData,
  decryptContent,
  deflatedPiece,
  encodeData,
  encryptPayload,
  sealRequest,
  signMatches,
  signOf,
  spliceDeflated,
} from './envelope-codec'

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

  it('accepts the known sign only as its 32 lowercase hex digits', () => {
    const request = { timespan: v.timespan, transactionNo: v.transactionNo, content: v.content, sign: v.sign }
    expect(signMatches(v.keys, request)).toBe(true)
    for (const sign of [
      v.sign.toUpperCase(),
      v.sign.slice(0, 30),
      `${v.sign}00`,
      ` ${v.sign.slice(1)}`,
      '',
    ]) {
      expect(signMatches(v.keys, { ...request, sign })).toBe(false)
    }
    expect(signMatches({ ...v.keys, signKey: 'other' }, request)).toBe(false)
  })

  it('decrypts the known content, and refuses it under another key', () => {
    expect(decryptContent(v.keys, v.content)).toEqual(v.payload)
    const otherKey = { ...v.keys, contentKey: 'ab'.repeat(32) }
    expect(decryptContent(otherKey, v.content)).toBeUndefined()
  })

  it('decrypts payloads of many blocks, and refuses broken padding', () => {
    const payload = {
      Codes: Array.from({ length: 50 }, (_, i) => `5Q0 615 ${i} F`),
      备注: '前制动盘'.repeat(20),
    }
    expect(decryptContent(v.keys, encryptPayload(v.keys, payload))).toEqual(payload)
    const key = Buffer.from(v.keys.contentKey, 'hex')
    const iv = Buffer.from(v.iv, 'hex')
    const sealed = (plain: Buffer) => {
      const cipher = createCipheriv('aes-256-cbc', key, iv).setAutoPadding(false)
      return Buffer.concat([iv, cipher.update(plain), cipher.final()]).toString('hex')
    }
    const json = Buffer.from('{"a":1234567}') // 13 bytes: three of padding
    expect(decryptContent(v.keys, sealed(Buffer.concat([json, Buffer.from([3, 3, 3])])))).toEqual({
      a: 1234567,
    })
    expect(decryptContent(v.keys, sealed(Buffer.concat([json, Buffer.from([1, 1, 3])])))).toBeUndefined()
    expect(decryptContent(v.keys, sealed(Buffer.concat([json, Buffer.from([3, 3, 0])])))).toBeUndefined()
    expect(decryptContent(v.keys, sealed(Buffer.concat([json, Buffer.from([3, 3, 17])])))).toBeUndefined()
  })

  it('splices kept deflated pieces into an answer that inflates, checksum and all, to the whole JSON', () => {
    const drawing = `"svg":${JSON.stringify(`<svg>${'<path d="M1 2L3 4"/>前制动器'.repeat(3000)}</svg>`)},"width":800`
    const piece = deflatedPiece(drawing)
    const partsJson = JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ callout: i, name: '前制动盘' })))
    const parts = deflatedPiece(partsJson)
    for (const runs of [
      [
        '{"model":{"car_name":"速腾 2019款"},',
        { piece },
        ',"parts":[{"callout":1,"part_name_cn":"前制动盘"}]}',
      ],
      ['{', { piece }, '}'],
      ['{', { piece }, ',"parts":', { piece: parts }, '}'],
      [`{"pad":"${'x'.repeat(70_000)}",`, { piece }, `,"tail":"${'尾'.repeat(9000)}"}`],
    ] as const) {
      const whole = runs
        .map((run) => (typeof run === 'string' ? run : run.piece === piece ? drawing : partsJson))
        .join('')
      const data = spliceDeflated(runs)
      expect(decodeData(data)).toEqual(JSON.parse(whole))
      // zlib's inflate checks the stream's Adler-32 as well as its blocks.
      expect(inflateSync(Buffer.from(data, 'base64')).toString('utf8')).toBe(whole)
    }
  })

  it('refuses content that is not whole blocks of lowercase hex', () => {
    expect(decryptContent(v.keys, v.content.toUpperCase())).toBeUndefined()
    expect(decryptContent(v.keys, v.content.slice(0, -2))).toBeUndefined()
    expect(decryptContent(v.keys, 'zz'.repeat(32))).toBeUndefined()
    expect(decryptContent(v.keys, v.iv)).toBeUndefined()
  })

  it('encodes data that every inflater reads, and reads other deflaters too', () => {
    expect(decodeData(encodeData(RESPONSE_VECTOR.value))).toEqual(RESPONSE_VECTOR.value)
    expect(decodeData(RESPONSE_VECTOR.data)).toEqual(RESPONSE_VECTOR.value)
    expect(decodeData(RESPONSE_VECTOR.dataOtherDeflater)).toEqual(RESPONSE_VECTOR.value)
  })

  it('sends a small answer as stored deflate blocks and compresses a larger one', () => {
    // A small answer: the JSON's bytes themselves after the 2-byte header and the 5-byte block header.
    const small = Buffer.from(encodeData(RESPONSE_VECTOR.value), 'base64')
    const json = Buffer.from(JSON.stringify(RESPONSE_VECTOR.value))
    expect(small.subarray(7, 7 + json.length)).toEqual(json)
    expect(inflateSync(small)).toEqual(json)
    const rows = Array.from({ length: 40 }, (_, i) => ({
      part_number: `5Q0698151${i}`,
      part_name_cn: '前制动片',
    }))
    const large = Buffer.from(encodeData(rows), 'base64')
    expect(large.length).toBeLessThan(Buffer.byteLength(JSON.stringify(rows)) / 3)
    expect(decodeData(large.toString('base64'))).toEqual(rows)
  })

  it('keeps data that is not JSON as a string, and sends strings as JSON', () => {
    expect(decodeData(RESPONSE_VECTOR.plainTextData)).toBe(RESPONSE_VECTOR.plainText)
    expect(decodeData(encodeData('20231121001'))).toBe('20231121001')
  })
})
