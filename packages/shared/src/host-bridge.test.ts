// The host answers of host-bridge.md in every shape: 8021's stock and replacement lists, 8002's records or
// rows, 0401's single row and VIN answer, both casings, numbers as text, and the answers that reject with 0.
import { describe, expect, it } from 'vitest'
import {
  type HostStockRecord,
  normaliseStockAnswer,
  normaliseVinAnswer,
  rawAnswerText,
  recordFor,
} from './host-bridge'

/** The first record of an answer that must have one. */
function firstOf(answer: unknown): HostStockRecord {
  const records = normaliseStockAnswer(answer)
  if (records === 0 || !records[0]) throw new Error('no record')
  return records[0]
}

const upperRow = {
  PART_NO: '5Q0 615 301 F',
  PART_NAME: '前制动盘',
  PRICE: 512.3,
  NETWR: 698,
  STOCK_QUANTITY: 4,
  SLFLAG: 0,
  STORAGE_POSITION: 'A-03-12',
}
const lowerRow = {
  part_no: '04465-02220',
  part_name: '前刹车片',
  price: '245.50',
  netwr: '368.00',
  stock_quantity: '37.000',
  slflag: 'X',
}

describe('stock answers', () => {
  it('reads 8021: stock rows, then replacements flagged, in upper case', () => {
    const answer = {
      code: 200,
      data: {
        replace: [{ ...upperRow, PART_NO: '5Q0 615 301 G', STOCK_QUANTITY: 0, STORAGE_POSITION: undefined }],
        stock: [upperRow],
      },
    }
    expect(normaliseStockAnswer(answer)).toEqual([
      {
        key: 0,
        disp_number: '5Q0 615 301 F',
        part_name_cn: '前制动盘',
        available_stock: 4,
        purchase_price: 512.3,
        sale_price: 698,
        storagePositionCode: 'A-03-12',
        flag: false,
        salesBanned: false,
      },
      {
        key: 1,
        disp_number: '5Q0 615 301 G',
        part_name_cn: '前制动盘',
        available_stock: 0,
        purchase_price: 512.3,
        sale_price: 698,
        storagePositionCode: '',
        flag: true,
        salesBanned: false,
      },
    ])
  })

  it('reads 8002 records and rows alike, in lower case, numbers as text', () => {
    const expected = [
      {
        key: 0,
        disp_number: '04465-02220',
        part_name_cn: '前刹车片',
        available_stock: 37,
        purchase_price: 245.5,
        sale_price: 368,
        storagePositionCode: '',
        flag: false,
        salesBanned: true,
      },
    ]
    expect(normaliseStockAnswer({ code: 200, data: { records: [lowerRow] } })).toEqual(expected)
    expect(normaliseStockAnswer({ code: 200, data: { rows: [lowerRow] } })).toEqual(expected)
    // The same as JSON text, and with the code as text.
    expect(normaliseStockAnswer(JSON.stringify({ code: '200', data: { rows: [lowerRow] } }))).toEqual(
      expected,
    )
  })

  it('takes either casing from either object, and mixed casings within a row', () => {
    expect(firstOf({ code: 200, data: { stock: [lowerRow], replace: [] } }).disp_number).toBe('04465-02220')
    expect(firstOf({ code: 200, data: { records: [upperRow] } }).sale_price).toBe(698)
    const mixed = normaliseStockAnswer({
      code: 200,
      data: { rows: [{ Part_No: 'X1', part_name: '螺栓', Price: '1.5', NETWR: 2, stock_quantity: 3 }] },
    })
    expect(mixed).toMatchObject([
      { disp_number: 'X1', part_name_cn: '螺栓', purchase_price: 1.5, sale_price: 2 },
    ])
  })

  it('reads 0401: one row', () => {
    expect(normaliseStockAnswer({ code: 200, data: upperRow })).toMatchObject([
      { key: 0, disp_number: '5Q0 615 301 F', available_stock: 4, flag: false },
    ])
  })

  it('defaults what is missing: stock 0, no price, empty storage position', () => {
    expect(normaliseStockAnswer({ code: 200, data: { records: [{ PART_NO: 'ABC' }] } })).toEqual([
      {
        key: 0,
        disp_number: 'ABC',
        part_name_cn: '',
        available_stock: 0,
        purchase_price: null,
        sale_price: null,
        storagePositionCode: '',
        flag: false,
        salesBanned: false,
      },
    ])
  })

  it('keeps whole, non-negative stock and prices to the fen; junk numbers are none', () => {
    const row = firstOf({
      code: 200,
      data: { rows: [{ PART_NO: 'A', STOCK_QUANTITY: '-3', PRICE: '12.345', NETWR: 'abc' }] },
    })
    expect(row).toMatchObject({ available_stock: 0, purchase_price: 12.35, sale_price: null })
    // Half a fen rounds up as the decimal reads, text or number (binary floating point made 0.285 into 0.28).
    const price = (PRICE: unknown) =>
      firstOf({ code: 200, data: { rows: [{ PART_NO: 'A', PRICE }] } }).purchase_price
    expect(['0.285', '1.005', '1.015', 2.675, '10.235', '0.284', 3].map(price)).toEqual([
      0.29, 1.01, 1.02, 2.68, 10.24, 0.28, 3,
    ])
    expect(
      firstOf({ code: 200, data: { rows: [{ PART_NO: 'A', stock_quantity: 4.5 }] } }).available_stock,
    ).toBe(4)
  })

  it('reads SLFLAG 1, "1", "X" and "x" as sales banned, anything else not', () => {
    const banned = (SLFLAG: unknown) =>
      firstOf({ code: 200, data: { rows: [{ PART_NO: 'A', SLFLAG }] } }).salesBanned
    expect([1, '1', 'X', 'x', true].map(banned)).toEqual([true, true, true, true, true])
    expect([0, '0', '', null, undefined, 'N'].map(banned)).toEqual([false, false, false, false, false, false])
  })

  it('rejects with 0: code not 200, no data, empty lists, rows without a number, not JSON', () => {
    for (const answer of [
      { code: 500, data: { records: [lowerRow] } },
      { code: '404', data: { records: [lowerRow] } },
      { data: { records: [lowerRow] } },
      { code: 200 },
      { code: 200, data: null },
      { code: 200, data: { stock: [], replace: [] } },
      { code: 200, data: { records: [] } },
      { code: 200, data: { rows: [{ PART_NAME: '无编号' }] } },
      { code: 200, data: 'text' },
      '{"code":200,"data":',
      '',
      'null',
      null,
      undefined,
      42,
    ]) {
      expect(normaliseStockAnswer(answer), JSON.stringify(answer)).toBe(0)
    }
  })
})

describe('VIN answers', () => {
  it('reads plate and model in either casing, as object or text', () => {
    expect(
      normaliseVinAnswer({ code: 200, data: { PLATE_NO: '京A12345', MODEL_NAME: '速腾 2019款 280TSI' } }),
    ).toEqual({ plate: '京A12345', model: '速腾 2019款 280TSI' })
    expect(
      normaliseVinAnswer(JSON.stringify({ code: 200, data: { plate_no: '粤B8888', model_name: '' } })),
    ).toEqual({
      plate: '粤B8888',
      model: '',
    })
  })

  it('rejects with 0 when the code is not 200 or neither is known', () => {
    expect(normaliseVinAnswer({ code: 500, data: { PLATE_NO: '京A12345' } })).toBe(0)
    expect(normaliseVinAnswer({ code: 200, data: {} })).toBe(0)
    expect(normaliseVinAnswer({ code: 200 })).toBe(0)
    expect(normaliseVinAnswer('not json')).toBe(0)
  })
})

describe('the part asked about', () => {
  const records = normaliseStockAnswer({
    code: 200,
    data: {
      stock: [
        { PART_NO: '5Q0615301F', NETWR: 1 },
        { PART_NO: '5Q0615301H', NETWR: 2 },
      ],
      replace: [{ PART_NO: '5Q0615301G', NETWR: 3 }],
    },
  }) as NonNullable<Exclude<ReturnType<typeof normaliseStockAnswer>, 0>>

  it('is the stock row of its number, however spelt', () => {
    expect(recordFor(records, '5q0-615-301 f')?.sale_price).toBe(1)
  })

  it('is never a replacement, nor a row of another number', () => {
    expect(recordFor(records, '5Q0615301G')).toBeUndefined()
    expect(recordFor(records, 'OTHER')).toBeUndefined()
    const [only] = records
    expect(recordFor(only ? [only] : [], 'OTHER')).toBeUndefined()
  })
})

describe('the raw answer reported', () => {
  it('is the text as received, or the object as JSON', () => {
    expect(rawAnswerText('{"code":200}')).toBe('{"code":200}')
    expect(rawAnswerText({ code: 200, data: { rows: [] } })).toBe('{"code":200,"data":{"rows":[]}}')
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(rawAnswerText(cyclic)).toBe('')
  })
})
