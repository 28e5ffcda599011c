// The sheet the detail card shows. When another sheet is chosen while one is shown, the shown one stays until
// the new one's lines are in (at most SWITCH_WAIT_MS): its header, total and lines then come in one render.
// Showing the new header over an emptied table first meant a render, the unmounting of up to 100 lines and a
// frame of a collapsed card before the answer could be drawn (docs/performance.md, issue 20); the list marks
// the new choice at once all the same.
import type { SheetKind } from '@epc/shared'
import { useEffect, useState } from 'react'
import { useSheetLines } from '../api/get-sheet-lines'
import type { SheetRow } from '../types'

/** Longer than a lines answer usually takes; a slower one shows the new sheet loading, as before. */
export const SWITCH_WAIT_MS = 300

export function useShownSheet(kind: SheetKind, selected: SheetRow | null): SheetRow | null {
  const [shown, setShown] = useState(selected)
  const [waited, setWaited] = useState<string | null>(null)
  // Subscribed for the re-render when they arrive; the selection started the request.
  const pending = useSheetLines(kind, selected?.OrderId ?? null).isPending
  const nextId = selected?.OrderId ?? null
  const holding = !!shown && nextId !== null && shown.OrderId !== nextId && pending && waited !== nextId

  useEffect(() => {
    if (!holding || nextId === null) return
    const timer = setTimeout(() => setWaited(nextId), SWITCH_WAIT_MS)
    return () => clearTimeout(timer)
  }, [holding, nextId])

  const current = holding ? shown : selected
  if (current !== shown) setShown(current)
  return current
}
