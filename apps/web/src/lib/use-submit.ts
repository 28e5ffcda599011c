// A form submission's pending state, for the sign-in screens. They avoid TanStack Query so that /login
// stays light; every other screen uses Query.
import { useCallback, useState } from 'react'

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
