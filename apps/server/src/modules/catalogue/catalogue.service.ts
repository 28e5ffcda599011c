// The catalogue look-ups of docs/api.md: VIN query, car-model browse, group tree, illustration with parts,
// part-code query, part detail, name search, glossary, maintenance and accident lists, VIN history.
import {
  type AccidentAnswer,
  type AccidentZone,
  type BrandInitial,
  type CarInfo,
  decodeVin,
  fenToYuan,
  type GlossarySystem,
  type GroupTreeAnswer,
  type IllustrationAnswer,
  type MaintenanceAnswer,
  type NameSearchHit,
  normalizePartNumber,
  type PartDetailAnswer,
  type PartsQueryRow,
  type SeriesEntry,
  VIN_LENGTH,
  type VinDecoding,
  type VinHistoryAnswer,
  type VinQueryAnswer,
} from '@epc/shared'
import type { AppContext } from '../../context'
import {
  type DeflatedPiece,
  deflatedPiece,
  type EncodedData,
  encodeData,
  encodeSpliced,
  SuccessBody,
  successBody,
} from '../../lib/envelope-codec'
import type { Caller } from '../../plugins/auth'
import { fail } from '../../plugins/errors'
import { money, toCarInfo, toPriceRows, toStockRows } from './catalogue.dto'
import * as repo from './catalogue.repository'
import { VinHistory } from './vin-history'

const NAME_CACHE_MS = 5 * 60_000
const SEARCH_LIMIT = 100
const FITTING_MODELS_LIMIT = 200
const PREFIX_CANDIDATES = 8

/** The fields of an illustration answer that come from the drawing alone. */
type Drawing = 'svg' | 'width' | 'height' | 'callouts'

/** Mileage is read to the nearest 5,000 km: a car at 39,600 km is due its 40,000 km service. */
export const MAINTENANCE_STEP_KM = 5000
export function serviceMileage(mileage: number): number {
  return Math.max(MAINTENANCE_STEP_KM, Math.round(mileage / MAINTENANCE_STEP_KM) * MAINTENANCE_STEP_KM)
}

function vdsMatches(pattern: string, vds: string): boolean {
  for (let i = 0; i < 5; i++) if (pattern[i] !== '*' && pattern[i] !== vds[i]) return false
  return true
}

function decodeAnswer(d: VinDecoding) {
  return {
    valid: d.valid,
    maker: d.maker,
    brand: d.brand,
    country: d.country,
    imported: d.wmi?.imported ?? null,
    modelYear: d.modelYear,
    modelYearCandidates: d.modelYearCandidates,
    plantCode: d.plantCode,
    checkDigitValid: d.checkDigit?.valid ?? null,
    expectedCheckDigit: d.checkDigit?.expected ?? null,
    warnings: d.warnings,
    corrections: d.corrections,
  }
}

interface GenericName {
  id: number
  name: string
  system: string
  unit: string
  pinyin: string
  initials: string
  aliases: { alias: string; pinyin: string; initials: string }[]
}

export class CatalogueService {
  private names: { at: number; list: GenericName[] } | null = null

  readonly history: VinHistory

  constructor(
    private readonly ctx: AppContext,
    onHistoryError: (error: unknown) => void,
  ) {
    this.history = new VinHistory(() => ctx.db.kysely, onHistoryError)
  }

  private get db() {
    return this.ctx.db.kysely
  }

  private async model(modelCode: string) {
    const model = await repo.findModel(this.db, modelCode)
    if (!model) throw fail.notFound()
    return model
  }

  /** The generic names with their aliases: 678 at most, read-mostly, so kept for a few minutes. */
  private async genericNames(): Promise<GenericName[]> {
    const now = Date.now()
    if (this.names && now - this.names.at < NAME_CACHE_MS) return this.names.list
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
    this.names = { at: now, list }
    return list
  }

  /**
   * A VIN's answer depends on the VIN as typed (its corrections), the year it is asked in (the years a year
   * code can stand for) and the catalogue, so it is kept encoded in the answer cache under those, together
   * with what the history records: a repeated query is not even decoded again. The history is written for
   * every query, answered from the cache or not.
   */
  async vinQuery(caller: Caller, raw: string): Promise<SuccessBody> {
    const now = this.ctx.clock.now()
    const version = await this.ctx.answers.catalogueVersion(this.ctx)
    const key = `vinquery|${version}|${new Date(now).getFullYear()}|${raw}`
    let kept = this.ctx.answers.get(key)
    if (!kept) {
      const decoding = decodeVin(raw, new Date(now))
      if (!decoding.valid) throw fail.invalid(decoding.errors[0] ?? '请输入17位车架号')
      const models = await this.vinModels(decoding)
      const answer: VinQueryAnswer = {
        vinCode: decoding.vin,
        decode: decodeAnswer(decoding),
        status: models.length === 0 ? 'none' : models.length === 1 ? 'one' : 'several',
        models: models.map((m) => toCarInfo(m, decoding.vin)),
      }
      // The model the history names (0: none, unless the VIN points to one), the VIN it names (17
      // characters), then the answer's whole body.
      kept = Buffer.concat([Buffer.from(`0000${decoding.vin}`, 'latin1'), successBody(encodeData(answer))])
      kept.writeUInt32LE(models.length === 1 ? Number(models[0]?.id) : 0)
      if (this.ctx.config.answerCacheBytes > 0) this.ctx.answers.set(key, kept)
    }
    const modelId = kept.readUInt32LE(0)
    this.history.record({
      account_id: caller.accountId,
      vin: kept.toString('latin1', 4, 4 + VIN_LENGTH),
      model_id: modelId === 0 ? null : modelId,
      created_at: now,
    })
    return new SuccessBody(kept.subarray(4 + VIN_LENGTH))
  }

  /**
   * The catalogue models a decoded VIN's maker, VDS and year point to. Every VIN of one vehicle line shares
   * them, so they are kept in the answer cache under the catalogue's version, like a look-up's answer.
   */
  private async vinModels(decoding: VinDecoding): Promise<repo.ModelRow[]> {
    const vds = decoding.vds ?? ''
    const year = decoding.modelYear
    const key = `vinmodels|${await this.ctx.answers.catalogueVersion(this.ctx)}|${decoding.vin.slice(0, 8)}|${year}`
    const cached = this.ctx.answers.get(key)
    if (cached !== undefined) return JSON.parse(cached.toString('utf8')) as repo.ModelRow[]
    const patterns = await repo.vinPatterns(this.db, decoding.vin.slice(0, 3))
    const ids = [
      ...new Set(
        patterns
          .filter(
            (p) =>
              vdsMatches(p.vds_pattern, vds) && (year === null || (p.year_from <= year && year <= p.year_to)),
          )
          .map((p) => Number(p.model_id)),
      ),
    ]
    const models = await repo.findModelsByIds(this.db, ids)
    if (this.ctx.config.answerCacheBytes > 0) this.ctx.answers.set(key, Buffer.from(JSON.stringify(models)))
    return models
  }

  async brands(): Promise<BrandInitial[]> {
    const rows = await repo.brands(this.db)
    const byInitial = new Map<string, BrandInitial['brands']>()
    for (const b of rows) {
      const list = byInitial.get(b.initial) ?? []
      list.push({
        brand_number: b.brand_number,
        brand_name: b.name_cn,
        name_en: b.name_en,
        imported: b.imported === 1,
        group_code: b.group_code,
        group_name: b.group_name,
      })
      byInitial.set(b.initial, list)
    }
    return [...byInitial].map(([initial, brands]) => ({ initial, brands }))
  }

  async series(brandNumber: string): Promise<SeriesEntry[]> {
    const rows = await repo.seriesOfBrand(this.db, brandNumber)
    if (!rows.length) throw fail.notFound()
    const series = new Map<string, { series_number: string; series_name: string; years: number[] }>()
    for (const r of rows) {
      const entry = series.get(r.series_number) ?? {
        series_number: r.series_number,
        series_name: r.name_cn,
        years: [],
      }
      if (r.year !== null && !entry.years.includes(Number(r.year))) entry.years.push(Number(r.year))
      series.set(r.series_number, entry)
    }
    return [...series.values()].map((s) => ({ ...s, years: s.years.sort((a, b) => b - a) }))
  }

  async models(seriesNumber: string, year?: number): Promise<CarInfo[]> {
    const rows = await repo.modelsOfSeries(this.db, seriesNumber, year)
    return rows.map((m) => toCarInfo(m))
  }

  async groupTree(modelCode: string): Promise<GroupTreeAnswer> {
    const model = await this.model(modelCode)
    const rows = await repo.groupTree(this.db, model.id)
    const groups: GroupTreeAnswer['groups'] = []
    for (const r of rows) {
      let main = groups.at(-1)
      if (main?.main_number !== r.main_number) {
        main = { main_number: r.main_number, name: r.main_name, subs: [] }
        groups.push(main)
      }
      let sub = main.subs.at(-1)
      if (sub?.sub_number !== r.sub_number) {
        sub = { sub_number: r.sub_number, name: r.sub_name, illustrations: [] }
        main.subs.push(sub)
      }
      sub.illustrations.push({ imageid: r.image_code, image_name: r.image_name, grpid: r.sub_number })
    }
    return { model: toCarInfo(model), groups }
  }

  /** The drawings alone, for the group tree's thumbnails; not a look-up of parts. */
  async thumbnails(modelCode: string, imageCodes: string[]): Promise<{ imageid: string; svg: string }[]> {
    const model = await this.model(modelCode)
    const rows = await repo.illustrationDrawings(this.db, model.id, [...new Set(imageCodes)])
    return imageCodes.flatMap((code) => {
      const row = rows.find((r) => r.image_code === code)
      return row ? [{ imageid: code, svg: row.svg }] : []
    })
  }

  /**
   * The answer is spliced from the model's parts and the drawing's JSON kept deflated (drawing()): the
   * drawing is most of the answer, and many models share it.
   */
  async illustration(caller: Caller, modelCode: string, imageCode: string): Promise<EncodedData> {
    const model = await this.model(modelCode)
    const il = await repo.findIllustration(this.db, model.id, imageCode)
    if (!il) throw fail.notFound()
    const drawing = await this.drawing(il.id)
    const parts = await repo.illustrationParts(this.db, model.id, il.id, caller.type4s)
    const head: Omit<IllustrationAnswer, Drawing | 'parts'> = {
      model: toCarInfo(model),
      imageid: il.image_code,
      image_name: il.image_name,
      main_number: il.main_number,
      main_name: il.main_name,
      sub_number: il.sub_number,
      sub_name: il.sub_name,
    }
    const tail: Pick<IllustrationAnswer, 'parts'> = {
      parts: parts.map((p) => ({
        callout: Number(p.callout),
        disp_number: p.disp_number,
        part_number: p.norm_number,
        part_name_cn: p.part_name_cn,
        quantity: Number(p.quantity),
        note: p.note,
        remark: p.remark,
        price: money(p.price_fen),
        stock_total: Number(p.stock_total ?? 0),
        sales_banned: Number(p.sales_banned ?? 0) === 1,
        substitutes: Number(p.substitute_count ?? 0),
        replaced_by: p.replaced_by ?? null,
        flag: Number(p.substitute_count ?? 0) > 0 || p.replaced_by ? 1 : 0,
      })),
    }
    // `{…head,` + drawing + `,"parts":[…]}`
    return encodeSpliced(
      `${JSON.stringify(head).slice(0, -1)},`,
      drawing,
      `,${JSON.stringify(tail).slice(1)}`,
    )
  }

  /** A drawing's svg, size and callouts as answer JSON, deflated once and kept in the answer cache. */
  private async drawing(illustrationId: number): Promise<DeflatedPiece> {
    const key = `drawing|${await this.ctx.answers.catalogueVersion(this.ctx)}|${illustrationId}`
    const kept = this.ctx.answers.get(key)
    if (kept) return kept
    const row = await repo.drawingOf(this.db, illustrationId)
    if (!row) throw fail.notFound()
    const json: Pick<IllustrationAnswer, Drawing> = {
      svg: row.svg,
      width: row.width,
      height: row.height,
      callouts: (JSON.parse(row.callouts) as [number, number, number][]).map(([callout, x, y]) => ({
        callout,
        x,
        y,
      })),
    }
    const piece = deflatedPiece(JSON.stringify(json).slice(1, -1))
    if (this.ctx.config.answerCacheBytes > 0) this.ctx.answers.set(key, piece)
    return piece
  }

  /** Follows supersessions from each part to the newest number (chains are short; cycles are cut). */
  private async newestOf(
    partIds: number[],
  ): Promise<Map<number, { norm: string; chain: { old: number; changed_on: string }[] }>> {
    const result = new Map<number, { norm: string; chain: { old: number; changed_on: string }[] }>()
    let frontier = partIds.map((id) => ({ start: id, at: id }))
    for (let hop = 0; hop < 10 && frontier.length; hop++) {
      const steps = await repo.supersessionsFrom(this.db, [...new Set(frontier.map((f) => f.at))])
      const next: typeof frontier = []
      for (const f of frontier) {
        const step = steps.find((s) => Number(s.old_part_id) === f.at)
        if (!step) continue
        const entry = result.get(f.start) ?? { norm: '', chain: [] }
        entry.norm = step.new_norm
        entry.chain.push({ old: f.at, changed_on: step.changed_on })
        result.set(f.start, entry)
        if (Number(step.new_part_id) !== f.start) next.push({ start: f.start, at: Number(step.new_part_id) })
      }
      frontier = next
    }
    return result
  }

  async partsQuery(caller: Caller, codes: string[]): Promise<PartsQueryRow[]> {
    const inputs = codes
      .map((c) => ({ input: c.trim(), number: normalizePartNumber(c) }))
      .filter((c) => c.number)
    if (!inputs.length) throw fail.invalid('请输入配件编码')
    const exact = await repo.partsByNumbers(this.db, [...new Set(inputs.map((i) => i.number))], caller.type4s)
    const newest = await this.newestOf(exact.map((p) => Number(p.id)))
    const replacementNumbers = [...new Set([...newest.values()].map((n) => n.norm))]

    // Numbers typed only in part: a unique prefix is taken, several are offered.
    const prefixHits = new Map<string, string[]>()
    for (const i of inputs) {
      if (exact.some((p) => p.norm_number === i.number) || i.number.length < 4) continue
      prefixHits.set(
        i.number,
        (await repo.partsByPrefix(this.db, i.number, PREFIX_CANDIDATES)).map((r) => r.norm_number),
      )
    }
    const uniquePrefix = [...prefixHits.values()].filter((l) => l.length === 1).map((l) => l[0] as string)
    const more = await repo.partsByNumbers(
      this.db,
      [...new Set([...replacementNumbers, ...uniquePrefix])],
      caller.type4s,
    )
    const all = [...exact, ...more]
    const byNumber = new Map(all.map((p) => [p.norm_number, p]))
    const exactNumbers = new Set(exact.map((p) => p.norm_number))
    const ids = [...new Set(all.map((p) => Number(p.id)))]
    const [stock, substitutes] = await Promise.all([
      repo.stockOf(this.db, ids),
      repo.substitutesOf(this.db, ids),
    ])

    const describe = (p: (typeof all)[number]) => {
      const partStock = stock.filter((s) => Number(s.part_id) === Number(p.id))
      return {
        disp_number: p.disp_number,
        part_number: p.norm_number,
        part_name_cn: p.part_name_cn,
        generic_name: p.generic_name ?? '',
        remark: p.remark,
        price: money(p.price_fen),
        stock: Object.fromEntries(toStockRows(p, partStock).map((s) => [s.warehouse, s.STOCK_QUANTITY])),
        stock_total: Number(p.stock_total ?? 0),
        sales_banned: Number(p.sales_banned ?? 0) === 1,
        substitutes: substitutes
          .filter((s) => Number(s.part_id) === Number(p.id))
          .map((s) => ({ disp_number: s.disp_number, part_name_cn: s.part_name_cn, note: s.note })),
      }
    }

    return inputs.map(({ input, number }) => {
      const found = byNumber.get(number)
      if (found && exactNumbers.has(number)) {
        const newer = newest.get(Number(found.id))
        const current = newer ? byNumber.get(newer.norm) : undefined
        if (current) {
          return { input, status: 'superseded', old_number: found.disp_number, ...describe(current), flag: 1 }
        }
        const d = describe(found)
        return { input, status: 'found', ...d, flag: d.substitutes.length ? 1 : 0 }
      }
      const candidates = prefixHits.get(number) ?? []
      if (candidates.length === 1) {
        const hit = byNumber.get(candidates[0] as string)
        if (hit) {
          const d = describe(hit)
          return { input, status: 'prefix', ...d, flag: d.substitutes.length ? 1 : 0 }
        }
      }
      if (candidates.length > 1) return { input, status: 'several', part_number: number, candidates }
      return { input, status: 'none', part_number: number }
    })
  }

  async partDetail(caller: Caller, raw: string): Promise<PartDetailAnswer> {
    const number = normalizePartNumber(raw)
    const [part] = await repo.partsByNumbers(this.db, [number], caller.type4s)
    if (!part) throw fail.notFound()
    const id = Number(part.id)

    // The whole chain through this part: older numbers before it, newer ones after.
    const older: { norm: string; changed_on: string }[] = []
    let cursor = [id]
    for (let hop = 0; hop < 10 && cursor.length; hop++) {
      const steps = await repo.supersessionsTo(this.db, cursor)
      if (!steps.length) break
      older.unshift(...steps.map((s) => ({ norm: s.old_norm, changed_on: s.changed_on })))
      cursor = steps.map((s) => Number(s.old_part_id)).filter((x) => x !== id)
    }
    const chainNumbers = [...older.map((o) => o.norm), number]
    const newerNorms: { norm: string; changed_on: string }[] = []
    for (let at = id, hop = 0; hop < 10; hop++) {
      const [step] = await repo.supersessionsFrom(this.db, [at])
      if (!step || Number(step.new_part_id) === id) break
      newerNorms.push({ norm: step.new_norm, changed_on: step.changed_on })
      at = Number(step.new_part_id)
    }
    const chainParts = await repo.partsByNumbers(
      this.db,
      [...chainNumbers, ...newerNorms.map((n) => n.norm)],
      caller.type4s,
    )
    const display = (norm: string) => chainParts.find((p) => p.norm_number === norm)?.disp_number ?? norm
    const chain = [
      ...older.map((o) => ({
        disp_number: display(o.norm),
        part_number: o.norm,
        changed_on: o.changed_on,
        current: false,
      })),
      { disp_number: part.disp_number, part_number: number, changed_on: '', current: !newerNorms.length },
      ...newerNorms.map((n, i) => ({
        disp_number: display(n.norm),
        part_number: n.norm,
        changed_on: n.changed_on,
        current: i === newerNorms.length - 1,
      })),
    ]

    const [stock, substitutes, prices, models] = await Promise.all([
      repo.stockOf(this.db, [id]),
      repo.substitutesOf(this.db, [id]),
      repo.pricesOf(this.db, id),
      repo.modelsFittingPart(this.db, id, FITTING_MODELS_LIMIT),
    ])
    return {
      disp_number: part.disp_number,
      part_number: number,
      part_name_cn: part.part_name_cn,
      generic_name: part.generic_name ?? '',
      remark: part.remark,
      price: money(part.price_fen),
      sales_banned: Number(part.sales_banned ?? 0) === 1,
      replaced_by: newerNorms.length ? display(newerNorms.at(-1)?.norm ?? '') : null,
      chain,
      substitutes: substitutes.map((s) => ({
        disp_number: s.disp_number,
        part_name_cn: s.part_name_cn,
        note: s.note,
      })),
      prices: toPriceRows(prices),
      stock: toStockRows(part, stock),
      models: models.map((m) => ({
        ModelId: m.model_code,
        car_name: m.car_name,
        year: m.year,
        brand_name: m.brand_name,
        imageid: m.image_code,
        image_name: m.image_name,
        callout: Number(m.callout),
        quantity: Number(m.quantity),
      })),
    }
  }

  async nameSearch(modelCode: string, keyword: string): Promise<NameSearchHit[]> {
    const model = await this.model(modelCode)
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

  async maintenance(caller: Caller, modelCode: string, mileage: number): Promise<MaintenanceAnswer> {
    const model = await this.model(modelCode)
    const at = serviceMileage(mileage)
    const schedule = (await repo.maintenanceOf(this.db, model.id)).filter(
      (m) => at % Number(m.interval_km) === 0,
    )
    const parts = await repo.modelPartsOfNames(
      this.db,
      model.id,
      schedule.map((m) => Number(m.generic_name_id)),
      caller.type4s,
    )
    let totalFen = 0
    const items = schedule.map((m) => {
      const part = parts.find((p) => Number(p.generic_name_id) === Number(m.generic_name_id))
      const quantity = Number(m.quantity)
      const lineFen =
        part?.price_fen === null || part?.price_fen === undefined ? null : Number(part.price_fen) * quantity
      if (lineFen !== null) totalFen += lineFen
      return {
        generic_name: m.name_cn,
        unit: m.unit,
        quantity,
        interval_km: Number(m.interval_km),
        interval_months: Number(m.interval_months),
        disp_number: part?.disp_number ?? null,
        part_name_cn: part?.part_name_cn ?? null,
        price: money(part?.price_fen),
        money: lineFen === null ? null : fenToYuan(lineFen),
        stock_total: part ? Number(part.stock_total ?? 0) : 0,
        sales_banned: part ? Number(part.sales_banned ?? 0) === 1 : false,
      }
    })
    return { model: toCarInfo(model), mileage, service_mileage: at, items, total: fenToYuan(totalFen) }
  }

  async accidentZones(): Promise<AccidentZone[]> {
    const rows = await repo.accidentZones(this.db)
    const zones = new Map<string, { code: string; name: string; parent: string | null }>()
    for (const r of rows) zones.set(r.code, { code: r.code, name: r.name_cn, parent: r.parent_code })
    const list = [...zones.values()]
    return list
      .filter((z) => !z.parent)
      .map((top) => ({ code: top.code, name: top.name, children: list.filter((z) => z.parent === top.code) }))
  }

  async accident(caller: Caller, modelCode: string, zoneCodes: string[]): Promise<AccidentAnswer> {
    const model = await this.model(modelCode)
    const rows = await repo.accidentZones(this.db)
    const chosen = new Set(zoneCodes)
    for (const r of rows) if (r.parent_code && chosen.has(r.parent_code)) chosen.add(r.code)
    const unknown = zoneCodes.filter((c) => !rows.some((r) => r.code === c))
    if (unknown.length) throw fail.invalid(`碰撞区域 ${unknown[0]} 不存在`)
    const genericIds = [
      ...new Set(
        rows
          .filter((r) => chosen.has(r.code) && r.generic_name_id !== null)
          .map((r) => Number(r.generic_name_id)),
      ),
    ]
    const parts = await repo.modelPartsOfNames(this.db, model.id, genericIds, caller.type4s)
    const seen = new Set<number>()
    let totalFen = 0
    const items = []
    for (const p of parts) {
      if (seen.has(Number(p.id))) continue
      seen.add(Number(p.id))
      const quantity = Number(p.quantity)
      const lineFen =
        p.price_fen === null || p.price_fen === undefined ? null : Number(p.price_fen) * quantity
      if (lineFen !== null) totalFen += lineFen
      items.push({
        disp_number: p.disp_number,
        part_name_cn: p.part_name_cn,
        imageid: p.image_code,
        callout: Number(p.callout),
        quantity,
        price: money(p.price_fen),
        money: lineFen === null ? null : fenToYuan(lineFen),
        stock_total: Number(p.stock_total ?? 0),
        sales_banned: Number(p.sales_banned ?? 0) === 1,
      })
    }
    return { model: toCarInfo(model), zones: [...chosen], items, total: fenToYuan(totalFen) }
  }

  async vinHistory(caller: Caller): Promise<VinHistoryAnswer> {
    await this.history.flush()
    const rows = await repo.recentVins(this.db, caller.accountId, 10)
    const seen = new Set<string>()
    const recent = []
    for (const r of rows) {
      if (seen.has(r.vin)) continue
      seen.add(r.vin)
      recent.push({
        vin: r.vin,
        car_name: r.car_name ?? '',
        ModelId: r.model_code ?? '',
        queried_at: Number(r.created_at),
      })
      if (recent.length === 10) break
    }
    const demo = JSON.parse((await repo.metaValue(this.db, 'demo_vins')) ?? '[]') as VinHistoryAnswer['demo']
    return { recent, demo }
  }
}
