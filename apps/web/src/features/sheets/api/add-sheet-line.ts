// /api/epc/createquoteorderdetail, /api/epc/createpurchaseorderdetail: a part added to a sheet. Code 10003
// says the sheet already holds it: the caller asks, and adds it again with addDuplicate.
import { ResultCode, type SheetKind, SheetMessages } from '@epc/shared'
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, isResultCode } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import type { NewSheetLine } from '../types'
import { sheetKeys } from './keys'
import { LINE_WIRE } from './line-wire'

const PATH: Record<SheetKind, string> = {
  quote: '/api/epc/createquoteorderdetail',
  purchase: '/api/epc/createpurchaseorderdetail',
}

export function addSheetLine(kind: SheetKind, line: NewSheetLine): Promise<void> {
  return api.post(PATH[kind], LINE_WIRE[kind].toWire(line), { failMessage: SheetMessages.addFailed })
}

export const isDuplicatePart = (error: unknown) => isResultCode(error, ResultCode.DuplicatePart)

/**
 * After a line is added: the sheet's lines asked for before it (a sheet just created has its empty lines on
 * the way while nothing shows them yet) are dropped, since such an answer would arrive after the change and
 * stand as fresh; refreshAfterChange leaves reads no screen shows to finish, so this one is dropped here.
 * Then everything of the kind is refreshed.
 */
export async function refreshAfterLineAdded(queryClient: QueryClient, kind: SheetKind, orderId: string) {
  await queryClient.cancelQueries({ queryKey: sheetKeys.lines(kind, orderId) })
  await refreshAfterChange(queryClient, sheetKeys.kind(kind))
}

export function useAddSheetLine(kind: SheetKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (line: NewSheetLine) => addSheetLine(kind, line),
    onSuccess: (_, line) => refreshAfterLineAdded(queryClient, kind, line.OrderId),
  })
}
