// Dealer prices from desktop hosts (host-bridge.md, Reporting prices back): each report of a successful
// look-up is kept with its raw answer and the part's normalised price, at most one per company, part and
// price type a minute; a company reads back only its own latest prices.
import {
  HostLimits,
  type HostStockRecord,
  normalizePartNumber,
  partNumberField,
  recordFor,
} from '@epc/shared'
import { type Caller, fail } from '../../call'
import type { AppContext } from '../../context'
import { toDealerPrice } from './host-bridge.dto'
import * as repo from './host-bridge.repository'

// A number of nothing but separators ("--") names no part.
const PART_NUMBER_REQUIRED = partNumberField.required ?? '请输入配件编码'

export interface PriceReport {
  partNumber: string
  pb: number
  json: { text: string; records: HostStockRecord[] }
}

const yuanToFen = (yuan: number | null | undefined) =>
  yuan === null || yuan === undefined ? null : Math.round(yuan * 100)

/** The first `max` characters, not ending in half of a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text
  const end = /[\ud800-\udbff]/.test(text.charAt(max - 1)) ? max - 1 : max
  return text.slice(0, end)
}

export class HostBridgeService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.kysely
  }

  /** Keeps the report unless one of this minute is kept already; the page does not read the answer. */
  async report(caller: Caller, input: PriceReport): Promise<void> {
    const partNorm = normalizePartNumber(input.partNumber)
    if (!partNorm) throw fail.invalid(PART_NUMBER_REQUIRED)
    // The part's own row; an answer of replacements only keeps the raw answer and no price.
    const own = recordFor(input.json.records, input.partNumber)
    const now = this.ctx.clock.now()
    await repo.keepReport(this.db, {
      company_id: caller.companyId,
      account_id: caller.accountId,
      part_number: input.partNumber,
      part_norm: partNorm,
      type4s: input.pb,
      raw: cut(input.json.text, HostLimits.rawKeptChars),
      raw_length: input.json.text.length,
      sale_fen: yuanToFen(own?.sale_price),
      purchase_fen: yuanToFen(own?.purchase_price),
      stock: own ? own.available_stock : null,
      minute: Math.floor(now / HostLimits.reportWindowMs),
      created_at: now,
    })
  }

  async latest(caller: Caller, partNumber: string) {
    const partNorm = normalizePartNumber(partNumber)
    if (!partNorm) throw fail.invalid(PART_NUMBER_REQUIRED)
    const rows = await repo.latestReports(this.db, caller.companyId, partNorm)
    return rows.map((r) => toDealerPrice(r, caller.seePurchasePrice))
  }
}
