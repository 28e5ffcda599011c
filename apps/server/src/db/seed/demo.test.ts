// The demo a start sets up, read back through the API as the demo account reads it: two quotations and a
// purchase order whose lines are parts of the demo catalogue for the VIN's model at the catalogue's prices,
// made once however often the server starts.
import {
  type PartDetailAnswer,
  type PurchaseLine,
  type PurchaseOrderRow,
  type QuotationLine,
  type QuotationRow,
  sumYuan,
  type VinQueryAnswer,
} from '@epc/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dbKinds, startTestApp, type TestApp } from '../../../test/helper'
import { seedDemo } from './demo'

describe.each(dbKinds)('the demo on %s', (kind) => {
  let t: TestApp
  let token: string
  const start = () => seedDemo(t.ctx, () => {}, 'tiny')
  const call = async <T>(path: string, payload: object) => {
    const answer = await t.call<T>(path, payload, { token })
    expect(answer.ResultMsg).toBe('成功')
    return answer.data as T
  }
  const quotations = () => call<QuotationRow[]>('/api/epc/queryquoteorder', {})
  const purchaseOrders = () => call<PurchaseOrderRow[]>('/api/epc/querypurchaseorder', {})
  const detail = (partNumber: string) =>
    call<PartDetailAnswer>('/api/epc/partdetail', { part_number: partNumber })
  const byType = async (type: string) => {
    const row = (await quotations()).find((r) => r.remark === type)
    if (!row) throw new Error(`no ${type} quotation`)
    return row
  }

  beforeAll(async () => {
    // A fresh database set up as `npm start` sets it up (the tiny demo catalogue, to be quick).
    t = await startTestApp(kind, { seed: (ctx) => seedDemo(ctx, () => {}, 'tiny') })
    token = await t.login()
  }, 180_000)
  afterAll(async () => {
    await t.close()
  })

  it('greets the demo account with a 事故 and a 保养 quotation of its customers’ cars', async () => {
    const rows = await quotations()
    expect(rows.map((r) => r.remark).sort()).toEqual(['事故', '保养'].sort())
    for (const row of rows) {
      expect(row.ClientName).not.toBe('')
      expect(row.carNo).toMatch(/^\p{Script=Han}[A-Z][A-Z0-9]{5}$/u)
      // The VIN is one the catalogue decodes to one model, which the sheet names as the VIN fill does.
      const vin = await call<VinQueryAnswer>('/api/epc/vinquery', { VIN: row.VIN })
      expect(vin.status).toBe('one')
      const [model] = vin.models
      expect(row.carType).toBe(`${model?.brand_name} ${model?.car_name}`)

      // Every line is a part of that model, named and priced (4S price) as the catalogue has it.
      const lines = await call<QuotationLine[]>('/api/epc/queryquoteorderdetail', { OrderId: row.OrderId })
      expect(lines.length).toBeGreaterThanOrEqual(4)
      expect(row.itemList).toEqual(lines)
      for (const line of lines) {
        const part = await detail(line.part_number)
        expect(part.models.map((m) => m.ModelId)).toContain(model?.ModelId)
        expect(line.part_name).toBe(part.part_name_cn)
        expect(line.sale_prices).toBe(part.price)
        expect(line.money).toBeCloseTo(line.Amount * line.sale_prices, 2)
        expect(line.available_stock).toBeGreaterThan(0)
      }
      expect(row.total_Money).toBe(sumYuan(lines.map((l) => l.money)))
    }
    const service = await call<QuotationLine[]>('/api/epc/queryquoteorderdetail', {
      OrderId: (await byType('保养')).OrderId,
    })
    expect(service.map((l) => l.part_name)).toEqual(expect.arrayContaining(['机油滤清器', '发动机机油']))
    const accident = await call<QuotationLine[]>('/api/epc/queryquoteorderdetail', {
      OrderId: (await byType('事故')).OrderId,
    })
    expect(accident.map((l) => l.part_name)).toEqual(expect.arrayContaining(['前保险杠皮', '左前大灯总成']))
  })

  it('has the accident’s parts on order from a supplier, at the lowest warehouse price', async () => {
    const [order, ...more] = await purchaseOrders()
    expect(more).toEqual([])
    const accident = await byType('事故')
    expect(order).toMatchObject({ VIN: accident.VIN, carNo: accident.carNo, carType: accident.carType })
    expect(order?.ClientName).toMatch(/汽车配件/)
    const lines = await call<PurchaseLine[]>('/api/epc/querypurchaseorderdetail', { OrderId: order?.OrderId })
    expect(lines.length).toBeGreaterThanOrEqual(4)
    for (const line of lines) {
      const quoted = accident.itemList.find((l) => l.part_number === line.part_number)
      expect(quoted).toMatchObject({ part_name: line.part_name, Amount: line.Amount })
      const prices = (await detail(line.part_number)).stock.flatMap((s) =>
        s.PRICE === null ? [] : [s.PRICE],
      )
      expect(line.tax_prices).toBe(Math.min(...prices))
      expect(quoted?.purchase_price).toBe(line.tax_prices)
    }
    expect(order?.total_Money).toBe(sumYuan(lines.map((l) => l.money)))
  })

  it('keeps money as integer fen', async () => {
    const rows = await t.ctx.db.kysely
      .selectFrom('sheet_lines')
      .select(['price_fen', 'money_fen', 'purchase_price_fen'])
      .execute()
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      for (const value of [row.price_fen, row.money_fen, row.purchase_price_fen ?? 0]) {
        expect(typeof value === 'number' ? Number.isInteger(value) : /^\d+$/.test(String(value))).toBe(true)
      }
    }
  })

  it('adds nothing on a second start, nor brings back a sheet the user deleted', async () => {
    const before = { quotations: await quotations(), orders: await purchaseOrders() }
    await start()
    expect(await quotations()).toEqual(before.quotations)
    expect(await purchaseOrders()).toEqual(before.orders)

    const service = await byType('保养')
    await call('/api/epc/deletequoteordermaster', { OrderId: service.OrderId })
    await start()
    expect((await quotations()).map((r) => r.remark)).toEqual(['事故'])
  })
})
