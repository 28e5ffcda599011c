// The one mapping from a kept report to what /api/author/get4spricelist answers.
import { type DealerPrice, PRICE_LISTS } from '@epc/shared'
import { beijingTime } from '../../clock'
import { money } from '../catalogue/catalogue.dto'

/** `seePurchasePrice`: the caller's right (Caller.seePurchasePrice); without it the purchase price is null. */
export function toDealerPrice(
  row: {
    type4s: number
    sale_fen: number | null
    purchase_fen: number | null
    stock: number | null
    created_at: number
  },
  seePurchasePrice: boolean,
): DealerPrice {
  const pb = Number(row.type4s)
  return {
    pb,
    name: PRICE_LISTS.find((p) => p.type4s === pb)?.name ?? `价格类型${pb}`,
    sale_price: money(row.sale_fen),
    purchase_price: seePurchasePrice ? money(row.purchase_fen) : null,
    available_stock: row.stock === null ? null : Number(row.stock),
    ReportTime: beijingTime(Number(row.created_at)),
  }
}
