// What the catalogue knows about a part number typed into the add-part dialog (/api/epc/partdetail, the
// catalogue screens' call): name, 4S price (the sale price), stock in total and per warehouse (北京12 广州3),
// and the lowest warehouse purchase price. A number the catalogue does not know is normal here (a part from
// elsewhere), so no failure text is asked for; quota and network failures are still announced. For such a
// number, the catalogue's numbers it may have meant (a slip of a key, a number typed in part) are offered.
import type { PartDetailAnswer, PartsQueryRow } from '@epc/shared'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { sheetKeys } from './keys'

export interface CatalogueFill {
  part_name: string
  salePrice: number | null
  purchasePrice: number | null
  available_stock: number
  area_stock: string
  salesBanned: boolean
  /** The current number, when the one looked up has been replaced (旧号). */
  replacedBy: string | null
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
    replacedBy: detail.replaced_by,
  }
}

export async function fetchPartFill(partNumber: string): Promise<CatalogueFill> {
  return fillFromDetail(await api.post<PartDetailAnswer>('/api/epc/partdetail', { part_number: partNumber }))
}

export const partFillQuery = (partNumber: string) =>
  queryOptions({ queryKey: sheetKeys.partFill(partNumber), queryFn: () => fetchPartFill(partNumber) })

/** A catalogue number a number it does not know may have meant, with its name. */
export interface MeantPart {
  number: string
  name: string
}

/** What the part-code query offers for a number: its unique prefix match, several, or look-alikes and slips. */
export async function fetchMeantParts(partNumber: string): Promise<MeantPart[]> {
  // Asked on the clerk's behalf after the detail's 未找到: a failure leaves the form as it is, unannounced.
  const [row] = await api.post<PartsQueryRow[]>(
    '/api/epc/partsquery',
    { Codes: [partNumber] },
    { quiet: true },
  )
  if (!row) return []
  if (row.status === 'prefix') return [{ number: row.part_number, name: row.part_name_cn }]
  if (row.status === 'several' || row.status === 'similar') {
    // ?.: a server of the build before (during a rolling deploy) sends no names.
    return row.candidates.map((number, i) => ({ number, name: row.candidate_names?.[i] ?? '' }))
  }
  return []
}

export const meantPartsQuery = (partNumber: string) =>
  queryOptions({ queryKey: sheetKeys.meantParts(partNumber), queryFn: () => fetchMeantParts(partNumber) })
