// TanStack Query for the signed-in screens. It is provided by the main layout and the header's account
// area (both load after sign-in), not by the app root, so the sign-in screens do not download it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useSession } from '../lib/session'

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already retries lost calls; a business answer will not change by asking again. Calls go
    // out whatever the browser says of the network: the client's retries and its 网络异常 message are the one
    // answer to a lost connection. Held back while the browser reported itself offline, a save spun with no
    // word until the network came back, and then went through by itself, after the clerk may have given up
    // on it. What is on screen is still read again when the browser is back online (a read that failed too).
    queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always', refetchOnReconnect: true },
    mutations: { retry: false, networkMode: 'always' },
  },
})

// Answers belong to the session that asked: another sign-in in the same tab must not show the last user's
// company, orders or service (whether they may buy included). Cleared when a new token arrives, not when
// one goes: screens still mounted at a sign-out would fetch again without a token (40100 → /login, losing
// the 续费 redirect), and nothing is shown between a sign-out and the next sign-in.
useSession.subscribe((state, previous) => {
  const token = state.info?.Token
  if (token && token !== previous.info?.Token) queryClient.clear()
})

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}
