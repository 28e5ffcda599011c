// How the sheet pages open the print view: /printSheet?type=0 (quote) or 1 (purchase order)&OrderId=…, in a
// new window that loads the sheet itself and opens the browser's print dialog.
import type { SheetKind } from '@epc/shared'
import { paths } from '../../../config/paths'

export function printSheetUrl(kind: SheetKind, orderId: string): string {
  const query = new URLSearchParams({ type: kind === 'quote' ? '0' : '1', OrderId: orderId })
  return `${paths.printSheet}?${query}`
}

export function openPrintView(kind: SheetKind, orderId: string) {
  window.open(printSheetUrl(kind, orderId), '_blank', 'noopener')
}
