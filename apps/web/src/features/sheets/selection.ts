// The selected sheet of each kind, kept in local storage so a reload (or the list's next load) highlights it
// again; logout clears it with the rest of the stored state.
import { useCallback, useState } from 'react'
import type { SheetKind } from './links'
import { SHEET_TEXTS } from './texts'

function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

export function useSelectedSheet(kind: SheetKind) {
  const key = SHEET_TEXTS[kind].selectedKey
  const [orderId, setOrderId] = useState(() => read(key))
  const select = useCallback(
    (next: string | null) => {
      if (next) localStorage.setItem(key, next)
      else localStorage.removeItem(key)
      setOrderId(next)
    },
    [key],
  )
  return [orderId, select] as const
}
