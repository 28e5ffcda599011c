// Turns catalogue rows into the answers' field names (spec section 3's car info, stock fields, part record).
import { type CarInfo, fenToYuan, PRICE_LISTS, type StockRow, WAREHOUSES } from '@epc/shared'
import type { ModelRow } from './catalogue.repository'

/** Engine, transmission and the years the model was built, as one string: EA211 1.4T 7速双离合 2019-2021年. */
export function modelCondition(m: ModelRow): string {
  const from = Number(m.built_from ?? m.year)
  const to = Number(m.built_to ?? m.year)
  const years = from === to ? `${from}` : `${from}-${to}`
  return [m.engine, m.transmission, `${years}年`].filter(Boolean).join(' ')
}

/** Car info (spec section 3) for a model. */
export function toCarInfo(m: ModelRow, vinCode = ''): CarInfo {
  return {
    ModelId: m.model_code,
    ModelCondition: modelCondition(m),
    car_name: m.car_name,
    year: m.year,
    engine: m.engine,
    transmission: m.transmission,
    series_number: m.series_number,
    series_name: m.series_name,
    brand_number: m.brand_number,
    brand_name: m.brand_name,
    manufacturerId: m.manufacturer_code,
    manufacturer_name: m.manufacturer_name,
    imported: m.imported === 1,
    vinCode,
  }
}

export function money(fen: number | null | undefined): number | null {
  return fen === null || fen === undefined ? null : fenToYuan(Number(fen))
}

/**
 * Stock of one part per warehouse, in the spec's stock fields, every warehouse listed. PRICE (the purchase
 * price) only for a caller with the right (Caller.seePurchasePrice), null otherwise.
 */
export function toStockRows(
  part: { disp_number: string; part_name_cn: string },
  rows: {
    warehouse: string
    purchase_fen: number
    sale_fen: number
    quantity: number
    sales_banned: number
  }[],
  seePurchasePrice: boolean,
): StockRow[] {
  return WAREHOUSES.map((w) => {
    const row = rows.find((r) => r.warehouse === w.code)
    return {
      warehouse: w.code,
      warehouse_name: w.name,
      PART_NO: part.disp_number,
      PART_NAME: part.part_name_cn,
      PRICE: row && seePurchasePrice ? money(row.purchase_fen) : null,
      NETWR: row ? money(row.sale_fen) : null,
      STOCK_QUANTITY: row ? Number(row.quantity) : 0,
      SLFLAG: row ? Number(row.sales_banned) : 0,
    }
  })
}

/** Each warehouse's quantity from a part row's JSON of them (none: 0 in every warehouse). */
export function toStockQuantities(json: string | null): Record<string, number> {
  const quantities = json ? (JSON.parse(json) as Record<string, number>) : {}
  return Object.fromEntries(WAREHOUSES.map((w) => [w.code, Number(quantities[w.code] ?? 0)]))
}

export function toPriceRows(rows: { type4s: number; price_fen: number }[]) {
  return rows.map((r) => ({
    type4s: Number(r.type4s),
    name: PRICE_LISTS.find((p) => p.type4s === Number(r.type4s))?.name ?? `价格类型${r.type4s}`,
    price: money(r.price_fen),
  }))
}
