// /api/epc/queryquoteorderdetail, /api/epc/querypurchaseorderdetail: the lines of one sheet.
import type { PurchaseLine, QuotationLine, SheetKind } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { enabledUnlessJustFailed } from '../../../lib/just-failed'
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

/**
 * Lines just fetched are not asked for again when another observer takes them up: the selection fetches
 * them, and the detail card subscribes once they are in (hooks/use-shown-sheet.ts). Changes made here
 * refresh them at once (the mutations invalidate the kind).
 */
const LINES_FRESH_MS = 10_000

export const sheetLinesQuery = (kind: SheetKind, orderId: string | null) =>
  queryOptions({
    queryKey: sheetKeys.lines(kind, orderId),
    queryFn: () => fetchSheetLines(kind, orderId ?? ''),
    enabled: enabledUnlessJustFailed(!!orderId),
    staleTime: LINES_FRESH_MS,
  })

export const useSheetLines = (kind: SheetKind, orderId: string | null) =>
  useQuery(sheetLinesQuery(kind, orderId))
