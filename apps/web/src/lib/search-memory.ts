// Remembers, per search type, where the user's last result is, so the header menu returns to it instead
// of a fresh page; and which parts-search variant F8 opens. Kept in local storage, so a reload keeps it and
// logout (which clears storage) forgets it.
import { create } from 'zustand'

/** The fromType query parameter: 1 VIN, 2 car type, 3 smartSearch, 4 parts search. */
export type FromType = 1 | 2 | 3 | 4
export type PartsVariant = '/partsSearchNew' | '/partsSearch'

const KEY = 'xmpSearchMemory'

interface SearchMemory {
  results: Partial<Record<FromType, string>>
  partsVariant: PartsVariant
}

function load(): SearchMemory {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<SearchMemory> | null
    return {
      results: stored?.results ?? {},
      partsVariant: stored?.partsVariant === '/partsSearch' ? '/partsSearch' : '/partsSearchNew',
    }
  } catch {
    return { results: {}, partsVariant: '/partsSearchNew' }
  }
}

export const useSearchMemory = create<SearchMemory>(() => load())

function save() {
  const { results, partsVariant } = useSearchMemory.getState()
  localStorage.setItem(KEY, JSON.stringify({ results, partsVariant }))
}

/** A screen that shows a result records where it is (path and query). */
export function rememberResult(fromType: FromType, location: string) {
  useSearchMemory.setState((s) => ({ results: { ...s.results, [fromType]: location } }))
  save()
}

export function rememberPartsVariant(variant: PartsVariant) {
  useSearchMemory.setState({ partsVariant: variant })
  save()
}

/** After logout the store must not outlive the cleared storage. */
export function reloadSearchMemory() {
  useSearchMemory.setState(load(), true)
}
