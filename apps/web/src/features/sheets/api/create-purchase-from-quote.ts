// 生成采购单: a purchase order made from a quotation's chosen lines, one create call then one add call per
// line at its purchase price (0 where the quotation has none). A line that fails was announced by the API
// client and is skipped; the order exists once the create call succeeded.
import { normalizePartNumber, SheetMessages } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { feedback } from '../../../lib/feedback'
import { refreshAfterChange } from '../../../lib/refresh'
import type { SheetHeader, SheetLine } from '../types'
import { addSheetLine } from './add-sheet-line'
import { createSheet } from './create-sheet'
import { sheetKeys } from './keys'

export interface PurchaseFromQuote {
  header: SheetHeader
  lines: SheetLine[]
  addedBy: string
}

/** Answers the new purchase order's number. */
export async function createPurchaseFromQuote({
  header,
  lines,
  addedBy,
}: PurchaseFromQuote): Promise<string> {
  const orderId = await createSheet('purchase', header)
  // Said at once: adding the lines may take a while.
  feedback.success(SheetMessages.createdPurchase)
  // A part the quotation holds twice (added again on purpose) goes on twice here as well.
  const seen = new Set<string>()
  for (const line of lines) {
    const number = normalizePartNumber(line.part_number)
    await addSheetLine('purchase', {
      OrderId: orderId,
      part_number: line.part_number,
      part_name: line.part_name,
      Amount: line.Amount,
      price: line.purchase_price ?? 0,
      available_stock: line.available_stock,
      area_stock: line.area_stock,
      addedBy,
      addDuplicate: seen.has(number),
    }).catch(() => {})
    seen.add(number)
  }
  return orderId
}

export function useCreatePurchaseFromQuote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createPurchaseFromQuote,
    onSuccess: () => {
      void refreshAfterChange(queryClient, sheetKeys.kind('purchase'))
      void refreshAfterChange(queryClient, sheetKeys.suggestions())
    },
  })
}
