// /api/epc/createquoteordermaster, /api/epc/createpurchaseordermaster: a new sheet; answers its number.
import { type SheetKind, SheetMessages } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import type { SheetHeader } from '../types'
import { sheetKeys } from './keys'

const PATH: Record<SheetKind, string> = {
  quote: '/api/epc/createquoteordermaster',
  purchase: '/api/epc/createpurchaseordermaster',
}

const FAILED: Record<SheetKind, string> = {
  quote: SheetMessages.createQuoteFailed,
  purchase: SheetMessages.createPurchaseFailed,
}

export function createSheet(kind: SheetKind, header: SheetHeader): Promise<string> {
  return api.post<string>(PATH[kind], header, { failMessage: FAILED[kind] })
}

export function useCreateSheet(kind: SheetKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (header: SheetHeader) => createSheet(kind, header),
    onSuccess: () => {
      void refreshAfterChange(queryClient, sheetKeys.kind(kind))
      void refreshAfterChange(queryClient, sheetKeys.suggestions())
    },
  })
}
