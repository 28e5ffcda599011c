// The catalogue's version, changed by every import. Cached answers are kept under it, so an import makes
// earlier answers unreachable: at once in the importing process, within VERSION_RECHECK_MS in the others.
import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/database'
import { metaValue, setMeta } from './catalogue.repository'

const VERSION_KEY = 'catalogue'

/** How long a process goes on using the version it read before it reads it again (docs/api.md). */
export const VERSION_RECHECK_MS = 5_000

// Per database handle: the imports made through it, and the version last read through it, when, and after
// how many of those imports (a reading begun before an import is stale even if it ends after it).
interface VersionState {
  imports: number
  reading?: { value: string; at: number; imports: number }
}
const states = new WeakMap<Db, VersionState>()

function stateOf(db: Db): VersionState {
  let state = states.get(db)
  if (!state) {
    state = { imports: 0 }
    states.set(db, state)
  }
  return state
}

/** The stored version; empty while no catalogue has been imported. */
export async function storedCatalogueVersion(db: Db): Promise<string> {
  return (await metaValue(db.kysely, VERSION_KEY)) ?? ''
}

/**
 * The version, read from the database at most every VERSION_RECHECK_MS unless this handle imported since.
 * Answered at once (not as a promise) while the last reading stands: every cached look-up asks.
 */
export function catalogueVersion(db: Db, now: number): string | Promise<string> {
  const state = stateOf(db)
  const { reading, imports } = state
  if (reading && reading.imports === imports && now - reading.at < VERSION_RECHECK_MS && now >= reading.at) {
    return reading.value
  }
  return storedCatalogueVersion(db).then((value) => {
    state.reading = { value, at: now, imports }
    return value
  })
}

/** A new version after an import: labelled for people, unique for the cache. */
export async function bumpCatalogueVersion(db: Db, label: string): Promise<string> {
  const value = `${label}-${new Date().toISOString()}-${randomBytes(4).toString('hex')}`
  await setMeta(db.kysely, VERSION_KEY, value)
  stateOf(db).imports += 1
  return value
}
