// /api/epc/deletequoteordermaster, /api/epc/deletepurchaseordermaster: a sheet and its lines go.
import { type SheetKind, SheetMessages } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import type { SheetRow } from '../types'
import { sheetKeys } from './keys'

const PATH: Record<SheetKind, string> = {
  quote: '/api/epc/deletequoteordermaster',
  purchase: '/api/epc/deletepurchaseordermaster',
}

export function deleteSheet(kind: SheetKind, sheet: Pick<SheetRow, 'Id' | 'OrderId'>): Promise<void> {
  return api.post(
    PATH[kind],
    { id: sheet.Id, OrderId: sheet.OrderId },
    { failMessage: SheetMessages.deleteFailed },
  )
}

export function useDeleteSheet(kind: SheetKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (sheet: Pick<SheetRow, 'Id' | 'OrderId'>) => deleteSheet(kind, sheet),
    // The deleted sheet stays shown until the screen clears its selection: its lines read again now would
    // answer 10004 and warn beside 删除成功.
    onSuccess: (_, sheet) =>
      refreshAfterChange(queryClient, sheetKeys.kind(kind), [
        sheetKeys.one(kind, sheet.OrderId),
        sheetKeys.lines(kind, sheet.OrderId),
      ]),
  })
}
