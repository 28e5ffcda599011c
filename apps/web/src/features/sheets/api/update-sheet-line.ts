// /api/epc/updatequoteorderdetail, /api/epc/updatepurchaseorderdetail: a line's quantity, price, name or
// part number; the server recomputes the line's money and the sheet's total. A number the sheet holds on
// another line is refused with 10003, for the dialog to say.
import type { SheetKind } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import type { SheetLine } from '../types'
import { sheetKeys } from './keys'
import { LINE_WIRE } from './line-wire'

const PATH: Record<SheetKind, string> = {
  quote: '/api/epc/updatequoteorderdetail',
  purchase: '/api/epc/updatepurchaseorderdetail',
}

export type LineChange = Pick<SheetLine, 'OrderId' | 'Id' | 'Amount' | 'price' | 'part_name'> & {
  /** Sent only when the number changes. */
  part_number?: string
}

export function updateSheetLine(kind: SheetKind, change: LineChange): Promise<void> {
  const payload = {
    OrderId: change.OrderId,
    Id: change.Id,
    Amount: change.Amount,
    part_name: change.part_name,
    part_number: change.part_number,
    [LINE_WIRE[kind].priceField]: change.price,
  }
  return api.post(PATH[kind], payload, { failMessage: '修改失败！' })
}

export function useUpdateSheetLine(kind: SheetKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: LineChange) => updateSheetLine(kind, change),
    onSuccess: () => refreshAfterChange(queryClient, sheetKeys.kind(kind)),
  })
}
