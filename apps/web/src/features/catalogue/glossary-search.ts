// The glossary screen's view of the server's answers: the systems with their totals and the names to show,
// with what to highlight. No matching here: the server's name matcher decides what a keyword reaches, so
// no converter or pinyin table is in the web bundle.
import type { GlossaryAnswer, GlossaryName } from '@epc/shared'

/** A highlighted stretch: start index and length. */
export type Span = [number, number]

export interface GlossaryHit {
  entry: GlossaryName
  /** What to highlight in the name, and in the alias that matched. */
  name: Span[]
  aliases: Map<string, Span[]>
}

export interface GlossaryGroup {
  system: string
  total: number
  hits: GlossaryHit[]
}

export interface GlossaryView {
  /** Every system in the catalogue's order, with how many of its names the keyword reached. */
  nav: { system: string; total: number; found: number }[]
  /** The sections to show: with a keyword, best first, as the server ranked them. */
  groups: GlossaryGroup[]
  total: number
  found: number
  suggestions: string[]
}

export function hitOf(entry: GlossaryName): GlossaryHit {
  const match = entry.match
  const aliases = new Map<string, Span[]>()
  if (match?.alias) aliases.set(match.text, match.spans)
  return { entry, name: match && !match.alias ? match.spans : [], aliases }
}

/** `found` is the answer for the keyword, or undefined without one. */
export function glossaryView(
  all: GlossaryAnswer | undefined,
  found: GlossaryAnswer | undefined,
): GlossaryView {
  const totals = new Map(all?.systems.map((s) => [s.system, s.names.length]))
  const groups = ((found ?? all)?.systems ?? []).map((s) => ({
    system: s.system,
    total: totals.get(s.system) ?? s.names.length,
    hits: s.names.map(hitOf),
  }))
  const counts = new Map(groups.map((g) => [g.system, g.hits.length]))
  return {
    nav: (all?.systems ?? []).map((s) => ({
      system: s.system,
      total: s.names.length,
      found: counts.get(s.system) ?? 0,
    })),
    groups,
    total: [...totals.values()].reduce((a, b) => a + b, 0),
    found: groups.reduce((n, g) => n + g.hits.length, 0),
    suggestions: found?.suggestions ?? [],
  }
}
