// Reading a list again after the server has changed it: the one way every mutation does so.
import { partialMatchKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query'

/**
 * Marks the queries under `queryKey` stale and reads those on screen again. A first read still out (the
 * screen has no answer yet) may have been answered before the change: TanStack Query would wait for it
 * instead of reading again (it restarts a read only when there is an answer already), and a key made while
 * the key list was loading stayed out of the list. Such a read is dropped first; whoever waits on it gets
 * the new read's answer.
 */
export async function refreshAfterChange(
  client: QueryClient,
  queryKey: QueryKey,
  /** Left as they are: what the change removed (a deleted sheet's lines), which read again would fail. */
  except: QueryKey[] = [],
): Promise<void> {
  const kept = (query: Query) => !except.some((key) => partialMatchKey(query.queryKey, key))
  // Not awaited before the new read: the dropped read hands its waiters the new one only if that has started
  // by the time it settles.
  const dropped = client.cancelQueries(
    {
      queryKey,
      predicate: (query) =>
        kept(query) &&
        query.state.data === undefined &&
        query.state.fetchStatus === 'fetching' &&
        query.isActive(),
    },
    { silent: true },
  )
  await Promise.all([dropped, client.invalidateQueries({ queryKey, predicate: kept })])
}
