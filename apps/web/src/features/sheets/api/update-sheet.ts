// /api/epc/updatequoteordermaster, /api/epc/updatepurchaseordermaster: a sheet's header changed.
import type { SheetKind } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import { SHEET_TEXTS } from '../texts'
import type { SheetHeader } from '../types'
import { sheetKeys } from './keys'

const PATH: Record<SheetKind, string> = {
  quote: '/api/epc/updatequoteordermaster',
  purchase: '/api/epc/updatepurchaseordermaster',
}

export function updateSheet(kind: SheetKind, orderId: string, header: SheetHeader): Promise<void> {
  return api.post(
    PATH[kind],
    { ...header, OrderId: orderId },
    { failMessage: SHEET_TEXTS[kind].updateFailed },
  )
}

export function useUpdateSheet(kind: SheetKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ orderId, header }: { orderId: string; header: SheetHeader }) =>
      updateSheet(kind, orderId, header),
    onSuccess: () => {
      void refreshAfterChange(queryClient, sheetKeys.kind(kind))
      void refreshAfterChange(queryClient, sheetKeys.suggestions())
    },
  })
}
