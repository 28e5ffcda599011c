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
import { type NameMatch, NameMatcher, normalizeName, PartNameIndex, RANK } from './name-matcher'

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
  partNames: PartNameIndex
}

export class NamesService {
  private names: Names | null = null

  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.kysely
  }

  /** The generic names with their aliases and their matcher, and the part names: built once per catalogue
   * version. */
  private async genericNames(): Promise<Names> {
    const version = await catalogueVersion(this.ctx.db, this.ctx.clock.now())
    if (this.names?.version === version) return this.names
    const [names, aliases, partNames] = await Promise.all([
      repo.genericNames(this.db),
      repo.genericAliases(this.db),
      repo.partNames(this.db),
    ])
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
    this.names = {
      version,
      list,
      byId: new Map(list.map((n) => [n.id, n])),
      matcher: new NameMatcher(list),
      partNames: new PartNameIndex(
        partNames.map((p) => ({
          genericId: Number(p.generic_name_id),
          name: p.name_cn,
          pinyin: p.pinyin,
          initials: p.initials,
        })),
      ),
    }
    return this.names
  }

  /** Builds the names' index for the catalogue as it is now. */
  async warm(): Promise<void> {
    await this.genericNames()
  }

  async nameSearch(modelCode: string, keyword: string): Promise<NameSearchAnswer> {
    const model = await requireModel(this.ctx.db, modelCode)
    const { matcher, partNames } = await this.genericNames()
    const q = matcher.analyse(keyword)
    if (!q.norm) throw fail.invalid('关键字不能只有空格或标点')
    const matches = matcher.match(keyword)
    const byId = new Map(matches.map((m) => [m.id, m]))
    const number = normalizePartNumber(keyword)
    const looksLikeNumber = /^[0-9A-Z]{4,}$/.test(number) && /\d/.test(number)
    // The generic names as the matcher ranked them; when none is reached by its characters or sound, the
    // nearest names by sound too, ranked last: they are not hits, they tell which suggestions this model has
    // parts of.
    const near = matches.some((m) => m.kind !== 'partial') ? [] : matcher.suggest(keyword, SUGGESTIONS * 2)
    const genericRank = new Map(matches.map((m) => [m.id, m.rank]))
    for (const s of near) for (const id of s.ids) if (!genericRank.has(id)) genericRank.set(id, SUGGESTED)
    // The part's own name and number rank as exact characters, its stored pinyin as a sound inside a name
    // (a homophone needs two syllables, as in the matcher).
    const pinyin = q.latin ? q.norm : q.sound.syllables.length >= 2 ? q.sound.full : ''
    const rankOf = (r: repo.ModelPartRow): number => {
      let rank = genericRank.get(Number(r.generic_name_id)) ?? Number.POSITIVE_INFINITY
      const own = r.part_name_cn.toLowerCase()
      if (looksLikeNumber && r.norm_number.startsWith(number)) rank = RANK.name
      else if (q.tokens.every((t) => own.includes(t))) rank = Math.min(rank, RANK.contains)
      else if (pinyin && (r.name_pinyin.includes(pinyin) || (q.latin && r.name_initials.includes(pinyin))))
        rank = Math.min(rank, RANK.soundContains)
      return rank
    }
    // Only the parts of the generic names the tests can reach are read (0: parts without one): the matched
    // and suggested names, and those of the part names that pass a test of their own.
    const reach = new Set(genericRank.keys())
    partNames.withWords(q.tokens, reach)
    if (pinyin) partNames.withPinyin(pinyin, reach)
    if (q.latin) partNames.withInitials(pinyin, reach)
    const [named, numbered] = await Promise.all([
      repo.modelPartsOfNames(this.db, model.id, [...reach]),
      looksLikeNumber ? repo.modelPartsByNumber(this.db, model.id, number, SEARCH_LIMIT) : [],
    ])
    const seen = new Set<string>()
    const rows: (repo.ModelPartRow & { rank: number })[] = []
    for (const r of [...named, ...numbered]) {
      const key = `${r.part_id} ${r.illustration_id} ${r.callout}`
      const rank = rankOf(r)
      if (rank === Number.POSITIVE_INFINITY || seen.has(key)) continue
      seen.add(key)
      rows.push({ ...r, rank })
    }
    // Best first, then in the order of the group tree.
    rows.sort(
      (a, b) =>
        a.rank - b.rank ||
        a.main_group_id - b.main_group_id ||
        (a.sub_number < b.sub_number ? -1 : a.sub_number > b.sub_number ? 1 : 0) ||
        a.callout - b.callout,
    )
    const found = rows.filter((r) => r.rank < SUGGESTED).slice(0, SEARCH_LIMIT)
    const hits = found.map((r): NameSearchHit => {
      // As rankOf matched it: the stored name, lower case (names are stored simplified).
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
