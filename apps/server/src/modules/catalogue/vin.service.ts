// The VIN query (decode, then the catalogue models the VIN's maker, VDS and year point to) and the
// accounts' VIN history. The sheets' VIN fill matches VINs with the same function (modelsForVin).
import {
  decodeVin,
  isCheckDigitValid,
  VIN_ALPHABET,
  type VinDecoding,
  type VinHistoryAnswer,
  VinMessages,
  type VinQueryAnswer,
} from '@epc/shared'
import { type Caller, fail } from '../../call'
import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import { toCarInfo } from './catalogue.dto'
import * as repo from './catalogue.repository'
import { VinHistory } from './vin-history'

const HISTORY_LENGTH = 10
/** At most this many VINs are offered for one typed with a slip. */
const MEANT_VINS = 5
/** The places (0-based) of what the catalogue matches on: maker (1-3), descriptor (4-8) and year (10). */
const MODEL_PLACES = [0, 1, 2, 3, 4, 5, 6, 7, 9]

/**
 * The VINs one slip from a typed one that a check digit lets through: a character of the places the model is
 * read from typed wrong, or two neighbours among the first eleven swapped. A slip elsewhere leaves the model
 * found, so only these can explain a VIN that fits none.
 */
export function vinSlips(vin: string): string[] {
  const slips = new Set<string>()
  const keep = (v: string) => {
    if (v !== vin && isCheckDigitValid(v)) slips.add(v)
  }
  for (const i of MODEL_PLACES) {
    for (const ch of VIN_ALPHABET) keep(vin.slice(0, i) + ch + vin.slice(i + 1))
  }
  for (let i = 0; i < 10; i++) keep(vin.slice(0, i) + vin.charAt(i + 1) + vin.charAt(i) + vin.slice(i + 2))
  return [...slips]
}

/** The catalogue models a decoded VIN points to: its maker (WMI), vehicle descriptor (VDS) and model year. */
export function modelsForVin(db: Db, decoding: VinDecoding): Promise<repo.ModelRow[]> {
  const vds = (decoding.vds ?? '').padEnd(5, '#').slice(0, 5)
  return repo.modelsOfVin(db.kysely, decoding.vin.slice(0, 3), vds, decoding.modelYear)
}

/**
 * For a VIN that fits no model and fails its check digit (a wrong check digit alone is common: imports that
 * never computed one), the VINs a slip of it may have been, each with the models it fits; else none.
 */
export async function meantVins(db: Db, decoding: VinDecoding, now: Date): Promise<VinQueryAnswer['meant']> {
  if (decoding.checkDigit?.valid !== false) return []
  const meant: VinQueryAnswer['meant'] = []
  for (const slip of vinSlips(decoding.vin)) {
    const models = await modelsForVin(db, decodeVin(slip, now))
    if (models.length) meant.push({ vin: slip, models: models.map((m) => toCarInfo(m, slip)) })
    if (meant.length === MEANT_VINS) break
  }
  return meant
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

export interface VinQueryResult {
  answer: VinQueryAnswer
  /** The model the history names: the only one the VIN points to, else none. */
  modelId: number | null
}

/** What the history records of a query, kept with a cached answer. */
export interface VinQueryNote {
  vin: string
  modelId: number | null
}

export class VinService {
  readonly history: VinHistory

  constructor(
    private readonly ctx: AppContext,
    onHistoryError: (error: unknown) => void,
  ) {
    this.history = new VinHistory(() => ctx.db.kysely, onHistoryError)
  }

  /** A VIN's answer depends on the year it is asked in: the years a model-year code can stand for. */
  year(): number {
    return new Date(this.ctx.clock.now()).getFullYear()
  }

  async query(raw: string): Promise<VinQueryResult> {
    const decoding = decodeVin(raw, new Date(this.ctx.clock.now()))
    if (!decoding.valid) throw fail.invalid(decoding.errors[0] ?? VinMessages.length)
    const models = await modelsForVin(this.ctx.db, decoding)
    const [only] = models
    const meant = models.length ? [] : await meantVins(this.ctx.db, decoding, new Date(this.ctx.clock.now()))
    return {
      answer: {
        vinCode: decoding.vin,
        decode: decodeAnswer(decoding),
        status: models.length === 0 ? 'none' : models.length === 1 ? 'one' : 'several',
        models: models.map((m) => toCarInfo(m, decoding.vin)),
        meant,
      },
      modelId: models.length === 1 && only ? Number(only.id) : null,
    }
  }

  record(caller: Caller, note: VinQueryNote) {
    // An embedded catalogue's look-ups are the customer's system's, not the owner's recent VINs.
    if (caller.embed) return
    this.history.record({
      account_id: caller.accountId,
      vin: note.vin,
      model_id: note.modelId,
      created_at: this.ctx.clock.now(),
    })
  }

  /**
   * A history row names no model when the VIN pointed to several or to none: which, as the catalogue answers
   * now (a clerk told 多个车型 of a VIN the catalogue lacks would look for the choice).
   */
  private async unnamedStatus(vin: string): Promise<'several' | 'none'> {
    const decoding = decodeVin(vin, new Date(this.ctx.clock.now()))
    if (!decoding.valid) return 'none'
    return (await modelsForVin(this.ctx.db, decoding)).length > 0 ? 'several' : 'none'
  }

  async recent(caller: Caller): Promise<VinHistoryAnswer> {
    await this.history.flush()
    const db = this.ctx.db.kysely
    const rows = await repo.recentVins(db, caller.accountId, HISTORY_LENGTH)
    const seen = new Set<string>()
    const recent = []
    for (const r of rows) {
      if (seen.has(r.vin)) continue
      seen.add(r.vin)
      recent.push({
        vin: r.vin,
        car_name: r.car_name ?? '',
        ModelId: r.model_code ?? '',
        status: r.model_code ? ('one' as const) : await this.unnamedStatus(r.vin),
        queried_at: Number(r.created_at),
      })
      if (recent.length === HISTORY_LENGTH) break
    }
    const demo = JSON.parse((await repo.metaValue(db, 'demo_vins')) ?? '[]') as VinHistoryAnswer['demo']
    return { recent, demo }
  }
}
