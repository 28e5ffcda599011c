// The selected sheet of a kind: its number is kept in local storage so a reload (or the list's next load)
// highlights it again, and logout forgets it. The row comes from the page shown, or is looked up by number
// when it sits on another page or outside the search; a sheet deleted elsewhere counts as none.
import type { SheetKind } from '@epc/shared'
import type { UseQueryResult } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { loadSelectedSheet, saveSelectedSheet } from '../../../lib/storage'
import { useSheetById } from '../api/get-sheet-page'
import type { SheetPage } from '../types'

export function useSelectedSheet(kind: SheetKind, list: UseQueryResult<SheetPage>) {
  const [storedId, setStoredId] = useState(() => loadSelectedSheet(kind))
  const select = useCallback(
    (orderId: string | null) => {
      saveSelectedSheet(kind, orderId)
      setStoredId(orderId)
    },
    [kind],
  )

  const inPage = list.data?.rows.find((r) => r.OrderId === storedId) ?? null
  const byId = useSheetById(kind, storedId, list.isSuccess && !list.isFetching && !inPage)
  const gone = !inPage && byId.isSuccess && byId.data === null
  const selectedId = gone ? null : storedId
  const selected = inPage ?? (byId.data?.OrderId === storedId ? byId.data : null)
  return {
    selectedId,
    selected,
    select,
    /** A number is selected but its row is still on its way. */
    resolving: !!selectedId && !selected && (list.isFetching || byId.isFetching),
  }
}
