// The name search in a model's parts (by name, number, pinyin, initials, a workshop alias of the generic name,
// or a homophone of any of them) and the glossary of generic names; both ask the one NameMatcher.
import {
  type GlossaryAnswer,
  type GlossaryName,
  type NameSearchAnswer,
  type NameSearchHit,
  normalizePartNumber,
} from '@epc/shared'
import { fail } from '../../call'
import type { AppContext } from '../../context'
import { requireModel } from './browse.service'
import * as repo from './catalogue.repository'
import { catalogueVersion } from './catalogue-version'
import { type NameMatch, NameMatcher, normalizeName, RANK } from './name-matcher'

const SEARCH_LIMIT = 100
const SUGGESTIONS = 5
/** The rank of a suggested name's parts: after every hit, and not a hit. */
const SUGGESTED = 99

interface GenericName {
  id: number
  name: string
  system: string
  unit: string
  pinyin: string
  initials: string
  aliases: string[]
}

interface Names {
  version: string
  list: GenericName[]
  byId: Map<number, GenericName>
  matcher: NameMatcher
}

export class NamesService {
  private names: Names | null = null

  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.kysely
  }

  /** The generic names with their aliases and their matcher: built once per catalogue version. */
  private async genericNames(): Promise<Names> {
    const version = await catalogueVersion(this.ctx.db, this.ctx.clock.now())
    if (this.names?.version === version) return this.names
    const [names, aliases] = await Promise.all([repo.genericNames(this.db), repo.genericAliases(this.db)])
    const aliasesOf = new Map<number, string[]>()
    for (const a of aliases) {
      const id = Number(a.generic_name_id)
      aliasesOf.set(id, [...(aliasesOf.get(id) ?? []), a.alias])
    }
    const list = names.map((n) => ({
      id: Number(n.id),
      name: n.name_cn,
      system: n.system,
      unit: n.unit,
      pinyin: n.pinyin,
      initials: n.initials,
      aliases: aliasesOf.get(Number(n.id)) ?? [],
    }))
    this.names = { version, list, byId: new Map(list.map((n) => [n.id, n])), matcher: new NameMatcher(list) }
    return this.names
  }

  /** Builds the names' index for the catalogue as it is now. */
  async warm(): Promise<void> {
    await this.genericNames()
  }

  async nameSearch(modelCode: string, keyword: string): Promise<NameSearchAnswer> {
    const model = await requireModel(this.ctx.db, modelCode)
    const { matcher } = await this.genericNames()
    const q = matcher.analyse(keyword)
    if (!q.norm) throw fail.invalid('关键字不能只有空格或标点')
    const matches = matcher.match(keyword)
    const byId = new Map(matches.map((m) => [m.id, m]))
    const number = normalizePartNumber(keyword)
    const looksLikeNumber = /^[0-9A-Z]{4,}$/.test(number) && /\d/.test(number)
    // The part's own name and number rank as exact characters; its stored pinyin as a sound inside a name;
    // its generic name as the matcher ranked it.
    const tests: repo.RankedTest[] = [{ rank: RANK.contains, test: { words: q.tokens } }]
    if (looksLikeNumber) tests.push({ rank: RANK.name, test: { number } })
    if (q.latin) {
      tests.push({ rank: RANK.soundContains, test: { pinyin: q.norm } })
      tests.push({ rank: RANK.soundContains, test: { initials: q.norm } })
    } else if (q.sound.syllables.length >= 2) {
      // A homophone needs two syllables, as in the matcher.
      tests.push({ rank: RANK.soundContains, test: { pinyin: q.sound.full } })
    }
    const ranks = new Map<number, number[]>()
    for (const m of matches) ranks.set(m.rank, [...(ranks.get(m.rank) ?? []), m.id])
    for (const [rank, genericIds] of ranks) tests.push({ rank, test: { genericIds } })
    // When no name is reached by its characters or sound, the nearest names by sound ride along in the same
    // query, ranked last: they are not hits, they tell which suggestions this model has parts of.
    const near = matches.some((m) => m.kind !== 'partial') ? [] : matcher.suggest(keyword, SUGGESTIONS * 2)
    tests.push({ rank: SUGGESTED, test: { genericIds: near.flatMap((s) => s.ids) } })
    const rows = await repo.modelPartsMatching(this.db, model.id, tests, SEARCH_LIMIT)
    const found = rows.filter((r) => Number(r.rank) < SUGGESTED)
    const hits = found.map((r): NameSearchHit => {
      // As the SQL matched it: the stored name, lower case (names are stored simplified).
      const own = r.part_name_cn.toLowerCase()
      const generic = byId.get(Number(r.generic_name_id))
      const [matched_by, matched_text] = q.tokens.every((t) => own.includes(t))
        ? (['name', ''] as const)
        : looksLikeNumber && r.norm_number.startsWith(number)
          ? (['number', ''] as const)
          : generic
            ? ([matchedBy(generic), generic.text] as const)
            : q.latin
              ? ([r.name_pinyin.includes(q.norm) ? 'pinyin' : 'initials', ''] as const)
              : (['sound', ''] as const)
      return {
        disp_number: r.disp_number,
        part_number: r.norm_number,
        part_name_cn: r.part_name_cn,
        imageid: r.image_code,
        image_name: r.image_name,
        main_number: r.main_number,
        sub_number: r.sub_number,
        callout: Number(r.callout),
        quantity: Number(r.quantity),
        matched_by,
        matched_text,
      }
    })
    if (hits.length) return { hits, suggestions: [] }
    // Nothing in this model: the nearest names by sound that it has parts of.
    const present = new Set(rows.map((r) => Number(r.generic_name_id)))
    const suggestions = near.filter((s) => s.ids.some((id) => present.has(id))).map((s) => s.text)
    return { hits, suggestions: suggestions.slice(0, SUGGESTIONS) }
  }

  async glossary(keyword?: string): Promise<GlossaryAnswer> {
    const { list, byId, matcher } = await this.genericNames()
    const entry = (n: GenericName, match: GlossaryName['match']): GlossaryName => ({
      name: n.name,
      pinyin: n.pinyin,
      initials: n.initials,
      unit: n.unit,
      aliases: n.aliases,
      match,
    })
    const systems = new Map<string, GlossaryName[]>()
    const add = (n: GenericName, name: GlossaryName) => {
      const names = systems.get(n.system)
      if (names) names.push(name)
      else systems.set(n.system, [name])
    }
    // Without a keyword (or with only spaces and marks) the whole glossary, in the catalogue's order.
    if (!normalizeName(keyword ?? '')) {
      for (const n of list) add(n, entry(n, null))
      return { systems: [...systems].map(([system, names]) => ({ system, names })), suggestions: [] }
    }
    const k = keyword as string
    const matches = matcher.match(k)
    // Best first: the system of the best name comes first, and each system lists its names best first.
    for (const m of matches) {
      const n = byId.get(m.id)
      if (n) add(n, entry(n, { text: m.text, alias: m.alias, kind: m.kind, via: m.via, spans: m.spans }))
    }
    // 您是不是要找 when nothing matched, or only as part of a longer query.
    const suggestions = matches.some((m) => m.kind !== 'partial')
      ? []
      : matcher.suggest(k, SUGGESTIONS).map((s) => s.text)
    return { systems: [...systems].map(([system, names]) => ({ system, names })), suggestions }
  }
}

function matchedBy(m: NameMatch): NameSearchHit['matched_by'] {
  if (m.kind === 'partial') return 'partial'
  if (m.via === 'pinyin' || m.via === 'initials') return m.via
  if (m.via === 'sound') return 'sound'
  return m.alias ? 'alias' : 'name'
}
