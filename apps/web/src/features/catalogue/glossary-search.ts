// The glossary's client-side search: a generic part name matches by its Chinese name, full pinyin, pinyin
// initials or a trade alias, and the match says which characters to highlight.
import type { GlossarySystem } from '@epc/shared'

export type GlossaryName = GlossarySystem['names'][number]

/** A highlighted stretch: start index and length. */
export type Span = [number, number]

export interface GlossaryHit {
  entry: GlossaryName
  name?: Span
  pinyin?: Span
  aliases: Map<string, Span>
}

/** The search text as matched: lower case, no spaces (pinyin is stored without them). */
export function normalizeKeyword(raw: string): string {
  return raw.toLowerCase().replace(/[\s\u3000'’]/g, '')
}

function find(text: string, keyword: string): Span | undefined {
  const at = text.toLowerCase().indexOf(keyword)
  return at < 0 ? undefined : [at, keyword.length]
}

/** How an entry matches the (normalised) keyword, or null; every entry matches an empty keyword. */
export function matchName(entry: GlossaryName, keyword: string): GlossaryHit | null {
  const aliases = new Map<string, Span>()
  if (!keyword) return { entry, aliases }
  for (const alias of entry.aliases) {
    const span = find(alias, keyword)
    if (span) aliases.set(alias, span)
  }
  let name = find(entry.name, keyword)
  const pinyin = find(entry.pinyin, keyword)
  // Initials stand one for each character when the name is all Chinese, so the typed initials light up
  // the characters they stand for.
  const initials = find(entry.initials, keyword)
  if (!name && initials)
    name = entry.initials.length === [...entry.name].length ? initials : [0, entry.name.length]
  if (!name && !pinyin && !aliases.size) return null
  return { entry, name, pinyin, aliases }
}

export interface GlossaryGroup {
  system: string
  total: number
  hits: GlossaryHit[]
}

export function searchGlossary(systems: GlossarySystem[], raw: string): GlossaryGroup[] {
  const keyword = normalizeKeyword(raw)
  return systems.map((s) => ({
    system: s.system,
    total: s.names.length,
    hits: s.names.map((n) => matchName(n, keyword)).filter((h): h is GlossaryHit => h !== null),
  }))
}
