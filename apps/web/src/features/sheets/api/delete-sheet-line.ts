// /api/epc/deletequoteorderdetail, /api/epc/deletepurchaseorderdetail: one line goes.
import { type SheetKind, SheetMessages } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import type { SheetLine } from '../types'
import { sheetKeys } from './keys'

const PATH: Record<SheetKind, string> = {
  quote: '/api/epc/deletequoteorderdetail',
  purchase: '/api/epc/deletepurchaseorderdetail',
}

export function deleteSheetLine(kind: SheetKind, line: Pick<SheetLine, 'OrderId' | 'Id'>): Promise<void> {
  return api.post(
    PATH[kind],
    { OrderId: line.OrderId, Id: line.Id },
    { failMessage: SheetMessages.deleteFailed },
  )
}

export function useDeleteSheetLine(kind: SheetKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (line: Pick<SheetLine, 'OrderId' | 'Id'>) => deleteSheetLine(kind, line),
    onSuccess: () => refreshAfterChange(queryClient, sheetKeys.kind(kind)),
  })
}
