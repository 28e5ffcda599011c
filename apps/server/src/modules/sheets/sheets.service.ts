// Quotation sheets and purchase orders of the caller's company (spec sections 3-5, 7): numbering, lines with
// exact money, duplicate parts, search and paging, past suppliers and vehicles, and the VIN fill.
import {
  DEFAULT_QUOTATION_TYPE,
  decodeVin,
  normalizePartNumber,
  ResultCode,
  SHEET_PAGE_SIZE,
  type SheetKind,
  SheetMessages,
  StaffMessages,
  type VinQueryAnswer,
} from '@epc/shared'
import { AppError, type Caller, fail } from '../../call'
import { beijingDate } from '../../clock'
import type { AppContext } from '../../context'
import { isUniqueViolation } from '../../db/errors'
import { currentNumbers } from '../catalogue/parts.service'
import { meantVins, modelsForVin } from '../catalogue/vin.service'
import { type SheetLineChange, type SheetLineDraft, toSheetLine, toSheetRow } from './sheets.dto'
import * as repo from './sheets.repository'

const PREFIX: Record<SheetKind, string> = { quote: 'BJ', purchase: 'CG' }

/** Money of a line: quantity (hundredths) × price (fen), rounded half up to fen, in BigInt so nothing is lost. */
export function lineMoneyFen(amountX100: number, priceFen: number): number {
  return Number((BigInt(amountX100) * BigInt(priceFen) + 50n) / 100n)
}

export interface SheetHeader {
  ClientName?: string
  VIN?: string
  carNo?: string
  carType?: string
  remark?: string
  makeorder_user?: string
}

export class SheetsService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.kysely
  }

  /**
   * Purchase orders are all about purchase prices: a staff member without the right may not use them at all.
   * Every purchase-order call passes here first (through sheet(), or directly where no sheet is named).
   */
  private allowed(kind: SheetKind, caller: Caller) {
    if (kind === 'purchase' && !caller.seePurchasePrice) throw fail.business(StaffMessages.noPurchaseOrders)
  }

  private async sheet(kind: SheetKind, caller: Caller, orderId: string) {
    this.allowed(kind, caller)
    const sheet = await repo.findSheet(this.db, caller.companyId, kind, orderId)
    if (!sheet) throw fail.notFound()
    return sheet
  }

  private header(kind: SheetKind, caller: Caller, input: SheetHeader) {
    return {
      client_name: input.ClientName ?? '',
      vin: input.VIN ?? '',
      car_no: (input.carNo ?? '').toUpperCase(),
      car_type: input.carType ?? '',
      remark: input.remark || (kind === 'quote' ? DEFAULT_QUOTATION_TYPE : ''),
      makeorder_user: input.makeorder_user || caller.userName,
    }
  }

  async create(kind: SheetKind, caller: Caller, input: SheetHeader): Promise<string> {
    this.allowed(kind, caller)
    const now = this.ctx.clock.now()
    const day = beijingDate(now)
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          const seq = await repo.nextSequence(trx, caller.companyId, kind, day)
          const orderId = `${PREFIX[kind]}${day}${String(seq).padStart(4, '0')}`
          await repo.insertSheet(trx, {
            company_id: caller.companyId,
            kind,
            order_id: orderId,
            ...this.header(kind, caller, input),
            created_by: caller.accountId,
            created_at: now,
          })
          return orderId
        })
      } catch (error) {
        // Two creates can only meet here if a counter row was lost; the next number is free.
        if (!isUniqueViolation(error)) throw error
      }
    }
    throw fail.business(
      kind === 'quote' ? SheetMessages.createQuoteFailed : SheetMessages.createPurchaseFailed,
    )
  }

  async update(kind: SheetKind, caller: Caller, input: SheetHeader & { OrderId: string }): Promise<void> {
    const sheet = await this.sheet(kind, caller, input.OrderId)
    await repo.updateSheet(this.db, sheet.id, this.header(kind, caller, input), this.ctx.clock.now())
  }

  async remove(kind: SheetKind, caller: Caller, input: { id?: number; OrderId: string }): Promise<void> {
    const sheet = await this.sheet(kind, caller, input.OrderId)
    if (input.id !== undefined && input.id !== sheet.id) throw fail.notFound()
    await this.db.transaction().execute((trx) => repo.deleteSheet(trx, sheet.id))
  }

  async list(
    kind: SheetKind,
    caller: Caller,
    input: { KeyText?: string; PageIndex?: number; PageSize?: number },
  ) {
    this.allowed(kind, caller)
    const keyText = (input.KeyText ?? '').trim()
    const size = input.PageSize ?? SHEET_PAGE_SIZE
    const page = input.PageIndex ?? 1
    const total = await repo.countSheets(this.db, caller.companyId, kind, keyText)
    const sheets = await repo.pageOfSheets(this.db, caller.companyId, kind, keyText, (page - 1) * size, size)
    const lines = await repo.linesOf(
      this.db,
      sheets.map((s) => s.id),
    )
    const current = await this.currentNumbersOf(lines)
    const rows = sheets.map((s) =>
      toSheetRow(
        s,
        lines
          .filter((l) => l.sheet_id === s.id)
          .map((l) =>
            toSheetLine(kind, s.order_id, l, caller.seePurchasePrice, current.get(l.part_norm) ?? null),
          ),
      ),
    )
    const [first] = rows
    if (first) Object.assign(first, { TotalCount: total })
    return rows
  }

  /** A part replaced since it was put on a sheet is told with its current number (one look-up for all). */
  private currentNumbersOf(lines: { part_norm: string }[]) {
    return currentNumbers(this.db, [...new Set(lines.map((l) => l.part_norm))])
  }

  async lines(kind: SheetKind, caller: Caller, orderId: string) {
    const sheet = await this.sheet(kind, caller, orderId)
    const lines = await repo.linesOf(this.db, [sheet.id])
    const current = await this.currentNumbersOf(lines)
    return lines.map((l) =>
      toSheetLine(kind, sheet.order_id, l, caller.seePurchasePrice, current.get(l.part_norm) ?? null),
    )
  }

  async addLine(kind: SheetKind, caller: Caller, line: SheetLineDraft): Promise<void> {
    const sheet = await this.sheet(kind, caller, line.orderId)
    const norm = normalizePartNumber(line.partNumber)
    const now = this.ctx.clock.now()
    await this.db.transaction().execute(async (trx) => {
      // The sheet's row first: on PostgreSQL its lock makes a line added at the same time (the same part sent
      // again in a new envelope) wait, and then see this one, so the part is added once.
      await repo.touchSheet(trx, sheet.id, now)
      if (!line.addDuplicate && (await repo.hasPart(trx, sheet.id, norm))) {
        throw new AppError(ResultCode.DuplicatePart, SheetMessages.duplicatePart)
      }
      await repo.insertLine(trx, {
        sheet_id: sheet.id,
        part_number: line.partNumber,
        part_norm: norm,
        part_name: line.partName ?? '',
        amount_x100: line.amount,
        price_fen: line.priceFen,
        money_fen: lineMoneyFen(line.amount, line.priceFen),
        // A purchase price sent by a caller who may not see purchase prices is not kept.
        purchase_price_fen: caller.seePurchasePrice ? (line.purchasePriceFen ?? null) : null,
        available_stock: line.availableStock ?? 0,
        area_stock: line.areaStock ?? '',
        user_name: line.userName || caller.userName,
        flag: line.addDuplicate ? 1 : 0,
        created_at: now,
      })
    })
  }

  async updateLine(kind: SheetKind, caller: Caller, change: SheetLineChange): Promise<void> {
    const sheet = await this.sheet(kind, caller, change.orderId)
    const line = await repo.findLine(this.db, sheet.id, change.lineId)
    if (!line) throw fail.notFound()
    const partNumber = change.partNumber || line.part_number
    const norm = normalizePartNumber(partNumber)
    await this.db.transaction().execute(async (trx) => {
      // As when a line is added: another number the sheet already holds is refused (the sheet's row locked
      // first on PostgreSQL, so two changes at once see each other).
      await repo.touchSheet(trx, sheet.id, this.ctx.clock.now())
      if (norm !== line.part_norm && (await repo.hasPart(trx, sheet.id, norm))) {
        throw new AppError(ResultCode.DuplicatePart, SheetMessages.duplicatePart)
      }
      await repo.updateLine(trx, line.id, {
        amount_x100: change.amount,
        price_fen: change.priceFen,
        money_fen: lineMoneyFen(change.amount, change.priceFen),
        part_name: change.partName ?? line.part_name,
        part_number: partNumber,
        part_norm: norm,
      })
    })
  }

  async deleteLine(kind: SheetKind, caller: Caller, input: { OrderId: string; Id: number }): Promise<void> {
    const sheet = await this.sheet(kind, caller, input.OrderId)
    const line = await repo.findLine(this.db, sheet.id, input.Id)
    if (!line) throw fail.notFound()
    await repo.deleteLine(this.db, line.id)
  }

  /** Past suppliers and vehicles: the purchase-order dialog's suggestions. */
  async options(caller: Caller, type: 0 | 1) {
    this.allowed('purchase', caller)
    if (type === 0)
      return (await repo.pastSuppliers(this.db, caller.companyId)).map((r) => ({ ClientName: r.client_name }))
    return (await repo.pastVehicles(this.db, caller.companyId)).map((r) => ({
      VIN: r.vin,
      carNo: r.car_no,
      carType: r.car_type,
    }))
  }

  /**
   * Plate and model for a VIN: from the company's own earlier sheets (its purchase orders only for a caller
   * with the purchase-price right), the model otherwise from the catalogue (matched as the VIN query matches,
   * model year included).
   */
  async vinFill(
    caller: Caller,
    vin: string,
  ): Promise<{
    carNo: string
    carType: string
    source: 'sheet' | 'catalogue' | 'none'
    meant: VinQueryAnswer['meant']
  }> {
    // A purchase order is read only by a caller who may see purchase orders (allowed()).
    const kinds: SheetKind[] = caller.seePurchasePrice ? ['quote', 'purchase'] : ['quote']
    const earlier = await repo.latestSheetWithVin(this.db, caller.companyId, vin, kinds)
    if (earlier && (earlier.car_no || earlier.car_type)) {
      return { carNo: earlier.car_no, carType: earlier.car_type, source: 'sheet', meant: [] }
    }
    const now = new Date(this.ctx.clock.now())
    const decoding = decodeVin(vin, now)
    const models = await modelsForVin(this.ctx.db, decoding)
    const [only] = models
    if (models.length === 1 && only)
      return {
        carNo: earlier?.car_no ?? '',
        carType: `${only.brand_name} ${only.car_name}`,
        source: 'catalogue',
        meant: [],
      }
    return {
      carNo: earlier?.car_no ?? '',
      carType: earlier?.car_type ?? '',
      source: 'none',
      // A VIN of no model with a wrong check digit: the ones it may have been (a VIN of several is right).
      meant: models.length ? [] : await meantVins(this.ctx.db, decoding, now),
    }
  }
}
