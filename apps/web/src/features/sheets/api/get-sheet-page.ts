// /api/epc/queryquoteorder, /api/epc/querypurchaseorder: a page of sheets for a search text (number, plate,
// VIN, customer or supplier, car type); row 0 carries the total. The screens use it three ways: the paged
// list, the header popover's latest sheets, and one sheet found by its number.
import { type PurchaseOrderRow, type QuotationRow, SHEET_PAGE_SIZE, type SheetKind } from '@epc/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { POPOVER_REFRESH_MS } from '../texts'
import type { SheetPage, SheetRow } from '../types'
import { sheetKeys } from './keys'

const PATH: Record<SheetKind, string> = {
  quote: '/api/epc/queryquoteorder',
  purchase: '/api/epc/querypurchaseorder',
}

/** The most a page may hold; a look-up by number asks for this many, as the text may match other fields. */
const MAX_PAGE_SIZE = 100

export async function fetchSheetPage(
  kind: SheetKind,
  keyText: string,
  page: number,
  size = SHEET_PAGE_SIZE,
): Promise<SheetPage> {
  const rows = await api.post<(QuotationRow | PurchaseOrderRow)[]>(
    PATH[kind],
    { KeyText: keyText, PageIndex: page, PageSize: size },
    { showResultMsg: true },
  )
  return { rows, total: rows[0]?.TotalCount ?? 0 }
}

/** The sheet with exactly this number, or null when there is none (deleted, or another company's). */
export async function fetchSheetById(kind: SheetKind, orderId: string): Promise<SheetRow | null> {
  const { rows } = await fetchSheetPage(kind, orderId, 1, MAX_PAGE_SIZE)
  return rows.find((r) => r.OrderId === orderId) ?? null
}

export const sheetPageQuery = (kind: SheetKind, keyText: string, page: number) =>
  queryOptions({
    queryKey: sheetKeys.page(kind, keyText, page),
    queryFn: () => fetchSheetPage(kind, keyText, page),
    placeholderData: keepPreviousData,
  })

/** The header popover's latest sheets: fetched on opening, at most once per POPOVER_REFRESH_MS. */
export const latestSheetsQuery = (kind: SheetKind) =>
  queryOptions({
    queryKey: sheetKeys.latest(kind),
    queryFn: () => fetchSheetPage(kind, '', 1),
    staleTime: POPOVER_REFRESH_MS,
  })

export const sheetByIdQuery = (kind: SheetKind, orderId: string | null) =>
  queryOptions({
    queryKey: sheetKeys.one(kind, orderId),
    queryFn: () => fetchSheetById(kind, orderId ?? ''),
    enabled: !!orderId,
  })

export const useSheetPage = (kind: SheetKind, keyText: string, page: number) =>
  useQuery(sheetPageQuery(kind, keyText, page))

export const useLatestSheets = (kind: SheetKind, open: boolean) =>
  useQuery({ ...latestSheetsQuery(kind), enabled: open })

export const useSheetById = (kind: SheetKind, orderId: string | null, enabled = true) =>
  useQuery({ ...sheetByIdQuery(kind, orderId), enabled: enabled && !!orderId })
