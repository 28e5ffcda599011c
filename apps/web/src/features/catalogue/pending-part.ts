// A catalogue part as the sheets take it (features/sheets hand-over): the 4S price as the sale price, no
// purchase price known, and the quantity a maintenance item needs.
import type { PendingPart } from '../sheets'

export function pendingPart(part: {
  disp_number: string
  part_name_cn: string | null
  price: number | null
  stock_total: number
  quantity?: number
}): PendingPart {
  return {
    disp_number: part.disp_number,
    part_name_cn: part.part_name_cn ?? '',
    available_stock: part.stock_total,
    sale_price: part.price,
    purchase_price: null,
    ...(part.quantity ? { quantity: part.quantity } : {}),
  }
}
