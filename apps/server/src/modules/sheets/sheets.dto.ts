// The sheets' edge: rows into the spec's field names (quotation and purchase-order rows and lines), and
// the two kinds' line payloads into one draft. The wire names of each kind are mapped here and nowhere else.
import {
  fenToYuan,
  type PurchaseLine,
  type QuotationLine,
  type QuotationRow,
  type SheetKind,
} from '@epc/shared'
import type {
  createPurchaseLineSchema,
  createQuotationLineSchema,
  updatePurchaseLineSchema,
  updateQuotationLineSchema,
} from '@epc/shared/sheets-schemas'
import type { Selectable } from 'kysely'
import type * as z from 'zod/mini'
import { beijingTime } from '../../clock'
import type { SheetLinesTable, SheetsTable } from '../../db/schema'

type Sheet = Selectable<SheetsTable> & { total_fen?: number | null }
type Line = Selectable<SheetLinesTable>

/** The wire names that differ between the two kinds of sheet (spec section 7). */
const WIRE = {
  quote: { price: 'sale_prices', user: 'offer_user' },
  purchase: { price: 'tax_prices', user: 'PurcaseUser' },
} as const

/**
 * A line as the lists answer it; a quotation line also carries its purchase price (null for a caller without
 * the right, Caller.seePurchasePrice) and duplicate flag; both kinds `replaced_by` after the spec's fields (null or
 * the number the catalogue now sells in place of the line's part).
 */
export function toSheetLine(
  kind: SheetKind,
  orderId: string,
  l: Line,
  seePurchasePrice: boolean,
  replacedBy: string | null,
): QuotationLine | PurchaseLine {
  const wire = WIRE[kind]
  // Built in the wire's field order, the same for both kinds up to the area stock.
  const line: Record<string, unknown> = {
    Id: Number(l.id),
    OrderId: orderId,
    part_number: l.part_number,
    part_name: l.part_name,
    Amount: Number(l.amount_x100) / 100,
    [wire.price]: fenToYuan(l.price_fen),
    money: fenToYuan(l.money_fen),
    available_stock: Number(l.available_stock),
    area_stock: l.area_stock,
  }
  if (kind === 'quote')
    line.purchase_price =
      l.purchase_price_fen === null || !seePurchasePrice ? null : fenToYuan(l.purchase_price_fen)
  line[wire.user] = l.user_name
  if (kind === 'quote') line.flag = Number(l.flag)
  line.replaced_by = replacedBy
  return line as unknown as QuotationLine | PurchaseLine
}

type NewLinePayload = z.output<typeof createQuotationLineSchema> | z.output<typeof createPurchaseLineSchema>
type LineChangePayload =
  | z.output<typeof updateQuotationLineSchema>
  | z.output<typeof updatePurchaseLineSchema>

/** A line to add, from either kind's payload (quantities in hundredths, money in fen). */
export function toLineDraft(kind: SheetKind, p: NewLinePayload): SheetLineDraft {
  const wire = WIRE[kind]
  const fields = p as Record<string, unknown>
  return {
    orderId: p.OrderId,
    partNumber: p.part_number,
    partName: p.part_name,
    amount: p.Amount,
    priceFen: fields[wire.price] as number,
    purchasePriceFen: 'purchase_price' in p ? p.purchase_price : undefined,
    availableStock: p.available_stock,
    areaStock: p.area_stock,
    userName: fields[wire.user] as string | undefined,
    addDuplicate: p.flag === 1,
  }
}

/** A line's new quantity, price, name and part number, from either kind's payload. */
export function toLineChange(kind: SheetKind, p: LineChangePayload): SheetLineChange {
  return {
    orderId: p.OrderId,
    lineId: p.Id,
    amount: p.Amount,
    priceFen: (p as Record<string, unknown>)[WIRE[kind].price] as number,
    partName: p.part_name,
    partNumber: p.part_number,
  }
}

/** A line to add: quantity in hundredths, money in fen. */
export interface SheetLineDraft {
  orderId: string
  partNumber: string
  partName?: string
  amount: number
  priceFen: number
  purchasePriceFen?: number
  availableStock?: number
  areaStock?: string
  /** Who quoted or ordered it; the caller when not given. */
  userName?: string
  /** Add it although the sheet already holds the part (the user confirmed, after 10003). */
  addDuplicate: boolean
}

export interface SheetLineChange {
  orderId: string
  lineId: number
  amount: number
  priceFen: number
  partName?: string
  partNumber?: string
}

export function toSheetRow<L>(s: Sheet, items: L[]): Omit<QuotationRow, 'itemList'> & { itemList: L[] } {
  return {
    Id: Number(s.id),
    OrderId: s.order_id,
    CreateTime: beijingTime(Number(s.created_at)),
    carNo: s.car_no,
    carType: s.car_type,
    VIN: s.vin,
    ClientName: s.client_name,
    remark: s.remark,
    makeorder_user: s.makeorder_user,
    total_Money: fenToYuan(Number(s.total_fen ?? 0)),
    itemList: items,
  }
}
