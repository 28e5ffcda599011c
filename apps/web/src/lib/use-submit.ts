// A form submission's pending state, for the sign-in screens. They avoid TanStack Query so that /login
// stays light; every other screen uses Query. And one submission at a time, for any form that saves.
import { useCallback, useRef, useState } from 'react'

export function useSubmit<A, R>(call: (arg: A) => Promise<R>) {
  const [isPending, setPending] = useState(false)
  const mutateAsync = useCallback(
    async (arg: A) => {
      setPending(true)
      try {
        return await call(arg)
      } finally {
        setPending(false)
      }
    },
    [call],
  )
  return { mutateAsync, isPending }
}

/**
 * A save that runs once at a time: a second Enter or a double click while the first is under way is ignored
 * (it made a second sheet, or a second line). A pending state the screen renders (the button's spinner) comes
 * a render too late for this, and Enter submits a form whatever its buttons show.
 */
export function useOneAtATime<A extends unknown[]>(save: (...args: A) => Promise<unknown>) {
  const running = useRef(false)
  return async (...args: A): Promise<void> => {
    if (running.current) return
    running.current = true
    try {
      await save(...args)
    } finally {
      running.current = false
    }
  }
}
