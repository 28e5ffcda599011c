// The selected sheet of a kind: its number is kept in local storage so a reload (or the list's next load)
// highlights it again, and logout forgets it. The row comes from the page shown, or is looked up by number
// when it sits on another page or outside the search; a sheet deleted elsewhere counts as none.
import type { SheetKind } from '@epc/shared'
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { loadSelectedSheet, saveSelectedSheet } from '../../../lib/storage'
import { sheetLinesQuery } from '../api/get-sheet-lines'
import { useSheetById } from '../api/get-sheet-page'
import type { SheetPage } from '../types'

export function useSelectedSheet(kind: SheetKind, list: UseQueryResult<SheetPage>) {
  const [storedId, setStoredId] = useState(() => loadSelectedSheet(kind))
  const queryClient = useQueryClient()
  // The lines' request leaves with the press on a row (a click's release comes 50-150 ms later) or with the
  // selection, not after the screen has rendered it; fresh lines are not asked for again.
  const prefetch = useCallback(
    (orderId: string) => void queryClient.prefetchQuery(sheetLinesQuery(kind, orderId)),
    [kind, queryClient],
  )
  const select = useCallback(
    (orderId: string | null) => {
      if (orderId) prefetch(orderId)
      saveSelectedSheet(kind, orderId)
      setStoredId(orderId)
    },
    [kind, prefetch],
  )

  const inPage = list.data?.rows.find((r) => r.OrderId === storedId) ?? null
  // A list that failed to load is asked past too: the selected sheet and its lines stay workable.
  const byId = useSheetById(kind, storedId, !list.isPending && !list.isFetching && !inPage)
  const gone = !inPage && byId.isSuccess && byId.data === null
  const selectedId = gone ? null : storedId
  const selected = inPage ?? (byId.data?.OrderId === storedId ? byId.data : null)
  return {
    selectedId,
    selected,
    select,
    prefetch,
    /** A number is selected but its row is still on its way. */
    resolving: !!selectedId && !selected && (list.isFetching || byId.isFetching),
  }
}
