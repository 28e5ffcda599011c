// What the catalogue knows about a part number typed into the add-part dialog: name, 4S price (the sale
// price), stock in total and per warehouse (北京12 广州3), and the lowest warehouse purchase price.
import { type PartDetailAnswer, ResultCode } from '@epc/shared'
import { api } from '../../../lib/api-client'

export interface CatalogueFill {
  part_name: string
  salePrice: number | null
  purchasePrice: number | null
  available_stock: number
  area_stock: string
  salesBanned: boolean
}

export function fillFromDetail(detail: PartDetailAnswer): CatalogueFill {
  const stocked = detail.stock.filter((s) => s.STOCK_QUANTITY > 0)
  const prices = detail.stock.map((s) => s.PRICE).filter((p): p is number => p !== null)
  return {
    part_name: detail.part_name_cn,
    salePrice: detail.price,
    purchasePrice: prices.length ? Math.min(...prices) : null,
    available_stock: stocked.reduce((sum, s) => sum + s.STOCK_QUANTITY, 0),
    area_stock: stocked.map((s) => `${s.warehouse_name}${s.STOCK_QUANTITY}`).join(' '),
    salesBanned: detail.sales_banned,
  }
}

/**
 * The catalogue's answer for a number (the /api/epc/partdetail call of the catalogue screens), or null. A
 * number the catalogue does not know is normal here (a part from elsewhere), so it is not announced;
 * quota and network failures still are, by the API client.
 */
export async function catalogueFill(partNumber: string): Promise<CatalogueFill | null> {
  const result = await api
    .post<PartDetailAnswer>('/api/epc/partdetail', { part_number: partNumber })
    .catch(() => null)
  return result?.ResultCode === ResultCode.Success && result.data ? fillFromDetail(result.data) : null
}
