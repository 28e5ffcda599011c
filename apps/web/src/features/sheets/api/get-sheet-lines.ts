// /api/epc/queryquoteorderdetail, /api/epc/querypurchaseorderdetail: the lines of one sheet.
import type { PurchaseLine, QuotationLine, SheetKind } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { SheetLine } from '../types'
import { sheetKeys } from './keys'
import { lineFromWire } from './line-wire'

const PATH: Record<SheetKind, string> = {
  quote: '/api/epc/queryquoteorderdetail',
  purchase: '/api/epc/querypurchaseorderdetail',
}

export async function fetchSheetLines(kind: SheetKind, orderId: string): Promise<SheetLine[]> {
  const lines = await api.post<(QuotationLine | PurchaseLine)[]>(
    PATH[kind],
    { OrderId: orderId },
    { showResultMsg: true },
  )
  return lines.map((line) => lineFromWire(kind, line))
}

export const sheetLinesQuery = (kind: SheetKind, orderId: string | null) =>
  queryOptions({
    queryKey: sheetKeys.lines(kind, orderId),
    queryFn: () => fetchSheetLines(kind, orderId ?? ''),
    enabled: !!orderId,
  })

export const useSheetLines = (kind: SheetKind, orderId: string | null) =>
  useQuery(sheetLinesQuery(kind, orderId))
