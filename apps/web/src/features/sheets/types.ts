// The sheets as the screens see them: one shape for both kinds. The wire names that differ per kind
// (sale_prices/tax_prices, offer_user/PurcaseUser) and the line's flag are mapped in api/line-wire.ts only.
import type { QuotationRow } from '@epc/shared'

/** A sheet's header as the list answers it; quotations and purchase orders have the same fields. */
export type SheetRow = Omit<QuotationRow, 'TotalCount' | 'itemList'>

/** A page of the list and the number of sheets over all pages. */
export interface SheetPage {
  rows: SheetRow[]
  total: number
}

/** What the create and edit dialogs send; ClientName is the customer, or the supplier of a purchase order. */
export interface SheetHeader {
  ClientName: string
  VIN: string
  carNo: string
  carType: string
  remark: string
  makeorder_user: string
}

export interface SheetLine {
  Id: number
  OrderId: string
  part_number: string
  part_name: string
  Amount: number
  /** The sale price on a quotation, the purchase price on a purchase order. */
  price: number
  money: number
  available_stock: number
  area_stock: string
  /** Quotations note a purchase price beside the sale price; null where none is known. */
  purchase_price: number | null
  /** Who added the line. */
  addedBy: string
  /** The part was already on the sheet and was added again on purpose. */
  addedAgain: boolean
  /** The number the catalogue sells now in place of this part (replaced since it was added), or null. */
  replacedBy: string | null
}

/** A line to add to a sheet. */
export interface NewSheetLine {
  OrderId: string
  part_number: string
  part_name: string
  Amount: number
  price: number
  purchase_price?: number | null
  available_stock: number
  area_stock: string
  addedBy: string
  /** Add it although the sheet already holds the part (the answer to code 10003). */
  addDuplicate?: boolean
}

/** A vehicle of an earlier sheet, suggested in the dialogs. */
export interface PastVehicle {
  VIN: string
  carNo: string
  carType: string
}
