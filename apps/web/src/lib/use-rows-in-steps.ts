// Long tables of rich rows draw in two steps: the first rows, which fill the screen, at once, and the rest
// once that frame has been painted, in a render React may interrupt (a transition). Building every cell of
// 50 part codes or 100 quotation lines before the first frame kept the answer off the screen for 0.6-1 s
// on a two-core machine; starting on the rest straight after the first rows' commit (useDeferredValue)
// still filled the time around that frame with its slices (docs/performance.md, issue 20).
import { startTransition, useEffect, useMemo, useState } from 'react'

/** More than the rows of either table that fit a 1440×900 screen. */
export const FIRST_ROWS = 20

/**
 * The rows to draw now. `list` says which list the rows are: a list already drawn whole is drawn whole
 * again when its rows change (a line edited), so the table does not shrink under the user's scroll.
 */
export function useRowsInSteps<T>(rows: T[], list: unknown = rows, first = FIRST_ROWS): T[] {
  const [whole, setWhole] = useState<unknown>(undefined)
  const long = rows.length > first
  const done = !long || whole === list
  const head = useMemo(() => (long ? rows.slice(0, first) : rows), [rows, first, long])
  useEffect(() => {
    if (done) return
    let timer: ReturnType<typeof setTimeout> | undefined
    // A timer set from the next frame's callbacks runs once that frame has been painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setWhole(list)))
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [done, list])
  return done ? rows : head
}
