// The address ranges and embed origins a data-service key may be limited to, as the key page and the server
// check them.
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { DataServiceMessages } from './data-service'
import { createApiKeySchema, isIpRange, isWebOrigin, setApiKeyEmbedSchema } from './data-service-schemas'

describe('isIpRange', () => {
  it.each([
    '203.0.113.7',
    '203.0.113.0/24',
    '0.0.0.0/0',
    '2001:db8::/32',
    '::1',
    '::',
    '::ffff:192.0.2.1',
    'fe80::1:2:3:4:5:6',
    '2001:0db8:0000:0000:0000:0000:0000:0001/128',
  ])('takes %s', (entry) => expect(isIpRange(entry)).toBe(true))

  it.each([
    '',
    '256.1.1.1',
    '1.2.3',
    '01.2.3.4',
    '10.0.0.0/33',
    '10.0.0.0/',
    '10.0.0.0/8/8',
    '2001:db8::/129',
    '2001::db8::1',
    '1:2:3:4:5:6:7:8:9',
    'localhost',
    '::ffff:999.0.0.1',
  ])('refuses %s', (entry) => expect(isIpRange(entry)).toBe(false))
})

describe('createApiKeySchema', () => {
  it('trims the name and the ranges, drops empty lines and repeats', () => {
    const parsed = z.parse(createApiKeySchema, {
      Name: ' 理赔 ',
      IpRanges: [' 10.0.0.0/8', '', '10.0.0.0/8'],
    })
    expect(parsed).toEqual({ Name: '理赔', IpRanges: ['10.0.0.0/8'] })
  })
})

describe('isWebOrigin', () => {
  it.each([
    'https://erp.example.com',
    'http://erp.example.test',
    'https://erp.example.com:8443',
    'http://10.0.0.5:8080',
  ])('takes %s', (entry) => expect(isWebOrigin(entry)).toBe(true))

  it.each([
    '',
    'erp.example.com',
    'https://erp.example.com/path',
    'https://erp.example.com?x=1',
    'https://user@erp.example.com',
    'ftp://erp.example.com',
    'https://*.example.com',
    "'self'",
    'https://erp.example.com:443',
    'https://erp example.com',
  ])('refuses %s', (entry) => expect(isWebOrigin(entry)).toBe(false))
})

describe('setApiKeyEmbedSchema', () => {
  it('keeps origins as browsers send them: trailing slash dropped, lower case, no repeats', () => {
    const parsed = z.parse(setApiKeyEmbedSchema, {
      KeyId: 3,
      EmbedOrigins: [' https://ERP.example.com/ ', '', 'https://erp.example.com'],
    })
    expect(parsed).toEqual({ KeyId: 3, EmbedOrigins: ['https://erp.example.com'] })
  })

  it("refuses a path with the page's message", () => {
    const parsed = z.safeParse(setApiKeyEmbedSchema, {
      KeyId: 3,
      EmbedOrigins: ['https://erp.example.com/epc'],
    })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe(DataServiceMessages.embedOrigins)
  })
})
