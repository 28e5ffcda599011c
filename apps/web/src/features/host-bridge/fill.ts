// What a host's answer puts into a new sheet line: the part's own stock row (never a replacement's), its
// stock, sale price and 进价 (when the clerk may see it), and what is shown beside them. The row's `flag` and
// sales ban are shown only: a sheet line's `flag` means "add the duplicate anyway".
import { type HostStockRecord, recordFor } from '@epc/shared'
import type { HostStockAnswer } from './bridge'

export interface HostFill {
  part_name: string
  available_stock: number
  sale_price: number | null
  /** Null where the host gave none or the clerk may not see it. */
  purchase_price: number | null
  storagePositionCode: string
  salesBanned: boolean
}

export function hostFill(
  answer: HostStockAnswer | null | undefined,
  partNumber: string,
  seesPurchasePrice: boolean,
): HostFill | null {
  const own: HostStockRecord | undefined = answer ? recordFor(answer.records, partNumber) : undefined
  if (!own) return null
  return {
    part_name: own.part_name_cn,
    available_stock: own.available_stock,
    sale_price: own.sale_price,
    purchase_price: seesPurchasePrice ? own.purchase_price : null,
    storagePositionCode: own.storagePositionCode,
    salesBanned: own.salesBanned,
  }
}
