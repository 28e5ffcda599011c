// Remembers, per search type, where the user's last result is, so the header menu returns to it instead
// of a fresh page; and which parts-search variant F8 opens. Kept in local storage, so a reload keeps it and
// logout (which clears storage) forgets it.
import { create } from 'zustand'
import { paths } from '../config/paths'
import { embedded } from './embed'
import { loadSearchMemory, saveSearchMemory } from './storage'

/** The fromType query parameter: 1 VIN, 2 car type, 3 smartSearch, 4 parts search. */
export type FromType = 1 | 2 | 3 | 4
export type PartsVariant = typeof paths.partsSearchNew | typeof paths.partsSearch

interface SearchMemory {
  results: Partial<Record<FromType, string>>
  partsVariant: PartsVariant
}

function load(): SearchMemory {
  const stored = loadSearchMemory() as Partial<SearchMemory> | null
  return {
    results: stored?.results ?? {},
    partsVariant: stored?.partsVariant === paths.partsSearch ? paths.partsSearch : paths.partsSearchNew,
  }
}

export const useSearchMemory = create<SearchMemory>(() => load())

function save() {
  const { results, partsVariant } = useSearchMemory.getState()
  saveSearchMemory({ results, partsVariant })
}

/**
 * A screen that shows a result records where it is (path and query). An embedded catalogue does not: its
 * addresses die with its session, and the memory in storage is the signed-in user's.
 */
export function rememberResult(fromType: FromType, location: string) {
  if (embedded) return
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
