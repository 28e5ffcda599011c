// The simulated dealer's stock system: a few hundred parts of the demo catalogue (the first parts fitted to
// 一汽-大众 and to 广汽丰田 models, with their substitutes) and the demo VINs, each part in both makers' field
// sets: 8021's upper case with numbers, 8002's lower case with numbers as text (host-bridge.md). Stock,
// storage position and prices are derived from the part number, so every run and every test sees the same.
import { normalizePartNumber } from '@epc/shared'
import { demoCatalogue } from '../../server/src/catalogue-data/demo/generate'

/** One part as 8021 sends it. */
export interface UpperRow {
  PART_NO: string
  PART_NAME: string
  PRICE: number
  NETWR: number
  STOCK_QUANTITY: number
  SLFLAG: number
  STORAGE_POSITION: string
}

/** The same part as 8002 sends it. */
export interface LowerRow {
  part_no: string
  part_name: string
  price: string
  netwr: string
  stock_quantity: string
  slflag: string
  storage_position: string
}

export interface FixturePart {
  upper: UpperRow
  lower: LowerRow
  /** Normalised numbers of the part's substitutes, 8021's replace list. */
  replace: string[]
}

export interface HostFixture {
  /** By normalised part number. */
  parts: Record<string, FixturePart>
  /** By VIN: what getstock0401 answers. */
  vins: Record<string, { PLATE_NO: string; MODEL_NAME: string }>
}

/** How many parts of each maker the dealer stocks (their substitutes come on top). */
const PER_MAKER = 200
const MAKERS = ['FV', 'GT']
const PROVINCES = '京沪粤苏浙川鄂鲁'
const PLATE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'

function hash(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

/** The dealer's row of a part: its stock and position from the number, its prices from the 4S price. */
function dealerRows(number: string, name: string, listFen: number): Omit<FixturePart, 'replace'> {
  const h = hash(number)
  // One part in five out of stock; one in thirty not to be sold.
  const stock = h % 5 === 0 ? 0 : 1 + (h % 37)
  const banned = h % 30 === 7
  const position = `${'ABCDEF'[h % 6]}-${String(1 + (h % 20)).padStart(2, '0')}-${String(1 + ((h >>> 8) % 40)).padStart(2, '0')}`
  // The dealer sells a little under the list price (to the half yuan) and buys at about two thirds of it.
  const saleFen = Math.max(50, Math.round((listFen * 0.95) / 50) * 50)
  const purchaseFen = Math.round(listFen * (0.62 + (h % 9) / 100))
  return {
    upper: {
      PART_NO: number,
      PART_NAME: name,
      PRICE: purchaseFen / 100,
      NETWR: saleFen / 100,
      STOCK_QUANTITY: stock,
      SLFLAG: banned ? 1 : 0,
      STORAGE_POSITION: position,
    },
    lower: {
      part_no: number,
      part_name: name,
      price: (purchaseFen / 100).toFixed(2),
      netwr: (saleFen / 100).toFixed(2),
      stock_quantity: stock.toFixed(3),
      slflag: banned ? 'X' : '',
      storage_position: position,
    },
  }
}

function plateOf(vin: string): string {
  const h = hash(vin)
  const rest = Array.from({ length: 5 }, (_, i) => PLATE_CHARS[(h >>> (i * 5)) % PLATE_CHARS.length]).join('')
  return `${PROVINCES[h % PROVINCES.length]}${PLATE_CHARS[(h >>> 3) % 24]}${rest}`
}

let made: HostFixture | undefined

/** The fixture, generated once per process (about half a second). */
export function hostFixture(): HostFixture {
  if (made) return made
  const demo = demoCatalogue('demo')
  const rows = (table: string) => {
    const t = demo.tables[table]
    if (!t) throw new Error(`the demo catalogue has no ${table}`)
    return t.rows()
  }
  const brandOfSeries = new Map([...rows('series')].map((s) => [s.series_number, s.brand_number]))
  const brandOfModel = new Map(
    [...rows('models')].map((m) => [m.model_code, brandOfSeries.get(m.series_number ?? '')]),
  )
  const chosen = new Map(MAKERS.map((m) => [m, new Set<string>()]))
  for (const f of rows('fitments')) {
    const set = chosen.get(brandOfModel.get(f.model_code ?? '') ?? '')
    if (set && set.size < PER_MAKER) set.add(f.part_number ?? '')
    if ([...chosen.values()].every((s) => s.size >= PER_MAKER)) break
  }
  const wanted = new Set([...chosen.values()].flatMap((s) => [...s]))
  const substitutes = new Map<string, string[]>()
  for (const s of rows('substitutes')) {
    const number = s.part_number ?? ''
    if (!wanted.has(number)) continue
    substitutes.set(number, [...(substitutes.get(number) ?? []), s.substitute_part_number ?? ''])
  }
  const stocked = new Set([...wanted, ...[...substitutes.values()].flat()])
  const names = new Map<string, string>()
  for (const p of rows('parts'))
    if (stocked.has(p.part_number ?? '')) names.set(p.part_number ?? '', p.name ?? '')
  const listFen = new Map<string, number>()
  for (const p of rows('prices')) {
    if (p.type4s === '1' && stocked.has(p.part_number ?? '')) {
      listFen.set(p.part_number ?? '', Math.round(Number(p.price) * 100))
    }
  }

  const parts: Record<string, FixturePart> = {}
  for (const number of stocked) {
    parts[normalizePartNumber(number)] = {
      ...dealerRows(number, names.get(number) ?? '', listFen.get(number) ?? 10_000),
      replace: (substitutes.get(number) ?? []).map(normalizePartNumber),
    }
  }
  const vins: HostFixture['vins'] = {}
  for (const v of demo.demoVins) vins[v.vin] = { PLATE_NO: plateOf(v.vin), MODEL_NAME: v.car_name }
  made = { parts, vins }
  return made
}
