// The name search in a model's parts (by name, number, pinyin, initials or a workshop alias of the generic
// name) and the glossary of generic names.
import { type GlossarySystem, type NameSearchHit, normalizePartNumber } from '@epc/shared'
import type { AppContext } from '../../context'
import { requireModel } from './browse.service'
import * as repo from './catalogue.repository'
import { catalogueVersion } from './catalogue-version'

const SEARCH_LIMIT = 100

interface GenericName {
  id: number
  name: string
  system: string
  unit: string
  pinyin: string
  initials: string
  aliases: { alias: string; pinyin: string; initials: string }[]
}

export class NamesService {
  private names: { version: string; list: GenericName[] } | null = null

  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.kysely
  }

  /** The generic names with their aliases: 678 at most, kept while the catalogue's version stays. */
  private async genericNames(): Promise<GenericName[]> {
    const version = await catalogueVersion(this.ctx.db, this.ctx.clock.now())
    if (this.names?.version === version) return this.names.list
    const [names, aliases] = await Promise.all([repo.genericNames(this.db), repo.genericAliases(this.db)])
    const list = names.map((n) => ({
      id: Number(n.id),
      name: n.name_cn,
      system: n.system,
      unit: n.unit,
      pinyin: n.pinyin,
      initials: n.initials,
      aliases: aliases.filter((a) => Number(a.generic_name_id) === Number(n.id)),
    }))
    this.names = { version, list }
    return list
  }

  async nameSearch(modelCode: string, keyword: string): Promise<NameSearchHit[]> {
    const model = await requireModel(this.ctx.db, modelCode)
    const k = keyword.trim()
    const lower = k.toLowerCase()
    const names = await this.genericNames()
    const aliasHits = names.filter((n) =>
      n.aliases.some((a) => a.alias.includes(k) || a.pinyin.includes(lower) || a.initials === lower),
    )
    const genericHits = names.filter((n) => n.name.includes(k))
    const number = normalizePartNumber(k)
    const looksLikeNumber = /^[0-9A-Z]{4,}$/.test(number) && /\d/.test(number)
    const rows = await repo.modelPartsMatching(
      this.db,
      model.id,
      {
        text: k,
        genericIds: [...aliasHits, ...genericHits].map((n) => n.id),
        number: looksLikeNumber ? number : null,
      },
      SEARCH_LIMIT,
    )
    const aliasIds = new Set(aliasHits.map((n) => n.id))
    return rows.map((r) => ({
      disp_number: r.disp_number,
      part_number: r.norm_number,
      part_name_cn: r.part_name_cn,
      imageid: r.image_code,
      image_name: r.image_name,
      main_number: r.main_number,
      sub_number: r.sub_number,
      callout: Number(r.callout),
      quantity: Number(r.quantity),
      matched_by: r.part_name_cn.includes(k)
        ? 'name'
        : looksLikeNumber && r.norm_number.startsWith(number)
          ? 'number'
          : r.name_pinyin.includes(lower)
            ? 'pinyin'
            : r.name_initials.includes(lower)
              ? 'initials'
              : aliasIds.has(Number(r.generic_name_id))
                ? 'alias'
                : 'name',
    }))
  }

  async glossary(keyword?: string): Promise<GlossarySystem[]> {
    const k = (keyword ?? '').trim()
    const lower = k.toLowerCase()
    const names = await this.genericNames()
    const hit = (n: GenericName) =>
      !k ||
      n.name.includes(k) ||
      n.pinyin.includes(lower) ||
      n.initials.startsWith(lower) ||
      n.aliases.some((a) => a.alias.includes(k) || a.pinyin.includes(lower) || a.initials.startsWith(lower))
    const systems = new Map<string, GlossarySystem['names']>()
    for (const n of names.filter(hit)) {
      const list = systems.get(n.system) ?? []
      list.push({
        name: n.name,
        pinyin: n.pinyin,
        initials: n.initials,
        unit: n.unit,
        aliases: n.aliases.map((a) => a.alias),
      })
      systems.set(n.system, list)
    }
    return [...systems].map(([system, list]) => ({ system, names: list }))
  }
}
