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
import * as repo from './catalogue.repository'
import { catalogueVersion } from './catalogue-version'
import {
  type NameMatch,
  NameMatcher,
  normalizeName,
  PartNameIndex,
  type PartNameVia,
  RANK,
} from './name-matcher'

const SEARCH_LIMIT = 100
const SUGGESTIONS = 5
/** The rank of a suggested name's parts: after every hit, and not a hit. */
const SUGGESTED = 99

export interface GenericName {
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
  /** Where each illustration sits in the group tree, by its id: the search's hits say so. */
  places: Map<number, Place>
  /** Each model's id by its code: the search asks for the model's parts by id. */
  modelIds: Map<string, number>
}

type Place = Awaited<ReturnType<typeof repo.illustrationPlaces>>[number]

interface Ranked {
  row: repo.ModelPartRow
  rank: number
  place: Place
  /** How the part's own name matched, if it did. */
  by: PartNameVia | undefined
  byNumber: boolean
}

// One per database: the index of names (and of every part's name) is large, and the web's look-ups and the
// open API read the same catalogue.
const services = new WeakMap<object, NamesService>()

/** The names service of a context's database, made on first use. */
export function namesServiceOf(ctx: AppContext): NamesService {
  let service = services.get(ctx.db)
  if (!service) {
    service = new NamesService(ctx)
    services.set(ctx.db, service)
  }
  return service
}

export class NamesService {
  private names: Names | null = null

  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.kysely
  }

  /** The generic names with their aliases and their matcher, the part names, where each illustration sits
   * and each model's id: built once per catalogue version. */
  private async genericNames(): Promise<Names> {
    const version = await catalogueVersion(this.ctx.db, this.ctx.clock.now())
    if (this.names?.version === version) return this.names
    const [names, aliases, partNames, places, models] = await Promise.all([
      repo.genericNames(this.db),
      repo.genericAliases(this.db),
      repo.partNames(this.db),
      repo.illustrationPlaces(this.db),
      repo.modelIds(this.db),
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
      places: new Map(places.map((p) => [Number(p.id), p])),
      modelIds: new Map(models.map((m) => [m.model_code, Number(m.id)])),
    }
    return this.names
  }

  /** The generic names in the catalogue's order, with their aliases, pinyin and initials. */
  async nameList(): Promise<readonly GenericName[]> {
    return (await this.genericNames()).list
  }

  /**
   * The generic name a client's word stands for: a name or alias as written (spaces and marks aside), else
   * the whole of one by sound (a homophone typo, its pinyin or initials); never a name that merely contains
   * the word, which would answer another part than the one asked for. Undefined when none is.
   */
  async resolveName(word: string): Promise<GenericName | undefined> {
    const { matcher, byId } = await this.genericNames()
    const best = matcher.match(word).find((m) => m.rank <= RANK.alias || m.rank === RANK.soundEqual)
    return best ? byId.get(best.id) : undefined
  }

  /** Builds the names' index for the catalogue as it is now. */
  async warm(): Promise<void> {
    await this.genericNames()
  }

  async nameSearch(modelCode: string, keyword: string): Promise<NameSearchAnswer> {
    const { matcher, partNames, places, modelIds } = await this.genericNames()
    const modelId = modelIds.get(modelCode)
    if (modelId === undefined) throw fail.notFound()
    const q = matcher.analyse(keyword)
    if (!q.norm) throw fail.invalid('关键字不能只有空格或标点')
    const matches = matcher.match(keyword, q)
    const byId = new Map(matches.map((m) => [m.id, m]))
    const number = normalizePartNumber(keyword)
    const looksLikeNumber = /^[0-9A-Z]{4,}$/.test(number) && /\d/.test(number)
    // The generic names as the matcher ranked them; when none is reached by its characters or sound, the
    // nearest names by sound too, ranked last: they are not hits, they tell which suggestions this model has
    // parts of.
    const near = matches.some((m) => m.kind !== 'partial') ? [] : matcher.suggest(keyword, SUGGESTIONS * 2, q)
    const genericRank = new Map(matches.map((m) => [m.id, m.rank]))
    for (const s of near) for (const id of s.ids) if (!genericRank.has(id)) genericRank.set(id, SUGGESTED)
    // The part's own name and number rank as exact characters, its stored pinyin (and initials, for typed
    // Latin) as a sound inside a name; a homophone needs two syllables, as in the matcher. The part names are
    // tested once each; only the parts of the generic names the tests reach are read (0: parts without one).
    const reach = new Set(genericRank.keys())
    const pinyin = q.latin ? q.norm : q.sound.syllables.length >= 2 ? q.sound.full : ''
    const own = partNames.match(q.tokens, pinyin, q.latin, reach)
    const [named, numbered] = await Promise.all([
      repo.modelPartsOfNames(this.db, modelId, [...reach]),
      looksLikeNumber ? repo.modelPartsByNumber(this.db, modelId, number, SEARCH_LIMIT) : [],
    ])
    const rows: Ranked[] = []
    const seen = new Set<string>()
    for (const r of named.concat(numbered)) {
      const by = own.get(r.part_name_cn)
      const byNumber = looksLikeNumber && r.norm_number.startsWith(number)
      const rank = Math.min(
        byNumber ? RANK.name : Number.POSITIVE_INFINITY,
        by === 'name' ? RANK.contains : by ? RANK.soundContains : Number.POSITIVE_INFINITY,
        genericRank.get(Number(r.generic_name_id)) ?? Number.POSITIVE_INFINITY,
      )
      const place = places.get(Number(r.illustration_id))
      if (rank === Number.POSITIVE_INFINITY || !place) continue
      // A part numbered so and also of a name reached comes twice: once is enough.
      if (numbered.length) {
        const key = `${r.norm_number} ${r.illustration_id} ${r.callout}`
        if (seen.has(key)) continue
        seen.add(key)
      }
      rows.push({ row: r, rank, place, by, byNumber })
    }
    // Best first, then in the order of the group tree.
    rows.sort(
      (a, b) =>
        a.rank - b.rank ||
        a.place.main_id - b.place.main_id ||
        (a.place.sub_number < b.place.sub_number ? -1 : a.place.sub_number > b.place.sub_number ? 1 : 0) ||
        a.row.callout - b.row.callout,
    )
    const hits: NameSearchHit[] = []
    for (const { row: r, rank, place, by, byNumber } of rows) {
      if (rank >= SUGGESTED || hits.length === SEARCH_LIMIT) break
      const generic = byId.get(Number(r.generic_name_id))
      const [matched_by, matched_text] =
        by === 'name'
          ? (['name', ''] as const)
          : byNumber
            ? (['number', ''] as const)
            : generic
              ? ([matchedBy(generic), generic.text] as const)
              : q.latin
                ? ([by === 'pinyin' ? 'pinyin' : 'initials', ''] as const)
                : (['sound', ''] as const)
      hits.push({
        disp_number: r.disp_number,
        part_number: r.norm_number,
        part_name_cn: r.part_name_cn,
        imageid: place.image_code,
        image_name: place.image_name,
        main_number: place.main_number,
        sub_number: place.sub_number,
        callout: Number(r.callout),
        quantity: Number(r.quantity),
        matched_by,
        matched_text,
      })
    }
    if (hits.length) return { hits, suggestions: [] }
    // Nothing in this model: the nearest names by sound that it has parts of.
    const present = new Set(rows.map((r) => Number(r.row.generic_name_id)))
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
