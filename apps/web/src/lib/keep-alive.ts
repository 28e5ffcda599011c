// Helpers for screens kept alive in the main layout: hidden screens must not leave popups behind.
import { useEffect, useRef } from 'react'

/**
 * Calls `close` when the screen is hidden (another screen is shown) or unmounted: a kept-alive screen's
 * effects are cleaned up when <Activity> hides it, so a drawer or dialog is closed, not just out of sight.
 */
export function useCloseWhenHidden(open: boolean, close: () => void) {
  const latest = useRef(close)
  latest.current = close
  useEffect(() => {
    if (!open) return
    return () => latest.current()
  }, [open])
}

/**
 * Least-recently-used bookkeeping of the kept views: `key` moves to the most recent end, and the oldest
 * go once there are more than `max`. Answers the evicted keys.
 */
export function touchRecent<V>(views: Map<string, V>, key: string, value: V, max: number): string[] {
  views.delete(key)
  views.set(key, value)
  const evicted: string[] = []
  for (const oldest of views.keys()) {
    if (views.size <= max) break
    views.delete(oldest)
    evicted.push(oldest)
  }
  return evicted
}
