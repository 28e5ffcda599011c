// Turns sheet rows into the spec's field names: quotation rows and lines, purchase-order rows and lines.
import { fenToYuan, type PurchaseLine, type QuotationLine, type QuotationRow } from '@epc/shared'
import type { Selectable } from 'kysely'
import type { SheetLinesTable, SheetsTable } from '../../db/schema'

const BEIJING_OFFSET_MS = 8 * 3600_000

/** 'YYYY-MM-DD HH:mm:ss' in Beijing time, as the sheets and their exports show it. */
export function beijingTime(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ')
}

/** 'YYYYMMDD' in Beijing time, the date part of an OrderId. */
export function beijingDate(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '')
}

type Sheet = Selectable<SheetsTable> & { total_fen?: number | null }
type Line = Selectable<SheetLinesTable>

export function toQuotationLine(orderId: string, l: Line): QuotationLine {
  return {
    Id: Number(l.id),
    OrderId: orderId,
    part_number: l.part_number,
    part_name: l.part_name,
    Amount: Number(l.amount_x100) / 100,
    sale_prices: fenToYuan(l.price_fen),
    money: fenToYuan(l.money_fen),
    available_stock: Number(l.available_stock),
    area_stock: l.area_stock,
    purchase_price: l.purchase_price_fen === null ? null : fenToYuan(l.purchase_price_fen),
    offer_user: l.user_name,
    flag: Number(l.flag),
  }
}

export function toPurchaseLine(orderId: string, l: Line): PurchaseLine {
  return {
    Id: Number(l.id),
    OrderId: orderId,
    part_number: l.part_number,
    part_name: l.part_name,
    Amount: Number(l.amount_x100) / 100,
    tax_prices: fenToYuan(l.price_fen),
    money: fenToYuan(l.money_fen),
    available_stock: Number(l.available_stock),
    area_stock: l.area_stock,
    PurcaseUser: l.user_name,
  }
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
