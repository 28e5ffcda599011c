// The scenario look-ups: the parts of a model's service at a mileage, and the parts an accident in the
// chosen zones reaches, each with prices for the caller's price list and a total.
import { type AccidentAnswer, type AccidentZone, fenToYuan, type MaintenanceAnswer } from '@epc/shared'
import { type Caller, fail } from '../../call'
import type { AppContext } from '../../context'
import { requireModel } from './browse.service'
import { money, toCarInfo } from './catalogue.dto'
import * as repo from './catalogue.repository'
import { type Position, withinParent, zoneReaches } from './position'

/** Mileage is read to the nearest 5,000 km: a car at 39,600 km is due its 40,000 km service. */
export const MAINTENANCE_STEP_KM = 5000
export function serviceMileage(mileage: number): number {
  return Math.max(MAINTENANCE_STEP_KM, Math.round(mileage / MAINTENANCE_STEP_KM) * MAINTENANCE_STEP_KM)
}

export class ScenariosService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.kysely
  }

  async maintenance(caller: Caller, modelCode: string, mileage: number): Promise<MaintenanceAnswer> {
    const model = await requireModel(this.ctx.db, modelCode)
    const at = serviceMileage(mileage)
    const schedule = (await repo.maintenanceOf(this.db, model.id)).filter(
      (m) => at % Number(m.interval_km) === 0,
    )
    const fitments = await repo.modelFitmentsOfNames(
      this.db,
      model.id,
      schedule.map((m) => Number(m.generic_name_id)),
      caller.type4s,
    )
    // Of a generic name's parts on the model, the one with the lowest number (compared as code points, so
    // SQLite and PostgreSQL pick the same whatever the database's collation).
    const partOf = new Map<number, (typeof fitments)[number]>()
    for (const f of fitments) {
      const known = partOf.get(Number(f.generic_name_id))
      if (!known || f.disp_number < known.disp_number) partOf.set(Number(f.generic_name_id), f)
    }
    let totalFen = 0
    const items = schedule.map((m) => {
      const part = partOf.get(Number(m.generic_name_id))
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

  /**
   * The parts a hit in the chosen zones reaches: of each zone's generic names, the fitments whose position
   * agrees with the zone's (a left door never brings a right one). Zones in catalogue order, then the group
   * tree and callout; a part reached twice is listed once, where it was first reached.
   */
  async accident(caller: Caller, modelCode: string, zoneCodes: string[]): Promise<AccidentAnswer> {
    const model = await requireModel(this.ctx.db, modelCode)
    const zones = new Map<
      string,
      { code: string; parent: string | null; position: Position; names: Set<number> }
    >()
    for (const r of await repo.accidentZones(this.db)) {
      let zone = zones.get(r.code)
      if (!zone) {
        zone = { code: r.code, parent: r.parent_code, position: r.position as Position, names: new Set() }
        zones.set(r.code, zone)
      }
      if (r.generic_name_id !== null) zone.names.add(Number(r.generic_name_id))
    }
    const unknown = zoneCodes.find((c) => !zones.has(c))
    if (unknown !== undefined) throw fail.invalid(`碰撞区域 ${unknown} 不存在`)
    const reached = [...zones.values()].filter(
      (z) => zoneCodes.includes(z.code) || (z.parent !== null && zoneCodes.includes(z.parent)),
    )
    const fitments = await repo.modelFitmentsOfNames(
      this.db,
      model.id,
      [...new Set(reached.flatMap((z) => [...z.names]))],
      caller.type4s,
    )
    const seen = new Set<number>()
    let totalFen = 0
    const items = []
    for (const zone of reached) {
      const at = withinParent(zone.position, zone.parent ? (zones.get(zone.parent)?.position ?? '') : '')
      for (const f of fitments) {
        const id = Number(f.id)
        if (seen.has(id) || !zone.names.has(Number(f.generic_name_id))) continue
        if (!zoneReaches(at, f.position as Position)) continue
        seen.add(id)
        const quantity = Number(f.quantity)
        const lineFen =
          f.price_fen === null || f.price_fen === undefined ? null : Number(f.price_fen) * quantity
        if (lineFen !== null) totalFen += lineFen
        items.push({
          disp_number: f.disp_number,
          part_name_cn: f.part_name_cn,
          imageid: f.image_code,
          callout: Number(f.callout),
          quantity,
          price: money(f.price_fen),
          money: lineFen === null ? null : fenToYuan(lineFen),
          stock_total: Number(f.stock_total ?? 0),
          sales_banned: Number(f.sales_banned ?? 0) === 1,
        })
      }
    }
    return { model: toCarInfo(model), zones: reached.map((z) => z.code), items, total: fenToYuan(totalFen) }
  }
}
