// The desktop host's stock look-ups (../shared/host-bridge.md, spec sections 3 and 8): every answer shape
// normalised into one stock record, and a VIN answer into plate and model. Shared because the web bridge shows
// the records and the server reads the price of a reported answer by the same rules.
import { normalizePartNumber } from './catalogue'

/** The objects a host may give the page. */
export const HOST_OBJECTS = ['getstock8021', 'getstock8002', 'getstock0401'] as const
export type HostObjectName = (typeof HOST_OBJECTS)[number]

/** The stock or price look-up result of spec section 3; prices in yuan, null when the host gave none. */
export interface HostStockRecord {
  key: number
  disp_number: string
  part_name_cn: string
  available_stock: number
  purchase_price: number | null
  sale_price: number | null
  storagePositionCode: string
  /** The spec's replacement flag: a row of 8021's `replace` list. Never a sheet line's `flag`. */
  flag: boolean
  /** SLFLAG 1 or "X": the dealer may not sell it. */
  salesBanned: boolean
}

/** Plate and model a host knows for a VIN (getstock0401). */
export interface HostVehicle {
  plate: string
  model: string
}

/**
 * What a failed look-up rejects with (spec section 8): 0 when the host answered nothing usable (code not 200,
 * no data, not JSON, it threw or did not answer in time), '' when the page has no such object at all.
 */
export type HostRejection = 0 | ''

export const HostLimits = {
  /** A look-up not answered within this is given up (host-bridge.md, Failure). */
  timeoutMs: 5000,
  /** The most of a reported raw answer the server keeps; the price is read from the whole answer. */
  rawKeptChars: 65_536,
  /** At most one report is kept per company, part and price type in this window. */
  reportWindowMs: 60_000,
} as const

export const HostBridgeMessages = {
  answerMissing: '请提供店端查询结果',
  answerUnreadable: '店端查询结果格式不正确',
  answerEmpty: '店端查询结果中没有库存记录',
  priceType: '价格类型不正确',
} as const

type Row = Record<string, unknown>

const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A field in either casing (PART_NO, part_no, Part_No …): both occur from either object. */
function pick(row: Row, name: string): unknown {
  if (name in row) return row[name]
  const lower = name.toLowerCase()
  if (lower in row) return row[lower]
  for (const key of Object.keys(row)) if (key.toLowerCase() === lower) return row[key]
  return undefined
}

/** Numbers come as numbers or as text ("123.45", "37.000"); anything else is no number. */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value)
  return null
}

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : ''

/**
 * Yuan to the fen, half a fen up as the decimal reads ("0.285" is 0.29: n * 100 in binary floating point
 * made it 28.499… and 0.28); a negative or missing price is no price.
 */
function priceOf(value: unknown): number | null {
  const n = numberOf(value)
  if (n === null || n < 0) return null
  const decimal = /^(\d+)(?:\.(\d+))?$/.exec(typeof value === 'string' ? value.trim() : String(n))
  if (!decimal) return Math.round(n * 100) / 100
  const places = (decimal[2] ?? '').padEnd(3, '0')
  const fen = Number(decimal[1]) * 100 + Number(places.slice(0, 2)) + (Number(places[2]) >= 5 ? 1 : 0)
  return fen / 100
}

/** Whole pieces, never below 0: a sheet line's available_stock is a non-negative integer. */
function stockOf(value: unknown): number {
  const n = numberOf(value)
  return n === null || n <= 0 ? 0 : Math.floor(n)
}

function bannedOf(value: unknown): boolean {
  if (value === true || value === 1) return true
  return typeof value === 'string' && ['1', 'X'].includes(value.trim().toUpperCase())
}

/**
 * The answer's `data` when its `code` is 200, else null. A JSON string is parsed first; a text that is not
 * JSON, a missing code or missing data is no answer.
 */
function successData(raw: unknown): unknown {
  let answer = raw
  if (typeof raw === 'string') {
    try {
      answer = JSON.parse(raw)
    } catch {
      return null
    }
  }
  if (!isRow(answer) || numberOf(pick(answer, 'code')) !== 200) return null
  return pick(answer, 'data') ?? null
}

function recordOf(row: unknown, flag: boolean): Omit<HostStockRecord, 'key'> | null {
  if (!isRow(row)) return null
  const number = textOf(pick(row, 'PART_NO'))
  // A row that names no part is of no use to a clerk.
  if (!number) return null
  return {
    disp_number: number,
    part_name_cn: textOf(pick(row, 'PART_NAME')),
    available_stock: stockOf(pick(row, 'STOCK_QUANTITY')),
    purchase_price: priceOf(pick(row, 'PRICE')),
    sale_price: priceOf(pick(row, 'NETWR')),
    storagePositionCode: textOf(pick(row, 'STORAGE_POSITION')),
    flag,
    salesBanned: bannedOf(pick(row, 'SLFLAG')),
  }
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/** The rows of any stock answer, told apart by shape: 8021's stock and replace, 8002's records or rows, 0401's one row. */
function rowsOf(data: unknown): { row: unknown; flag: boolean }[] {
  if (Array.isArray(data)) return data.map((row) => ({ row, flag: false }))
  if (!isRow(data)) return []
  const stock = pick(data, 'stock')
  const replace = pick(data, 'replace')
  if (Array.isArray(stock) || Array.isArray(replace)) {
    return [
      ...listOf(stock).map((row) => ({ row, flag: false })),
      ...listOf(replace).map((row) => ({ row, flag: true })),
    ]
  }
  for (const name of ['records', 'rows']) {
    const list = pick(data, name)
    if (Array.isArray(list)) return list.map((row) => ({ row, flag: false }))
  }
  return [{ row: data, flag: false }]
}

/** Every stock answer (8021, 8002, 0401; JSON text or object) as records, or 0 when it holds none. */
export function normaliseStockAnswer(raw: unknown): HostStockRecord[] | 0 {
  const records = rowsOf(successData(raw))
    .map(({ row, flag }) => recordOf(row, flag))
    .filter((r): r is Omit<HostStockRecord, 'key'> => r !== null)
    .map((r, key) => ({ key, ...r }))
  return records.length ? records : 0
}

/** getstock0401's answer to a VIN, or 0 when it names neither plate nor model. */
export function normaliseVinAnswer(raw: unknown): HostVehicle | 0 {
  const data = successData(raw)
  if (!isRow(data)) return 0
  const vehicle = { plate: textOf(pick(data, 'PLATE_NO')), model: textOf(pick(data, 'MODEL_NAME')) }
  return vehicle.plate || vehicle.model ? vehicle : 0
}

/**
 * The record of the part asked about: the stock row (not a replacement) of its number, however spaced or
 * dashed. Undefined when the host only knows replacements or other numbers: their prices are not this part's.
 */
export function recordFor(records: HostStockRecord[], partNumber: string): HostStockRecord | undefined {
  const wanted = normalizePartNumber(partNumber)
  return records.find((r) => !r.flag && normalizePartNumber(r.disp_number) === wanted)
}

/** The raw answer as the report sends it: a string as received, an object as its JSON text. */
export function rawAnswerText(raw: unknown): string {
  if (typeof raw === 'string') return raw
  try {
    return JSON.stringify(raw) ?? ''
  } catch {
    return ''
  }
}

/** A company's latest reported dealer price of one price type (/api/author/get4spricelist). */
export interface DealerPrice {
  pb: number
  name: string
  sale_price: number | null
  purchase_price: number | null
  available_stock: number | null
  /** 'YYYY-MM-DD HH:mm:ss', Beijing time. */
  ReportTime: string
}
