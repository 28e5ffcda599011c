// The quotation and purchase-order calls (docs/api.md), for both kinds: fetchers, query options, mutations.
// The spec's success and failure texts (section 8) are shown here, so every screen says the same.
import {
  type PurchaseLine,
  type PurchaseOrderRow,
  type QuotationLine,
  type QuotationRow,
  ResultCode,
  SHEET_PAGE_SIZE,
  SheetMessages,
} from '@epc/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client'
import type { SheetKind } from '../links'
import { POPOVER_REFRESH_MS, SHEET_TEXTS } from '../texts'

export type SheetRow = QuotationRow | PurchaseOrderRow
export type SheetLine = QuotationLine | PurchaseLine

const PATHS = {
  quote: {
    create: '/api/epc/createquoteordermaster',
    update: '/api/epc/updatequoteordermaster',
    list: '/api/epc/queryquoteorder',
    remove: '/api/epc/deletequoteordermaster',
    lines: '/api/epc/queryquoteorderdetail',
    addLine: '/api/epc/createquoteorderdetail',
    updateLine: '/api/epc/updatequoteorderdetail',
    deleteLine: '/api/epc/deletequoteorderdetail',
  },
  purchase: {
    create: '/api/epc/createpurchaseordermaster',
    update: '/api/epc/updatepurchaseordermaster',
    list: '/api/epc/querypurchaseorder',
    remove: '/api/epc/deletepurchaseordermaster',
    lines: '/api/epc/querypurchaseorderdetail',
    addLine: '/api/epc/createpurchaseorderdetail',
    updateLine: '/api/epc/updatepurchaseorderdetail',
    deleteLine: '/api/epc/deletepurchaseorderdetail',
  },
} as const

export interface SheetPage {
  rows: SheetRow[]
  total: number
}

/** A page of sheets; a failed load answers an empty page (the list then says 抱歉，暂无数据). */
export async function listSheets(
  kind: SheetKind,
  keyText: string,
  page: number,
  size = SHEET_PAGE_SIZE,
): Promise<SheetPage> {
  try {
    const rows = unwrap(
      await api.post<SheetRow[]>(
        PATHS[kind].list,
        { KeyText: keyText, PageIndex: page, PageSize: size },
        { showResultMsg: true },
      ),
    )
    return { rows, total: rows[0]?.TotalCount ?? 0 }
  } catch {
    return { rows: [], total: 0 }
  }
}

export const sheetListKey = (kind: SheetKind) => ['sheets', kind] as const

export async function sheetLines(kind: SheetKind, orderId: string): Promise<SheetLine[]> {
  return unwrap(await api.post<SheetLine[]>(PATHS[kind].lines, { OrderId: orderId }, { showResultMsg: true }))
}

export interface SheetHeaderInput {
  ClientName?: string
  VIN?: string
  carNo?: string
  carType?: string
  remark?: string
  makeorder_user?: string
}

/** Answers the new OrderId, or null after the failure was shown. */
export async function createSheet(kind: SheetKind, input: SheetHeaderInput): Promise<string | null> {
  const failMessage = kind === 'quote' ? SheetMessages.createQuoteFailed : SheetMessages.createPurchaseFailed
  const result = await api.post<string>(PATHS[kind].create, input, { failMessage }).catch(() => null)
  return result?.ResultCode === ResultCode.Success ? (result.data ?? null) : null
}

export async function updateSheet(
  kind: SheetKind,
  input: SheetHeaderInput & { OrderId: string },
): Promise<boolean> {
  const result = await api
    .post(PATHS[kind].update, input, { failMessage: SHEET_TEXTS[kind].updateFailed })
    .catch(() => null)
  return result?.ResultCode === ResultCode.Success
}

export async function deleteSheet(kind: SheetKind, row: { Id: number; OrderId: string }): Promise<boolean> {
  const result = await api
    .post(
      PATHS[kind].remove,
      { id: row.Id, OrderId: row.OrderId },
      { failMessage: SheetMessages.deleteFailed },
    )
    .catch(() => null)
  return result?.ResultCode === ResultCode.Success
}

export interface LineInput {
  OrderId: string
  part_number: string
  part_name?: string
  Amount: number
  price: number
  purchase_price?: number | null
  available_stock?: number
  area_stock?: string
  user?: string
  flag?: 0 | 1
}

/** 'added', 'duplicate' (10003: the caller asks whether to add it again with flag 1) or 'failed'. */
export async function addLine(kind: SheetKind, line: LineInput): Promise<'added' | 'duplicate' | 'failed'> {
  const payload =
    kind === 'quote'
      ? {
          OrderId: line.OrderId,
          part_number: line.part_number,
          part_name: line.part_name,
          Amount: line.Amount,
          sale_prices: line.price,
          purchase_price: line.purchase_price ?? undefined,
          available_stock: line.available_stock,
          area_stock: line.area_stock,
          offer_user: line.user,
          flag: line.flag,
        }
      : {
          OrderId: line.OrderId,
          part_number: line.part_number,
          part_name: line.part_name,
          Amount: line.Amount,
          tax_prices: line.price,
          available_stock: line.available_stock,
          area_stock: line.area_stock,
          PurcaseUser: line.user,
          flag: line.flag,
        }
  const result = await api
    .post(PATHS[kind].addLine, payload, { failMessage: SheetMessages.addFailed })
    .catch(() => null)
  if (result?.ResultCode === ResultCode.Success) return 'added'
  if (result?.ResultCode === ResultCode.DuplicatePart) return 'duplicate'
  return 'failed'
}

export async function updateLine(
  kind: SheetKind,
  input: { OrderId: string; Id: number; Amount: number; price: number; part_name?: string },
): Promise<boolean> {
  const payload = {
    OrderId: input.OrderId,
    Id: input.Id,
    Amount: input.Amount,
    part_name: input.part_name,
    [kind === 'quote' ? 'sale_prices' : 'tax_prices']: input.price,
  }
  const result = await api
    .post(PATHS[kind].updateLine, payload, { failMessage: '修改失败！' })
    .catch(() => null)
  return result?.ResultCode === ResultCode.Success
}

export async function deleteLine(kind: SheetKind, input: { OrderId: string; Id: number }): Promise<boolean> {
  const result = await api
    .post(PATHS[kind].deleteLine, input, { failMessage: SheetMessages.deleteFailed })
    .catch(() => null)
  return result?.ResultCode === ResultCode.Success
}

/** Past suppliers (0) or past vehicles (1) for suggestions; nothing when the call fails. */
export async function sheetOptions<T>(type: 0 | 1): Promise<T[]> {
  try {
    return unwrap(await api.post<T[]>('/api/epc/querypurchaseordermasterselectoption', { Type: type })) ?? []
  } catch {
    return []
  }
}

export async function vinFill(
  vin: string,
): Promise<{ carNo: string; carType: string; source: string } | null> {
  const result = await api
    .post<{ carNo: string; carType: string; source: string }>('/api/epc/vinfill', { VIN: vin })
    .catch(() => null)
  return result?.ResultCode === ResultCode.Success ? (result.data ?? null) : null
}

export function priceOf(kind: SheetKind, line: SheetLine): number {
  return kind === 'quote' ? (line as QuotationLine).sale_prices : (line as PurchaseLine).tax_prices
}

/** One sheet's list row, found by its number (the page's selection may be on another page of the list). */
export async function sheetById(kind: SheetKind, orderId: string): Promise<SheetRow | null> {
  const rows = unwrap(
    await api.post<SheetRow[]>(PATHS[kind].list, {
      KeyText: orderId,
      PageIndex: 1,
      PageSize: SHEET_PAGE_SIZE,
    }),
  )
  return rows.find((r) => r.OrderId === orderId) ?? null
}

export interface PastVehicle {
  VIN: string
  carNo: string
  carType: string
}

export const sheetPageQuery = (kind: SheetKind, keyText: string, page: number) =>
  queryOptions({
    queryKey: [...sheetListKey(kind), 'page', keyText, page],
    queryFn: () => listSheets(kind, keyText, page),
    placeholderData: keepPreviousData,
  })

export const useSheetPage = (kind: SheetKind, keyText: string, page: number) =>
  useQuery(sheetPageQuery(kind, keyText, page))

export const useSheetById = (kind: SheetKind, orderId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: [...sheetListKey(kind), 'one', orderId],
    queryFn: () => sheetById(kind, orderId ?? ''),
    enabled: enabled && !!orderId,
  })

export const useSheetLines = (kind: SheetKind, orderId: string | null) =>
  useQuery({
    queryKey: [...sheetListKey(kind), 'lines', orderId],
    queryFn: () => sheetLines(kind, orderId ?? ''),
    enabled: !!orderId,
  })

/** The header popover's latest sheets: fetched on opening, at most once per POPOVER_REFRESH_MS. */
export const useLatestSheets = (kind: SheetKind, open: boolean) =>
  useQuery({
    queryKey: [...sheetListKey(kind), 'latest'],
    queryFn: () => listSheets(kind, '', 1),
    staleTime: POPOVER_REFRESH_MS,
    enabled: open,
  })

export const usePastSuppliers = (enabled: boolean) =>
  useQuery({
    queryKey: ['sheets', 'options', 0],
    queryFn: () => sheetOptions<{ ClientName: string }>(0),
    enabled,
    staleTime: 30_000,
  })

export const usePastVehicles = (enabled: boolean) =>
  useQuery({
    queryKey: ['sheets', 'options', 1],
    queryFn: () => sheetOptions<PastVehicle>(1),
    enabled,
    staleTime: 30_000,
  })
