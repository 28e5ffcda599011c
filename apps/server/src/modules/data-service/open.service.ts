// The open API's calls (docs/open-api.md): VIN decode, parts by VIN and generic name, parts by number and
// the generic-name list, answered from the live catalogue (a test key: the demo catalogue, never charged).
// Every answered item is metered against the company's data-items packs; an item that fails is free, and
// items past the packs' end are refused, uncharged.
import { decodeVin, normalizePartNumber, type VinDecoding } from '@epc/shared'
import type {
  openNamesAnswer,
  openPartsByNameAnswer,
  openPartsLookupAnswer,
  openVinDecodeAnswer,
} from '@epc/shared/data-service-schemas'
import type { Kysely } from 'kysely'
import type * as z from 'zod/mini'
import type { OpenCaller } from '../../call'
import type { AppContext } from '../../context'
import type { Database } from '../../db/schema'
import { entitlementOf, useDataItems } from '../billing/billing.repository'
import { money, toCarInfo } from '../catalogue/catalogue.dto'
import * as catalogue from '../catalogue/catalogue.repository'
import { type NamesService, namesServiceOf } from '../catalogue/names.service'
import { PartsService } from '../catalogue/parts.service'
import { modelsForVin } from '../catalogue/vin.service'
import * as repo from './data-service.repository'
import type { DemoCatalogue } from './demo-catalogue'
import { usageDay } from './keys.service'

/** What a metered answer says of its items as a whole (besides `charged` on each item). */
export interface Metering {
  items_charged: number
  /** Items left in the company's packs after this request; a test key's requests leave them as they are. */
  items_left: number
  test: boolean
}

type Q = Kysely<Database>

export type PartsByNameAnswer = z.output<typeof openPartsByNameAnswer>

/** A catalogue to answer from: its context and the services that read it. */
interface Source {
  ctx: AppContext
  names: NamesService
  parts: PartsService
}

function sourceOf(ctx: AppContext): Source {
  return { ctx, names: namesServiceOf(ctx), parts: new PartsService(ctx) }
}

function decodeOf(d: VinDecoding) {
  return {
    maker: d.maker,
    brand: d.brand,
    country: d.country,
    model_year: d.modelYear,
    model_year_candidates: d.modelYearCandidates,
    plant_code: d.plantCode,
    check_digit_valid: d.checkDigit?.valid ?? null,
    expected_check_digit: d.checkDigit?.expected ?? null,
    corrections: d.corrections,
    warnings: d.warnings,
  }
}

export function modelOf(m: catalogue.ModelRow, vin: string) {
  const c = toCarInfo(m, vin)
  return {
    model_id: c.ModelId,
    name: c.car_name,
    brand: c.brand_name,
    series: c.series_name,
    manufacturer: c.manufacturer_name,
    year: c.year,
    engine: c.engine,
    transmission: c.transmission,
    condition: c.ModelCondition,
    imported: c.imported,
  }
}

export class OpenDataService {
  private readonly live: Source
  private demo: Source | undefined

  constructor(
    private readonly ctx: AppContext,
    private readonly demoCatalogue: DemoCatalogue,
  ) {
    this.live = sourceOf(ctx)
  }

  /** Where a key's answers come from: a test key reads the demo catalogue only. */
  private async source(caller: OpenCaller): Promise<Source> {
    if (!caller.isTest) return this.live
    if (!this.demo) this.demo = sourceOf({ ...this.ctx, db: await this.demoCatalogue.open() })
    return this.demo
  }

  /**
   * Charges the answered items (in order; `chargeable` says which answered), notes them in the key's day and
   * builds the answer from what was charged, in one transaction with `alongside` (a job's progress), so a
   * charge is never made without the answer it paid for being kept. An answered item past the packs' end is
   * refused (false in `granted`). A test key charges nothing and refuses nothing.
   */
  private meter<B>(
    caller: OpenCaller,
    chargeable: boolean[],
    build: (m: { charged: boolean[]; granted: boolean[]; metering: Metering }) => B,
    alongside?: (trx: Q, body: B) => Promise<void>,
  ): Promise<B> {
    const wanted = chargeable.filter(Boolean).length
    const now = this.ctx.clock.now()
    return this.ctx.db.kysely.transaction().execute(async (trx) => {
      const taken = caller.isTest || wanted === 0 ? 0 : await useDataItems(trx, caller.companyId, wanted)
      let left = taken
      const charged = chargeable.map((c) => c && !caller.isTest && left-- > 0)
      const granted = chargeable.map((c, i) => !c || caller.isTest || charged[i] === true)
      await repo.addUsage(trx, {
        key_id: caller.keyId,
        company_id: caller.companyId,
        day: usageDay(now),
        requests: 0,
        items_charged: taken,
        items_free: chargeable.length - wanted + (caller.isTest ? wanted : 0),
      })
      const metering: Metering = {
        items_charged: taken,
        items_left: (await entitlementOf(trx, caller.companyId, now)).itemsLeft,
        test: caller.isTest,
      }
      const body = build({ charged, granted, metering })
      await alongside?.(trx, body)
      return body
    })
  }

  /**
   * A list of items metered one for one: each `ok` item charged, or past the packs' end answered as
   * `quota_exhausted` with only what names it (`named`).
   */
  private meterItems<T extends { status: string }, N extends object>(
    caller: OpenCaller,
    answered: T[],
    named: (item: T) => N,
  ) {
    return this.meter(
      caller,
      answered.map((a) => a.status === 'ok'),
      ({ charged, granted, metering }) => ({
        results: answered.map((a, i) =>
          granted[i]
            ? { ...a, charged: charged[i] === true }
            : { ...named(a), status: 'quota_exhausted' as const, charged: false },
        ),
        ...metering,
      }),
    )
  }

  async names(caller: OpenCaller): Promise<z.output<typeof openNamesAnswer>> {
    const { names } = await this.source(caller)
    const list = await names.nameList()
    return {
      count: list.length,
      names: list.map((n) => ({
        name: n.name,
        system: n.system,
        unit: n.unit,
        pinyin: n.pinyin,
        initials: n.initials,
        aliases: n.aliases,
      })),
    }
  }

  private decode(raw: string) {
    return decodeVin(raw, new Date(this.ctx.clock.now()))
  }

  async vinDecode(caller: OpenCaller, vins: string[]): Promise<z.output<typeof openVinDecodeAnswer>> {
    const { ctx } = await this.source(caller)
    const answered = await Promise.all(
      vins.map(async (input) => {
        const d = this.decode(input)
        if (!d.valid) return { vin: input, status: 'vin_invalid' as const, message: d.errors[0] ?? '' }
        const models = await modelsForVin(ctx.db, d)
        return {
          vin: d.vin,
          status: models.length ? ('ok' as const) : ('vin_not_found' as const),
          decode: decodeOf(d),
          models: models.map((m) => modelOf(m, d.vin)),
        }
      }),
    )
    return this.meterItems(caller, answered, (a) => ({ vin: a.vin }))
  }

  async partsLookup(caller: OpenCaller, numbers: string[]): Promise<z.output<typeof openPartsLookupAnswer>> {
    const { parts } = await this.source(caller)
    const usable = numbers.map((n) => normalizePartNumber(n))
    const rows = usable.some(Boolean)
      ? await parts.partsQuery(
          caller,
          numbers.filter((_, i) => usable[i]),
          { suggest: false },
        )
      : []
    let next = 0
    const answered = numbers.map((input, i) => {
      if (!usable[i]) return { number: input, status: 'not_found' as const }
      const row = rows[next++]
      if (!row || (row.status !== 'found' && row.status !== 'superseded') || !('part_name_cn' in row)) {
        return { number: input, status: 'not_found' as const }
      }
      return {
        number: input,
        status: 'ok' as const,
        current_number: row.disp_number,
        superseded: row.status === 'superseded',
        old_number: row.status === 'superseded' ? (row.old_number ?? null) : null,
        name: row.part_name_cn,
        generic_name: row.generic_name,
        price: row.price,
        substitutes: row.substitutes.map((s) => ({
          number: s.disp_number,
          name: s.part_name_cn,
          note: s.note,
        })),
      }
    })
    return this.meterItems(caller, answered, (a) => ({ number: a.number }))
  }

  /** `alongside`: what a job writes of this answer, in the transaction that charges it. */
  async partsByName(
    caller: OpenCaller,
    items: { vin: string; names: string[]; model_id?: string | undefined }[],
    alongside?: (trx: Q, body: PartsByNameAnswer) => Promise<void>,
  ): Promise<PartsByNameAnswer> {
    const { ctx, names } = await this.source(caller)
    const db = ctx.db.kysely
    type NameResult = Omit<
      z.output<typeof openPartsByNameAnswer>['results'][number]['names'][number],
      'charged'
    >
    const answered = await Promise.all(
      items.map(async (item) => {
        const d = this.decode(item.vin)
        const models = d.valid ? await modelsForVin(ctx.db, d) : []
        // Several models (a VIN the catalogue cannot tell apart): the one asked for, or else the first, as the
        // web's VIN query offers it first; the answer names the model used and how many there were.
        const model = item.model_id
          ? models.find((m) => modelOf(m, d.vin).model_id === item.model_id)
          : models[0]
        if (!model) {
          return {
            vin: d.valid ? d.vin : item.vin,
            status: models.length ? ('model_not_for_vin' as const) : ('vin_not_found' as const),
            names: item.names.map((name): NameResult => ({ name, status: 'no_part' })),
          }
        }
        const generic = await Promise.all(item.names.map((n) => names.resolveName(n)))
        const ids = [...new Set(generic.flatMap((g) => (g ? [g.id] : [])))]
        const rows = await catalogue.modelPartsOfGenericNames(db, Number(model.id), ids, caller.type4s)
        return {
          vin: d.vin,
          status: 'ok' as const,
          model: modelOf(model, d.vin),
          models_matched: models.length,
          names: item.names.map((name, i): NameResult => {
            const g = generic[i]
            if (!g) return { name, status: 'name_unknown' }
            const parts = rows
              .filter((r) => Number(r.generic_name_id) === g.id)
              .map((r) => ({
                number: r.disp_number,
                name: r.part_name_cn,
                quantity: Number(r.quantity),
                illustration: { id: r.image_code, name: r.image_name, callout: Number(r.callout) },
                price: money(r.price_fen),
                replaced_by: r.replaced_by || null,
              }))
            return parts.length
              ? { name, status: 'ok', generic_name: g.name, parts }
              : { name, status: 'no_part', generic_name: g.name }
          }),
        }
      }),
    )
    // A pair of VIN and name is the item charged: one with parts.
    const flat = answered.flatMap((a) => a.names)
    return this.meter(
      caller,
      flat.map((n) => n.status === 'ok'),
      ({ charged, granted, metering }) => {
        let k = 0
        const results = answered.map(({ names: asked, ...a }) => {
          const names = asked.map((n) => {
            const i = k++
            return granted[i]
              ? { ...n, charged: charged[i] === true }
              : { name: n.name, status: 'quota_exhausted' as const, charged: false }
          })
          // The model comes with parts found in it: alone it is what vin/decode charges for.
          return names.some((n) => n.status === 'ok')
            ? { ...a, names }
            : { vin: a.vin, status: a.status, names }
        })
        return { results, ...metering }
      },
      alongside,
    )
  }
}
