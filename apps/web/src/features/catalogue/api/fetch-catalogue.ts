// The fetcher every catalogue call uses: through the one API client, the server's message shown on a
// failure; it answers the data of a success or throws an ApiError for TanStack Query.
import { api } from '../../../lib/api-client'

export function fetchCatalogue<T>(path: string, payload: object = {}): Promise<T> {
  return api.post<T>(path, payload, { showResultMsg: true })
}

/** Catalogue data changes only with an import: answers stay fresh for a while. */
export const CATALOGUE_STALE_MS = 10 * 60_000
