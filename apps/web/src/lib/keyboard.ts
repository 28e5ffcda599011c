// Global function keys: Esc, F1-F4, F6-F8 are captured for the whole app (the browser's own action is
// suppressed) and forwarded to whichever screen subscribed. Hidden kept-alive screens unsubscribe because
// their effects are paused.
import { useEffect, useRef } from 'react'

export const SHORTCUT_KEYS = ['Escape', 'F1', 'F2', 'F3', 'F4', 'F6', 'F7', 'F8'] as const
export type ShortcutKey = (typeof SHORTCUT_KEYS)[number]

type Handler = (event?: KeyboardEvent) => void

const handlers = new Map<ShortcutKey, Set<Handler>>()

function isShortcut(key: string): key is ShortcutKey {
  return (SHORTCUT_KEYS as readonly string[]).includes(key)
}

/**
 * Calls every subscriber of a key, newest first. F1 puts the cursor in a screen's box, which an open dialog
 * covers: its focus lock would throw the focus onto the dialog's first field, away from the one the user is
 * typing in (the auto-press after sign-in, under 请设置新密码), so F1 does nothing while one is open.
 */
export function pressShortcut(key: ShortcutKey, event?: KeyboardEvent) {
  if (key === 'F1' && document.querySelector('[aria-modal="true"]')) return
  for (const handler of [...(handlers.get(key) ?? [])].reverse()) handler(event)
}

export function onShortcut(key: ShortcutKey, handler: Handler): () => void {
  let set = handlers.get(key)
  if (!set) {
    set = new Set()
    handlers.set(key, set)
  }
  set.add(handler)
  return () => set.delete(handler)
}

/** Installs the one window listener; answers its removal. */
export function installKeyboard(target: Window = window): () => void {
  const listener = (event: KeyboardEvent) => {
    if (!isShortcut(event.key)) return
    // Function keys open help, search, caret browsing or the address bar in browsers; Esc stops loads.
    // antd dialogs still see Esc: the default is prevented, propagation is not stopped.
    event.preventDefault()
    pressShortcut(event.key, event)
  }
  target.addEventListener('keydown', listener, { capture: true })
  return () => target.removeEventListener('keydown', listener, { capture: true })
}

/** Subscribes a screen to a key while it is mounted and visible. */
export function useShortcut(key: ShortcutKey, handler: Handler, enabled = true) {
  const latest = useRef(handler)
  latest.current = handler
  useEffect(() => {
    if (!enabled) return
    return onShortcut(key, (event) => latest.current(event))
  }, [key, enabled])
}
