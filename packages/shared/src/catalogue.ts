// Catalogue constants shared by server and web: the ten warehouses (spec section 3), part-number
// normalisation, and the catalogue's fixed choices.

/** The stock warehouses, in the order the spec's inventory columns list them. */
export const WAREHOUSES = [
  { code: 'CC', name: '长春' },
  { code: 'BJ', name: '北京' },
  { code: 'GZ', name: '广州' },
  { code: 'XA', name: '西安' },
  { code: 'JN', name: '济南' },
  { code: 'WH', name: '武汉' },
  { code: 'XJ', name: '新疆' },
  { code: 'CD', name: '成都' },
  { code: 'DL', name: '大连' },
  { code: 'HD', name: '华东' },
] as const
export type WarehouseCode = (typeof WAREHOUSES)[number]['code']
export const WAREHOUSE_CODES: readonly string[] = WAREHOUSES.map((w) => w.code)

/** Price-list types (type4s) of the 4S price: what each company's account is set to. */
export const PRICE_LISTS = [
  { type4s: 1, name: '4S建议零售价' },
  { type4s: 2, name: '4S会员价' },
] as const

/**
 * The form part numbers are matched in: upper case, without spaces, dashes, dots or slashes, so that
 * '5q0-615-301.f' finds '5Q0 615 301 F'. Full-width characters from Chinese input methods count too.
 */
export function normalizePartNumber(raw: string): string {
  // NFKC folds full-width letters, digits and the ideographic space into ASCII.
  return raw
    .normalize('NFKC')
    .replace(/[\s\-./_·]/g, '')
    .toUpperCase()
}

/** The catalogue data's version, shown beside the service hours in the footer (spec section 9). */
export const DATA_VERSION = '8.0.2019.0606'

/** At most this many part codes in one part-code query (spec: paste up to 50). */
export const MAX_PART_CODES = 50

/** Money in the API: yuan as a number with 2 decimals, from integer fen. */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100
}

/** Adds amounts of yuan (or quantities with two decimals) in hundredths, so 0.1 + 0.2 is 0.3 and a total
 * equals the sum of the lines shown. */
export function sumYuan(values: Iterable<number | null | undefined>): number {
  let hundredths = 0
  for (const value of values) hundredths += Math.round(Number(value ?? 0) * 100)
  return hundredths / 100
}
