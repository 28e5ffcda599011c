// TanStack Query for the signed-in screens. It is provided by the main layout and the header's account
// area (both load after sign-in), not by the app root, so the sign-in screens do not download it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useSession } from '../lib/session'

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already retries lost calls; a business answer will not change by asking again.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
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
