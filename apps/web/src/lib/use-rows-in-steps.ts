// Long tables of rich rows draw in two steps: the first rows, which fill the screen, at once, and the rest
// in a render React may interrupt (useDeferredValue), which follows a moment later. Building every cell of
// 50 part codes or 100 quotation lines before the first frame kept the answer off the screen for 0.6-1 s
// on a two-core machine (docs/performance.md, issue 20).
import { useDeferredValue, useMemo } from 'react'

/** More than the rows of either table that fit a 1440×900 screen. */
export const FIRST_ROWS = 20

export function useRowsInSteps<T>(rows: T[], first = FIRST_ROWS): T[] {
  const head = useMemo(() => (rows.length > first ? rows.slice(0, first) : rows), [rows, first])
  // Behind `rows` while an urgent render shows the head; equal to it once the full render is done.
  const later = useDeferredValue(rows, head)
  return later === rows ? rows : head
}
