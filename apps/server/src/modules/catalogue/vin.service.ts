// The VIN query (decode, then the catalogue models the VIN's maker, VDS and year point to) and the
// accounts' VIN history. The sheets' VIN fill matches VINs with the same function (modelsForVin).
import {
  decodeVin,
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

/** The catalogue models a decoded VIN points to: its maker (WMI), vehicle descriptor (VDS) and model year. */
export function modelsForVin(db: Db, decoding: VinDecoding): Promise<repo.ModelRow[]> {
  const vds = (decoding.vds ?? '').padEnd(5, '#').slice(0, 5)
  return repo.modelsOfVin(db.kysely, decoding.vin.slice(0, 3), vds, decoding.modelYear)
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
    return {
      answer: {
        vinCode: decoding.vin,
        decode: decodeAnswer(decoding),
        status: models.length === 0 ? 'none' : models.length === 1 ? 'one' : 'several',
        models: models.map((m) => toCarInfo(m, decoding.vin)),
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
