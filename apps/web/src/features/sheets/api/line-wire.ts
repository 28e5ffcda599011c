// The one place where a line's wire names meet the screens' names, one mapping per kind: a quotation line
// carries its price as sale_prices and its author as offer_user, a purchase line as tax_prices and
// PurcaseUser; flag 1 marks a part added again on purpose.
import type { PurchaseLine, QuotationLine, SheetKind } from '@epc/shared'
import type { NewSheetLine, SheetLine } from '../types'

const flagOf = (addDuplicate: boolean | undefined) =>
  addDuplicate === undefined ? undefined : addDuplicate ? 1 : 0

const quotationLine = {
  priceField: 'sale_prices',
  fromWire: (line: QuotationLine): SheetLine => ({
    Id: line.Id,
    OrderId: line.OrderId,
    part_number: line.part_number,
    part_name: line.part_name,
    Amount: line.Amount,
    price: line.sale_prices,
    money: line.money,
    available_stock: line.available_stock,
    area_stock: line.area_stock,
    purchase_price: line.purchase_price,
    addedBy: line.offer_user,
    addedAgain: line.flag === 1,
    // ?? null: a server of the build before (a rolling deploy) does not say.
    replacedBy: line.replaced_by ?? null,
  }),
  toWire: (line: NewSheetLine) => ({
    OrderId: line.OrderId,
    part_number: line.part_number,
    part_name: line.part_name,
    Amount: line.Amount,
    sale_prices: line.price,
    purchase_price: line.purchase_price ?? undefined,
    available_stock: line.available_stock,
    area_stock: line.area_stock,
    offer_user: line.addedBy,
    flag: flagOf(line.addDuplicate),
  }),
} as const

// Purchase lines keep no purchase price of their own (their price is one) and no duplicate mark.
const purchaseLine = {
  priceField: 'tax_prices',
  fromWire: (line: PurchaseLine): SheetLine => ({
    Id: line.Id,
    OrderId: line.OrderId,
    part_number: line.part_number,
    part_name: line.part_name,
    Amount: line.Amount,
    price: line.tax_prices,
    money: line.money,
    available_stock: line.available_stock,
    area_stock: line.area_stock,
    purchase_price: null,
    addedBy: line.PurcaseUser,
    addedAgain: false,
    replacedBy: line.replaced_by ?? null,
  }),
  toWire: (line: NewSheetLine) => ({
    OrderId: line.OrderId,
    part_number: line.part_number,
    part_name: line.part_name,
    Amount: line.Amount,
    tax_prices: line.price,
    available_stock: line.available_stock,
    area_stock: line.area_stock,
    PurcaseUser: line.addedBy,
    flag: flagOf(line.addDuplicate),
  }),
} as const

export const LINE_WIRE = { quote: quotationLine, purchase: purchaseLine } as const

/** A line as the lines call answers it, whichever kind. */
export function lineFromWire(kind: SheetKind, line: QuotationLine | PurchaseLine): SheetLine {
  return kind === 'quote'
    ? quotationLine.fromWire(line as QuotationLine)
    : purchaseLine.fromWire(line as PurchaseLine)
}
