// Reads asked ahead of their screen (prefetchQuery on a key press or a hover) and refused at once: the screen's
// observer, arriving a moment later, takes that answer instead of asking again.
import { ApiError } from './api-client'

/**
 * How long a refusal stays the answer. A screen observes the query within a render or two of the key press
 * (a lazily loaded page within a second); later arrivals ask again as before.
 */
const JUST_FAILED_MS = 2000

/**
 * `enabled` for a query that is also fetched ahead of its screen. TanStack Query asks a query without data
 * again whenever an observer switches to it (retryOnMount covers only a mount), so a look-up the server
 * refused at once (a fault, a quota, a rule) was sent twice and its message said twice. A lost connection is
 * not an answer: it is asked again, and read again when the browser is back online. 重新加载 (refetch) asks
 * at once either way.
 */
export function enabledUnlessJustFailed(enabled: boolean) {
  return ({ state }: { state: { status: string; error: unknown; errorUpdatedAt: number } }) =>
    enabled &&
    !(
      state.status === 'error' &&
      state.error instanceof ApiError &&
      state.error.kind !== 'network' &&
      Date.now() - state.errorUpdatedAt < JUST_FAILED_MS
    )
}
