// The data-service page's pure logic: the IP-range and embed-origin textareas' lines as the shared schemas
// read them, the order of the key list, the usage totals and the links to the data-items plans.
import { type ApiKeyRow, type ApiUsageRow, DataServiceMessages } from '@epc/shared'
import {
  createApiKeySchema,
  setApiKeyEmbedSchema,
  setApiKeyIpsSchema,
} from '@epc/shared/data-service-schemas'
import { describe, expect, it } from 'vitest'
import {
  buyItemsLink,
  DATA_ITEM_PLANS,
  entryParts,
  keyStateName,
  linesText,
  sortKeys,
  textLines,
  usageTotals,
} from './display'

const key = (KeyId: number, State: ApiKeyRow['State']): ApiKeyRow => ({
  KeyId,
  Name: `密钥${KeyId}`,
  AppKey: `ak${KeyId}`,
  IsTest: false,
  IpRanges: [],
  EmbedOrigins: [],
  State,
  CreatedTime: '2025-01-01 08:00:00',
  LastUsedTime: '',
  RevokedTime: State === 'revoked' ? '2025-01-02 08:00:00' : '',
})

describe('the IP-range textarea', () => {
  it('reads back what was typed, blank and half-typed lines included', () => {
    for (const text of ['', '203.0.113.', '203.0.113.10\n', '10.0.0.0/8\n\n  2001:db8::1  ']) {
      expect(linesText(textLines(text))).toBe(text)
    }
    expect(textLines('1.2.3.4\r\n5.6.7.8')).toEqual(['1.2.3.4', '5.6.7.8'])
    expect(linesText(undefined)).toBe('')
    expect(textLines(undefined)).toEqual([])
  })

  it('sends the entries the schema keeps: trimmed, without blanks or repeats; empty means any address', () => {
    const typed = textLines(' 203.0.113.10 \n\n198.51.100.0/24\n203.0.113.10\n2001:db8::/32\n')
    expect(createApiKeySchema.parse({ Name: '理赔系统', IpRanges: typed }).IpRanges).toEqual([
      '203.0.113.10',
      '198.51.100.0/24',
      '2001:db8::/32',
    ])
    expect(setApiKeyIpsSchema.parse({ KeyId: 1, IpRanges: textLines('') }).IpRanges).toEqual([])
  })

  it('fails with the server’s message on the IP field for a wrong entry', () => {
    const result = createApiKeySchema.safeParse({
      Name: '理赔系统',
      IpRanges: textLines('203.0.113.10\nabc'),
    })
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['IpRanges', DataServiceMessages.ipRanges],
    ])
  })
})

describe('the embed-origin textarea', () => {
  it('sends origins as browsers send them; empty turns embedding off', () => {
    const typed = textLines(
      ' https://ERP.example.com/ \n\nhttp://erp.example.test:8080\nhttps://erp.example.com',
    )
    expect(setApiKeyEmbedSchema.parse({ KeyId: 1, EmbedOrigins: typed }).EmbedOrigins).toEqual([
      'https://erp.example.com',
      'http://erp.example.test:8080',
    ])
    expect(setApiKeyEmbedSchema.parse({ KeyId: 1, EmbedOrigins: textLines('') }).EmbedOrigins).toEqual([])
  })

  it('fails with the server’s message for an address with a path', () => {
    const result = setApiKeyEmbedSchema.safeParse({
      KeyId: 1,
      EmbedOrigins: textLines('https://erp.example.com/epc'),
    })
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['EmbedOrigins', DataServiceMessages.embedOrigins],
    ])
  })
})

describe('the key list', () => {
  it('shows active keys first, newest first in each group', () => {
    const rows = [key(1, 'active'), key(2, 'revoked'), key(3, 'active'), key(4, 'revoked')]
    expect(sortKeys(rows).map((k) => k.KeyId)).toEqual([3, 1, 4, 2])
    expect(rows.map((k) => k.KeyId)).toEqual([1, 2, 3, 4])
    expect(sortKeys(rows).map(keyStateName)).toEqual(['启用', '启用', '已停用', '已停用'])
  })
})

describe('the usage table', () => {
  it('adds up requests and items over its rows', () => {
    const row = (Requests: number, ItemsCharged: number, ItemsFree: number): ApiUsageRow => ({
      Day: '2025-01-01',
      KeyId: 1,
      AppKey: 'ak1',
      Name: '密钥1',
      Requests,
      ItemsCharged,
      ItemsFree,
    })
    expect(usageTotals([])).toEqual({ Requests: 0, ItemsCharged: 0, ItemsFree: 0 })
    expect(usageTotals([row(1, 1, 0), row(3, 40, 10)])).toEqual({
      Requests: 4,
      ItemsCharged: 41,
      ItemsFree: 10,
    })
  })

  it('links to the buy page with a data-items plan chosen', () => {
    expect(buyItemsLink(DATA_ITEM_PLANS.trial)).toBe('/user/buyService?plan=data_items_trial')
    expect(buyItemsLink(DATA_ITEM_PLANS.pack)).toBe('/user/buyService?plan=data_items_10000')
  })
})

describe('entryParts', () => {
  it('cuts an origin or IP range where a narrow column may wrap it, losing nothing', () => {
    const cases: [string, string[]][] = [
      ['https://erp.example.com:8443', ['https://', 'erp', '.example', '.com', ':8443']],
      ['http://localhost', ['http://', 'localhost']],
      ['192.168.1.0/24', ['192', '.168', '.1', '.0', '/24']],
      ['10.0.0.1', ['10', '.0', '.0', '.1']],
    ]
    for (const [entry, parts] of cases) {
      expect(entryParts(entry)).toEqual(parts)
      expect(entryParts(entry).join('')).toBe(entry)
    }
  })
})
