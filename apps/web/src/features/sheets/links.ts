// How catalogue screens hand parts to the sheet pages: the quoteOrder or purchaseOrders page opens in a new
// window with a `db` query parameter carrying the pending parts (spec section 2), and adds them to the
// selected sheet or to the one the user creates next.
// The default import: lz-string is CommonJS, and the browser tests read these links in Node too.
import type { SheetKind } from '@epc/shared'
import lz from 'lz-string'
import { paths } from '../../config/paths'
import type { NewSheetLine } from './types'

/** A part record used to add lines (spec section 3), plus an optional quantity. */
export interface PendingPart {
  disp_number: string
  part_name_cn: string
  available_stock: number
  sale_price: number | null
  purchase_price: number | null
  area_stock?: string
  quantity?: number
}

/** The price a part brings for a sheet of this kind: the sale price on a quotation, else the purchase price. */
export function pendingPrice(kind: SheetKind, part: PendingPart): number | null {
  const price = kind === 'quote' ? part.sale_price : part.purchase_price
  // A hand-made link may carry anything here.
  return typeof price === 'number' && Number.isFinite(price) && price >= 0 ? price : null
}

/** The line a part with a price makes on a sheet as it is (quantity 1 unless given); null without a price. */
export function pendingLine(
  kind: SheetKind,
  part: PendingPart,
  orderId: string,
  addedBy: string,
): NewSheetLine | null {
  const price = pendingPrice(kind, part)
  if (price === null) return null
  return {
    OrderId: orderId,
    part_number: part.disp_number.trim(),
    part_name: part.part_name_cn ?? '',
    Amount: typeof part.quantity === 'number' && part.quantity > 0 ? part.quantity : 1,
    price,
    purchase_price: kind === 'quote' ? part.purchase_price : undefined,
    available_stock: part.available_stock ?? 0,
    area_stock: part.area_stock ?? '',
    addedBy,
  }
}

export const SHEET_PATH: Record<SheetKind, string> = {
  quote: paths.quoteOrder,
  purchase: paths.purchaseOrders,
}

/** The parts are compressed (lz-string, as the login info is): a whole accident zone fits in one link. */
export function sheetLink(kind: SheetKind, parts: PendingPart[]): string {
  return `${SHEET_PATH[kind]}?db=${encodeURIComponent(lz.compressToEncodedURIComponent(JSON.stringify(parts)))}`
}

/** Opens the sheet page in a new window, as the spec's screens do. */
export function openSheetWindow(kind: SheetKind, parts: PendingPart[] = []) {
  window.open(parts.length ? sheetLink(kind, parts) : SHEET_PATH[kind], '_blank', 'noopener')
}

/** Reads the `db` parameter; anything that is not a list of parts is ignored. */
export function readPendingParts(db: string | null): PendingPart[] {
  if (!db) return []
  try {
    // Plain JSON is read too, for a link typed or made by hand.
    const value: unknown = JSON.parse(
      db.trimStart().startsWith('[') || db.trimStart().startsWith('{')
        ? db
        : (lz.decompressFromEncodedURIComponent(db) ?? ''),
    )
    const list = Array.isArray(value) ? value : [value]
    return list.filter(
      (p): p is PendingPart =>
        typeof p === 'object' &&
        p !== null &&
        typeof (p as PendingPart).disp_number === 'string' &&
        (p as PendingPart).disp_number.trim() !== '',
    )
  } catch {
    return []
  }
}

/** The page with one sheet selected, e.g. /quoteOrder?OrderId=BJ202611220001 (the header popover's rows). */
export function sheetUrl(kind: SheetKind, orderId: string): string {
  return `${SHEET_PATH[kind]}?${new URLSearchParams({ OrderId: orderId })}`
}

export function openSheet(kind: SheetKind, orderId: string) {
  window.open(sheetUrl(kind, orderId), '_blank', 'noopener')
}
