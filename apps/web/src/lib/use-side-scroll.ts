// antd Table's sideways scrolling (`scroll.x`) only while the table's box is narrower than its columns need.
// With scroll.x antd measures the table after every change of its rows (a layout forced in an effect, edge
// shadows switched on and off) and draws it again when its width changes: about 20 ms of a 100-line
// quotation's opening on a two-core machine (docs/performance.md, issue 20). In a box wide enough the
// table is laid out the same without it.
import { type RefObject, useLayoutEffect, useMemo, useRef, useState } from 'react'

export function useSideScroll<E extends HTMLElement>(
  width: number,
): { box: RefObject<E | null>; scroll: { x: number } | undefined } {
  const box = useRef<E>(null)
  const [fits, setFits] = useState(false)
  useLayoutEffect(() => {
    const element = box.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const check = () => setFits(element.clientWidth >= width)
    check()
    const observer = new ResizeObserver(check)
    observer.observe(element)
    return () => observer.disconnect()
  }, [width])
  const scroll = useMemo(() => (fits ? undefined : { x: width }), [fits, width])
  return { box, scroll }
}
