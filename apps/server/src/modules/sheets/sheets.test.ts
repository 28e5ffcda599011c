// Quotation sheets and purchase orders through the envelope on real databases: numbering, exact money,
// duplicates, search and paging, company scope, concurrent clerks, validation texts, the VIN fill.
import type { PurchaseOrderRow, QuotationLine, QuotationRow } from '@epc/shared'
import { checkDigit, Messages, StaffMessages } from '@epc/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadTinyCatalogue } from '../../../test/catalogue-fixture'
import { addStaff, createCompanyAccount } from '../../../test/factories'
import { dbKinds, expectNotLoggedIn, snapshot, startTestApp, type TestApp } from '../../../test/helper'
import { beijingDate } from '../../clock'
import { lineMoneyFen } from './sheets.service'

const VIN = 'LFVBA41K2KC947080'

describe('line money', () => {
  it('multiplies hundredths by fen exactly and rounds half up', () => {
    expect(lineMoneyFen(200, 1235)).toBe(2470)
    expect(lineMoneyFen(150, 9999)).toBe(14999)
    expect(lineMoneyFen(9_999_999, 999_999_900)).toBe(99_999_980_000_001)
  })
})

describe.each(dbKinds)('sheets on %s', (kind) => {
  let t: TestApp
  let shop: { token: string; companyId: number }
  let other: string
  const call = <T>(path: string, payload: object, token = shop.token) => t.call<T>(path, payload, { token })
  const newQuote = async (extra: object = {}, token = shop.token) => {
    const answer = await call<string>(
      '/api/epc/createquoteordermaster',
      { VIN, carNo: '京A12345', ClientName: '张先生', ...extra },
      token,
    )
    expect(answer.ResultMsg).toBe('成功')
    return answer.data as string
  }
  const addLine = (OrderId: string, line: object, token = shop.token) =>
    call(
      '/api/epc/createquoteorderdetail',
      { OrderId, part_name: '前制动片', Amount: 1, sale_prices: 100, ...line },
      token,
    )

  beforeAll(async () => {
    t = await startTestApp(kind)
    await loadTinyCatalogue(t.ctx.db)
    const owner = await createCompanyAccount(t, { companyName: '顺达汽修厂' })
    shop = { token: await t.login(owner.mobile, owner.password), companyId: owner.companyId }
    const stranger = await createCompanyAccount(t)
    other = await t.login(stranger.mobile, stranger.password)
  }, 180_000)
  afterAll(async () => {
    await t.close()
  })

  it('numbers quotations BJ + date + sequence and fills the defaults', async () => {
    const orderId = await newQuote()
    expect(orderId).toMatch(new RegExp(`^BJ${beijingDate(t.clock.now())}\\d{4}$`))
    const list = await call<QuotationRow[]>('/api/epc/queryquoteorder', { KeyText: orderId })
    expect(list.data?.[0]).toMatchObject({
      OrderId: orderId,
      VIN,
      carNo: '京A12345',
      ClientName: '张先生',
      remark: '事故',
      total_Money: 0,
      TotalCount: 1,
      itemList: [],
    })
    expect(list.data?.[0]?.makeorder_user).toMatch(/^员工/)
    expect(list.data?.[0]?.CreateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  })

  it('refuses a quotation without a 17-character VIN, with the spec texts', async () => {
    expect(await call('/api/epc/createquoteordermaster', { VIN: '' })).toMatchObject({
      ResultCode: '10002',
      ResultMsg: '请输入车架号',
    })
    expect(await call('/api/epc/createquoteordermaster', {})).toMatchObject({
      ResultCode: '10002',
      ResultMsg: '请输入车架号',
    })
    expect(await call('/api/epc/createquoteordermaster', { VIN: 'LFV123' })).toMatchObject({
      ResultMsg: '请输入17位车架号',
    })
  })

  it('keeps money exact in fen, sums the total, and updates and removes lines', async () => {
    const orderId = await newQuote()
    expect(
      (
        await addLine(orderId, {
          part_number: '5Q0 698 151 E',
          Amount: 2,
          sale_prices: 12.35,
          available_stock: 8,
          area_stock: '北京:8',
        })
      ).ResultCode,
    ).toBe('10000')
    expect(
      (
        await addLine(orderId, {
          part_number: '04465-02220',
          Amount: '1.5',
          sale_prices: '99.99',
          purchase_price: 70,
        })
      ).ResultCode,
    ).toBe('10000')
    const lines =
      (await call<QuotationLine[]>('/api/epc/queryquoteorderdetail', { OrderId: orderId })).data ?? []
    expect(lines.map((l) => [l.part_number, l.Amount, l.sale_prices, l.money])).toEqual([
      ['5Q0 698 151 E', 2, 12.35, 24.7],
      ['04465-02220', 1.5, 99.99, 149.99],
    ])
    expect(lines[0]).toMatchObject({ available_stock: 8, area_stock: '北京:8', flag: 0 })
    expect(lines[1]?.purchase_price).toBe(70)
    const total = async () =>
      (await call<QuotationRow[]>('/api/epc/queryquoteorder', { KeyText: orderId })).data?.[0]?.total_Money
    expect(await total()).toBe(174.69)

    const first = lines[0] as QuotationLine
    expect(
      (
        await call('/api/epc/updatequoteorderdetail', {
          OrderId: orderId,
          Id: first.Id,
          Amount: 3,
          sale_prices: 10,
        })
      ).ResultCode,
    ).toBe('10000')
    expect(await total()).toBe(179.99)
    expect(
      (await call('/api/epc/deletequoteorderdetail', { OrderId: orderId, Id: first.Id })).ResultCode,
    ).toBe('10000')
    expect(await total()).toBe(149.99)
    expect(
      (await call('/api/epc/deletequoteorderdetail', { OrderId: orderId, Id: first.Id })).ResultCode,
    ).toBe('10004')
  })

  it('takes a free line (price 0) and the largest quantity and price, with their exact money', async () => {
    const orderId = await newQuote()
    for (const line of [
      { part_number: 'FREE-0001', Amount: 2, sale_prices: 0 },
      { part_number: 'MAX-0001', Amount: 99999, sale_prices: '9999999' },
    ]) {
      const answer = await addLine(orderId, line)
      expect([answer.ResultCode, answer.ResultMsg], line.part_number).toEqual(['10000', '成功'])
    }
    const lines =
      (await call<QuotationLine[]>('/api/epc/queryquoteorderdetail', { OrderId: orderId })).data ?? []
    expect(lines.map((l) => [l.part_number, l.Amount, l.sale_prices, l.money])).toEqual([
      ['FREE-0001', 2, 0, 0],
      ['MAX-0001', 99999, 9999999, 999_989_900_001],
    ])
  })

  it('answers 10003 for a part already on the sheet, and adds it with flag 1', async () => {
    const orderId = await newQuote()
    await addLine(orderId, { part_number: '5Q0698151E' })
    const again = await addLine(orderId, { part_number: '5q0-698-151-e' })
    expect([again.ResultCode, again.ResultMsg]).toEqual(['10003', '该配件编码已添加'])
    expect((await addLine(orderId, { part_number: '5q0-698-151-e', flag: 1 })).ResultCode).toBe('10000')
    const lines =
      (await call<QuotationLine[]>('/api/epc/queryquoteorderdetail', { OrderId: orderId })).data ?? []
    expect(lines.map((l) => l.flag)).toEqual([0, 1])
  })

  it('adds one line for the same part sent twice and ten times at once (new envelopes), on both kinds of sheet', async () => {
    // A company of its own: the other tests count this company's purchase orders.
    const own = await createCompanyAccount(t)
    const token = await t.login(own.mobile, own.password)
    const purchase = await call<string>('/api/epc/createpurchaseordermaster', { ClientName: '供应商' }, token)
    for (const [path, orderId, price] of [
      ['/api/epc/createquoteorderdetail', await newQuote({}, token), { sale_prices: '12.34' }],
      ['/api/epc/createpurchaseorderdetail', purchase.data as string, { tax_prices: '12.34' }],
    ] as const) {
      const send = (part_number: string) =>
        call(path, { OrderId: orderId, part_number, part_name: '前制动片', Amount: '2', ...price }, token)
      const first = await send('5Q0698151E')
      const again = await send('5Q0698151E')
      expect([first.ResultCode, again.ResultCode, again.ResultMsg]).toEqual([
        '10000',
        '10003',
        '该配件编码已添加',
      ])
      const ten = await Promise.all(Array.from({ length: 10 }, () => send('1K0-615-301-AA')))
      expect(
        ten.filter((a) => a.ResultCode === '10000'),
        path,
      ).toHaveLength(1)
      expect(
        ten.filter((a) => a.ResultCode === '10003'),
        path,
      ).toHaveLength(9)
      const rows = await t.ctx.db.kysely
        .selectFrom('sheet_lines')
        .innerJoin('sheets', 'sheets.id', 'sheet_lines.sheet_id')
        .select(['sheet_lines.part_norm', 'sheet_lines.money_fen'])
        .where('sheets.order_id', '=', orderId)
        .where('sheets.company_id', '=', own.companyId)
        .orderBy('sheet_lines.id')
        .execute()
      expect(
        rows.map((r) => [r.part_norm, Number(r.money_fen)]),
        path,
      ).toEqual([
        ['5Q0698151E', 2468],
        ['1K0615301AA', 2468],
      ])
    }
  })

  it('validates lines with the spec texts', async () => {
    const orderId = await newQuote()
    for (const [line, message] of [
      [{ part_number: '' }, '请输入配件编码'],
      [{ part_number: 'A1', Amount: undefined }, '请输入数量'],
      [{ part_number: 'A1', Amount: 0 }, '数量必须大于0'],
      [{ part_number: 'A1', Amount: -2 }, '数量不能为负数'],
      [{ part_number: 'A1', Amount: 'abc' }, '数量格式不正确'],
      [{ part_number: 'A1', sale_prices: undefined }, '请输入销售价'],
      [{ part_number: 'A1', sale_prices: 1.234 }, '销售价最多两位小数'],
      [{ part_number: 'A1', sale_prices: '' }, '请输入销售价'],
      [{ part_number: 'A1', Amount: '5.' }, '数量格式不正确'],
      [{ part_number: 'A1', Amount: 99999.01 }, '数量不能超过99999'],
      [{ part_number: 'A1', sale_prices: 10000000 }, '销售价不能超过9999999'],
      [{ part_number: 'A1', part_name: 'x'.repeat(81) }, '配件名称不能超过80个字符'],
      // PostgreSQL keeps stock in 32 bits: a larger number failed the insert with 50000.
      [{ part_number: 'A1', available_stock: 2 ** 31 }, '库存数量过大'],
    ] as const) {
      const answer = await addLine(orderId, line)
      expect([answer.ResultCode, answer.ResultMsg], JSON.stringify(line)).toEqual(['10002', message])
    }
    for (const path of ['/api/epc/updatequoteorderdetail', '/api/epc/deletequoteorderdetail']) {
      const answer = await call(path, { OrderId: orderId, Id: 2 ** 31, Amount: 1, sale_prices: 1 })
      expect([answer.ResultCode, answer.ResultMsg], path).toEqual(['10002', '明细编号不正确'])
    }
    expect(
      (await call<QuotationLine[]>('/api/epc/queryquoteorderdetail', { OrderId: orderId })).data,
    ).toEqual([])
  })

  it('takes a line sent back as it was read: a null or empty purchase price is none, bad text is refused', async () => {
    const orderId = await newQuote()
    expect(await addLine(orderId, { part_number: 'A1', purchase_price: 'abc' })).toMatchObject({
      ResultCode: '10002',
      ResultMsg: '进价格式不正确',
    })
    for (const [part_number, purchase_price] of [
      ['A1', null],
      ['A2', ''],
      ['A3', '12.5'],
    ] as const) {
      expect((await addLine(orderId, { part_number, purchase_price })).ResultCode, part_number).toBe('10000')
    }
    const lines =
      (await call<QuotationLine[]>('/api/epc/queryquoteorderdetail', { OrderId: orderId })).data ?? []
    expect(lines.map((l) => [l.part_number, l.purchase_price])).toEqual([
      ['A1', null],
      ['A2', null],
      ['A3', 12.5],
    ])
  })

  it('searches by number, plate, VIN, customer and car type, pages by 10, newest first', async () => {
    const plates: string[] = []
    for (let i = 0; i < 12; i++) {
      t.clock.advance(1000)
      plates.push(`粤B${String(i).padStart(5, '0')}`)
      await newQuote({ carNo: plates[i], ClientName: `客户${i}`, carType: i === 3 ? '迈腾 2020款' : '' })
    }
    const page1 = await call<QuotationRow[]>('/api/epc/queryquoteorder', {
      KeyText: '粤B',
      PageIndex: 1,
      PageSize: 10,
    })
    expect(page1.data).toHaveLength(10)
    expect(page1.data?.[0]).toMatchObject({ carNo: '粤B00011', TotalCount: 12 })
    expect(page1.data?.[1]).not.toHaveProperty('TotalCount')
    const page2 = await call<QuotationRow[]>('/api/epc/queryquoteorder', {
      KeyText: '粤B',
      PageIndex: 2,
      PageSize: 10,
    })
    expect(page2.data?.map((r) => r.carNo)).toEqual(['粤B00001', '粤B00000'])
    expect(
      (await call<QuotationRow[]>('/api/epc/queryquoteorder', { KeyText: '客户7' })).data?.map(
        (r) => r.carNo,
      ),
    ).toEqual(['粤B00007'])
    expect(
      (await call<QuotationRow[]>('/api/epc/queryquoteorder', { KeyText: '迈腾' })).data?.map((r) => r.carNo),
    ).toEqual(['粤B00003'])
    expect(
      (await call<QuotationRow[]>('/api/epc/queryquoteorder', { KeyText: 'kc947' })).data?.length,
    ).toBeGreaterThan(0)
    expect((await call<QuotationRow[]>('/api/epc/queryquoteorder', { KeyText: '没有这个' })).data).toEqual([])
  })

  it('tells of a line whose part the catalogue has replaced since, with the number sold now', async () => {
    // The tiny catalogue's old numbers: one replaced once, and the end of a longer chain where there is one.
    const { rows } = await sql<{ old_disp: string; new_disp: string }>`
      select o.disp_number as old_disp, n.disp_number as new_disp from cat_supersessions s
      join cat_parts o on o.id = s.old_part_id join cat_parts n on n.id = s.new_part_id
      where not exists (select 1 from cat_supersessions s2 where s2.old_part_id = s.new_part_id) limit 1`.execute(
      t.ctx.db.kysely,
    )
    const replaced = rows[0]
    if (!replaced) throw new Error('the tiny catalogue holds a replaced number')
    const orderId = await newQuote()
    for (const part_number of [replaced.old_disp, replaced.new_disp, 'MY-OWN-PART']) {
      expect((await addLine(orderId, { part_number })).ResultCode).toBe('10000')
    }
    const lines =
      (await call<QuotationLine[]>('/api/epc/queryquoteorderdetail', { OrderId: orderId })).data ?? []
    expect(lines.map((l) => [l.part_number, l.replaced_by])).toEqual([
      [replaced.old_disp, replaced.new_disp],
      [replaced.new_disp, null],
      ['MY-OWN-PART', null],
    ])

    // The old line takes the new number: refused while another line holds it, then taken.
    const [oldLine, newLine] = lines as [QuotationLine, QuotationLine]
    const change = (Id: number, part_number: string) =>
      call('/api/epc/updatequoteorderdetail', {
        OrderId: orderId,
        Id,
        Amount: 2,
        sale_prices: 100,
        part_number,
      })
    const detail = async () =>
      ((await call<QuotationLine[]>('/api/epc/queryquoteorderdetail', { OrderId: orderId })).data ?? []).map(
        (l) => [l.part_number, l.replaced_by, l.Amount],
      )
    expect(await change(oldLine.Id, replaced.new_disp)).toMatchObject({
      ResultCode: '10003',
      ResultMsg: '该配件编码已添加',
    })
    expect(await change(oldLine.Id, '  ')).toMatchObject({ ResultCode: '10002', ResultMsg: '请输入配件编码' })
    expect(await detail()).toEqual([
      [replaced.old_disp, replaced.new_disp, 1],
      [replaced.new_disp, null, 1],
      ['MY-OWN-PART', null, 1],
    ])
    expect(
      (await call('/api/epc/deletequoteorderdetail', { OrderId: orderId, Id: newLine.Id })).ResultCode,
    ).toBe('10000')
    expect((await change(oldLine.Id, replaced.new_disp)).ResultCode).toBe('10000')
    expect(await detail()).toEqual([
      [replaced.new_disp, null, 2],
      ['MY-OWN-PART', null, 1],
    ])

    // Two lines given the same number, ten times at once: one takes it, the other is refused each time.
    const own = (lines[2] as QuotationLine).Id
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => change(i % 2 ? own : oldLine.Id, 'NEW-NUMBER-1')),
    )
    const codes = answers.map((a) => a.ResultCode)
    expect(new Set(codes)).toEqual(new Set(['10000', '10003']))
    const after = await detail()
    expect(after.filter(([number]) => number === 'NEW-NUMBER-1')).toHaveLength(1)
  })

  it('finds a sheet by a part on it however its number is typed, by its type, and by a plate in small letters', async () => {
    const withPart = await newQuote({ carNo: '沪C7K210', carType: '途观L 330TSI', remark: '钣金喷漆' })
    expect((await addLine(withPart, { part_number: '5Q0 927 078 G' })).ResultCode).toBe('10000')
    const found = async (KeyText: string) =>
      (await call<QuotationRow[]>('/api/epc/queryquoteorder', { KeyText })).data?.map((r) => r.OrderId)
    for (const typed of ['5Q0927078G', '5q0-927-078-g', '927078', '沪c7k210', '钣金喷漆', '途观l']) {
      expect(await found(typed), typed).toEqual([withPart])
    }
    expect(await found('5Q0927078H')).toEqual([])
  })

  it('shows sheets to every staff member of the company and hides them from other companies', async () => {
    const orderId = await newQuote()
    await addStaff(t, shop.companyId, '13611110000')
    const staff = await t.login('13611110000', 'pass1234')
    expect((await addLine(orderId, { part_number: 'STAFF-0001' }, staff)).ResultCode).toBe('10000')
    expect(
      (await call<QuotationLine[]>('/api/epc/queryquoteorderdetail', { OrderId: orderId }, staff)).data,
    ).toHaveLength(1)

    for (const [path, payload] of [
      ['/api/epc/queryquoteorderdetail', { OrderId: orderId }],
      ['/api/epc/updatequoteordermaster', { OrderId: orderId, VIN }],
      ['/api/epc/deletequoteordermaster', { OrderId: orderId }],
      ['/api/epc/createquoteorderdetail', { OrderId: orderId, part_number: 'X1', Amount: 1, sale_prices: 1 }],
    ] as const) {
      const answer = await call(path, payload, other)
      expect([answer.ResultCode, answer.ResultMsg], path).toEqual(['10004', '数据不存在或无权访问'])
    }
    expect(
      (await call<QuotationRow[]>('/api/epc/queryquoteorder', { KeyText: orderId }, other)).data,
    ).toEqual([])
    expect(
      (await call<QuotationLine[]>('/api/epc/queryquoteorderdetail', { OrderId: orderId })).data,
    ).toHaveLength(1)
  })

  it('updates and deletes a sheet with its lines', async () => {
    const orderId = await newQuote()
    await addLine(orderId, { part_number: 'DEL-0001' })
    expect(
      (
        await call('/api/epc/updatequoteordermaster', {
          OrderId: orderId,
          VIN,
          carNo: '京B99999',
          remark: '保养',
        })
      ).ResultCode,
    ).toBe('10000')
    const row = (await call<QuotationRow[]>('/api/epc/queryquoteorder', { KeyText: orderId })).data?.[0]
    expect(row).toMatchObject({ carNo: '京B99999', remark: '保养' })
    expect(
      (await call('/api/epc/deletequoteordermaster', { id: row?.Id, OrderId: orderId })).ResultCode,
    ).toBe('10000')
    expect((await call('/api/epc/queryquoteorderdetail', { OrderId: orderId })).ResultCode).toBe('10004')
  })

  it('changes and deletes a line once for the same request sent twice and ten times at once', async () => {
    const orderId = await newQuote()
    await addLine(orderId, { part_number: 'A1', Amount: 1, sale_prices: 5 })
    await addLine(orderId, { part_number: 'B2', Amount: 1, sale_prices: 7 })
    const [a, b] =
      (await call<QuotationLine[]>('/api/epc/queryquoteorderdetail', { OrderId: orderId })).data ?? []
    const total = async () =>
      (await call<QuotationRow[]>('/api/epc/queryquoteorder', { KeyText: orderId })).data?.[0]?.total_Money
    const update = () =>
      call('/api/epc/updatequoteorderdetail', {
        OrderId: orderId,
        Id: a?.Id,
        Amount: '2.5',
        sale_prices: '10.01',
      })
    const updated = [
      await update(),
      await update(),
      ...(await Promise.all(Array.from({ length: 10 }, update))),
    ]
    expect(updated.map((u) => u.ResultCode)).toEqual(Array(12).fill('10000'))
    expect(await total()).toBe(25.03 + 7)
    const remove = () => call('/api/epc/deletequoteorderdetail', { OrderId: orderId, Id: b?.Id })
    const removed = [...(await Promise.all(Array.from({ length: 10 }, remove))), await remove()]
    // Those that found the line before it went answer success, the rest 10004 (a line not on the sheet): it
    // goes once either way.
    expect(removed.some((r) => r.ResultCode === '10000')).toBe(true)
    expect(removed.every((r) => r.ResultCode === '10000' || r.ResultCode === '10004')).toBe(true)
    expect(removed.at(-1)?.ResultCode).toBe('10004')
    const lines = (await call<QuotationLine[]>('/api/epc/queryquoteorderdetail', { OrderId: orderId })).data
    // An update without part_name keeps the line's name.
    expect(lines?.map((l) => [l.part_number, l.part_name, l.Amount, l.sale_prices, l.money])).toEqual([
      ['A1', '前制动片', 2.5, 10.01, 25.03],
    ])
    expect(await total()).toBe(25.03)
  })

  it('loses nothing when clerks create sheets and add lines at the same time', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, () => newQuote()))
    expect(new Set(ids).size).toBe(12)
    const orderId = ids[0] as string
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        addLine(orderId, {
          part_number: `PAR-${String(i).padStart(4, '0')}`,
          Amount: i + 1,
          sale_prices: 1.01,
        }),
      ),
    )
    expect(answers.every((a) => a.ResultCode === '10000')).toBe(true)
    const lines =
      (await call<QuotationLine[]>('/api/epc/queryquoteorderdetail', { OrderId: orderId })).data ?? []
    expect(lines).toHaveLength(20)
    const total =
      (await call<QuotationRow[]>('/api/epc/queryquoteorder', { KeyText: orderId })).data?.[0]?.total_Money ??
      0
    expect(Math.round(total * 100)).toBe(lines.reduce((sum, l) => sum + Math.round(l.money * 100), 0))
    expect(Math.round(total * 100)).toBe(
      Array.from({ length: 20 }, (_, i) => (i + 1) * 101).reduce((a, b) => a + b, 0),
    )
  })

  it('keeps purchase orders apart: CG numbers, supplier required, purchase prices, past suppliers and vehicles', async () => {
    const missing = await call('/api/epc/createpurchaseordermaster', { ClientName: '' })
    expect([missing.ResultCode, missing.ResultMsg]).toEqual(['10002', '请输入供应商'])
    const created = await call<string>('/api/epc/createpurchaseordermaster', {
      ClientName: '广州骏达配件',
      VIN,
      carNo: '粤A88888',
      carType: '速腾',
    })
    const orderId = created.data as string
    expect(orderId).toMatch(/^CG\d{12}$/)
    const noPrice = await call('/api/epc/createpurchaseorderdetail', {
      OrderId: orderId,
      part_number: 'A1',
      Amount: 1,
    })
    expect(noPrice.ResultMsg).toBe('请输入进价')
    expect(
      (
        await call('/api/epc/createpurchaseorderdetail', {
          OrderId: orderId,
          part_number: '5Q0 698 151 E',
          part_name: '前制动片',
          Amount: 4,
          tax_prices: 62.5,
          PurcaseUser: '王五',
        })
      ).ResultCode,
    ).toBe('10000')
    const rows =
      (await call<PurchaseOrderRow[]>('/api/epc/querypurchaseorder', { KeyText: '骏达' })).data ?? []
    expect(rows[0]).toMatchObject({
      OrderId: orderId,
      ClientName: '广州骏达配件',
      total_Money: 250,
      TotalCount: 1,
    })
    expect(rows[0]?.itemList[0]).toMatchObject({ tax_prices: 62.5, money: 250, PurcaseUser: '王五' })
    expect((await call('/api/epc/queryquoteorderdetail', { OrderId: orderId })).ResultCode).toBe('10004')
    const suppliers = await call<{ ClientName: string }[]>('/api/epc/querypurchaseordermasterselectoption', {
      Type: 0,
    })
    expect(suppliers.data).toContainEqual({ ClientName: '广州骏达配件' })
    const vehicles = await call<{ VIN: string; carNo: string }[]>(
      '/api/epc/querypurchaseordermasterselectoption',
      { Type: 1 },
    )
    expect(vehicles.data).toContainEqual({ VIN, carNo: '粤A88888', carType: '速腾' })
    expect((await call('/api/epc/querypurchaseordermasterselectoption', { Type: 2 })).ResultCode).toBe(
      '10002',
    )
    expect(
      (await call<unknown[]>('/api/epc/querypurchaseordermasterselectoption', { Type: 0 }, other)).data,
    ).toEqual([])
  })

  it('fills plate and model for a VIN from earlier sheets, else the model from the catalogue', async () => {
    await newQuote({ VIN: 'LGBH52E05MY123456', carNo: '沪C11111', carType: '轩逸 经典' })
    expect((await call('/api/epc/vinfill', { VIN: 'LGBH52E05MY123456' })).data).toEqual({
      carNo: '沪C11111',
      carType: '轩逸 经典',
      source: 'sheet',
      meant: [],
    })
    const draft = 'LFVBA63G0LC123456'
    const vin = `${draft.slice(0, 8)}${checkDigit(draft)}${draft.slice(9)}`
    expect(
      (await call<{ carType: string; source: string }>('/api/epc/vinfill', { VIN: vin })).data,
    ).toMatchObject({
      carNo: '',
      carType: '一汽-大众 迈腾 2020款 330TSI DSG 领先型',
      source: 'catalogue',
    })
    // The same maker and vehicle descriptor of model year 2016 (G): no 2020 model is taken for it.
    const older = `${draft.slice(0, 9)}G${draft.slice(10)}`
    const olderVin = `${older.slice(0, 8)}${checkDigit(older)}${older.slice(9)}`
    expect((await call('/api/epc/vinfill', { VIN: olderVin })).data).toMatchObject({
      source: 'none',
      meant: [],
    })
    expect((await call('/api/epc/vinfill', { VIN: 'LGBH52E05MY123456' }, other)).data).toMatchObject({
      carNo: '',
      source: 'none',
    })
    // Two neighbours of the descriptor swapped (its check digit then wrong): the VIN meant is offered.
    const swapped = vin.slice(0, 5) + vin[6] + vin[5] + vin.slice(7)
    expect(swapped[8]).not.toBe(checkDigit(swapped))
    const fill = await call<{ source: string; meant: { vin: string; models: { car_name: string }[] }[] }>(
      '/api/epc/vinfill',
      { VIN: swapped },
    )
    expect(fill.data?.source).toBe('none')
    expect(fill.data?.meant.find((m) => m.vin === vin)?.models.map((m) => m.car_name)).toEqual([
      '迈腾 2020款 330TSI DSG 领先型',
    ])
  })
})

describe.each(dbKinds)('authorization of sheets on %s', (kind) => {
  let t: TestApp
  let mine: { token: string; companyId: number }
  let theirs: { token: string; companyId: number }
  /** The first company's second quotation and purchase order (the second company has no such numbers). */
  let quote: { OrderId: string; Id: number; line: number }
  let purchase: { OrderId: string; Id: number; line: number }
  /** The second company's own first sheets, whose numbers the first company's first sheets share. */
  let ownQuote: string
  let ownPurchase: string
  const call = <T>(path: string, payload: object, token?: string) => t.call<T>(path, payload, { token })

  async function sheet(kind: 'quote' | 'purchase', token: string, header: object) {
    const [master, detail, price] =
      kind === 'quote'
        ? ['quoteordermaster', 'quoteorderdetail', 'sale_prices']
        : ['purchaseordermaster', 'purchaseorderdetail', 'tax_prices']
    const made = await call<string>(`/api/epc/create${master}`, header, token)
    expect(made.ResultCode, made.ResultMsg).toBe('10000')
    const OrderId = made.data as string
    const added = await call(
      `/api/epc/create${detail}`,
      { OrderId, part_number: 'AUTH-0001', Amount: 2, [price]: 35.5, purchase_price: 20 },
      token,
    )
    expect(added.ResultCode, added.ResultMsg).toBe('10000')
    const lines = await call<{ Id: number }[]>(`/api/epc/query${detail}`, { OrderId }, token)
    const rows = await call<{ Id: number; OrderId: string }[]>(
      `/api/epc/query${kind === 'quote' ? 'quoteorder' : 'purchaseorder'}`,
      { KeyText: OrderId },
      token,
    )
    return { OrderId, Id: rows.data?.[0]?.Id as number, line: lines.data?.[0]?.Id as number }
  }

  beforeAll(async () => {
    t = await startTestApp(kind)
    const a = await createCompanyAccount(t, { companyName: '甲汽修' })
    const b = await createCompanyAccount(t, { companyName: '乙汽修' })
    mine = { token: await t.login(a.mobile, a.password), companyId: a.companyId }
    theirs = { token: await t.login(b.mobile, b.password), companyId: b.companyId }
    const header = { VIN, ClientName: '甲的客户', carNo: '京A00001', carType: '迈腾' }
    const supplier = { VIN, ClientName: '甲的供应商', carNo: '京A00001', carType: '迈腾' }
    await sheet('quote', mine.token, header)
    await sheet('purchase', mine.token, supplier)
    quote = await sheet('quote', mine.token, header)
    purchase = await sheet('purchase', mine.token, supplier)
    ownQuote = (await sheet('quote', theirs.token, { VIN, ClientName: '乙的客户' })).OrderId
    ownPurchase = (await sheet('purchase', theirs.token, { ClientName: '乙的供应商' })).OrderId
  }, 180_000)
  afterAll(async () => {
    await t.close()
  })

  /** Every sheet call that names a sheet or a line, aimed at the first company's rows. */
  const aimedAtMine = (): [string, object][] => [
    ['/api/epc/updatequoteordermaster', { OrderId: quote.OrderId, VIN, ClientName: '改了' }],
    ['/api/epc/deletequoteordermaster', { OrderId: quote.OrderId }],
    ['/api/epc/deletequoteordermaster', { OrderId: ownQuote, id: quote.Id }],
    ['/api/epc/queryquoteorderdetail', { OrderId: quote.OrderId }],
    [
      '/api/epc/createquoteorderdetail',
      { OrderId: quote.OrderId, part_number: 'X1', Amount: 1, sale_prices: 1 },
    ],
    [
      '/api/epc/updatequoteorderdetail',
      { OrderId: quote.OrderId, Id: quote.line, Amount: 9, sale_prices: 1 },
    ],
    ['/api/epc/updatequoteorderdetail', { OrderId: ownQuote, Id: quote.line, Amount: 9, sale_prices: 1 }],
    ['/api/epc/deletequoteorderdetail', { OrderId: quote.OrderId, Id: quote.line }],
    ['/api/epc/deletequoteorderdetail', { OrderId: ownQuote, Id: quote.line }],
    ['/api/epc/updatepurchaseordermaster', { OrderId: purchase.OrderId, ClientName: '改了' }],
    ['/api/epc/deletepurchaseordermaster', { OrderId: purchase.OrderId }],
    ['/api/epc/deletepurchaseordermaster', { OrderId: ownPurchase, id: purchase.Id }],
    ['/api/epc/querypurchaseorderdetail', { OrderId: purchase.OrderId }],
    [
      '/api/epc/createpurchaseorderdetail',
      { OrderId: purchase.OrderId, part_number: 'X1', Amount: 1, tax_prices: 1 },
    ],
    [
      '/api/epc/updatepurchaseorderdetail',
      { OrderId: purchase.OrderId, Id: purchase.line, Amount: 9, tax_prices: 1 },
    ],
    [
      '/api/epc/updatepurchaseorderdetail',
      { OrderId: ownPurchase, Id: purchase.line, Amount: 9, tax_prices: 1 },
    ],
    ['/api/epc/deletepurchaseorderdetail', { OrderId: purchase.OrderId, Id: purchase.line }],
    ['/api/epc/deletepurchaseorderdetail', { OrderId: ownPurchase, Id: purchase.line }],
  ]

  it('answers another company 10004 for every sheet and line of the first, guessed by number, changing nothing', async () => {
    const before = await snapshot(t.ctx.db)
    for (const [path, payload] of aimedAtMine()) {
      const answer = await call(path, payload, theirs.token)
      expect([path, answer.ResultCode, answer.ResultMsg], JSON.stringify(payload)).toEqual([
        path,
        '10004',
        Messages.notFound,
      ])
    }
    expect(await snapshot(t.ctx.db)).toBe(before)
    // The same calls from the first company reach its rows (the numbers were right).
    const lines = await call<{ Id: number }[]>('/api/epc/queryquoteorderdetail', quote, mine.token)
    expect(lines.data?.map((l) => l.Id)).toEqual([quote.line])
  })

  it('shows another company none of the first’s sheets, suppliers, vehicles or plates', async () => {
    for (const path of ['/api/epc/queryquoteorder', '/api/epc/querypurchaseorder']) {
      const all = await call<{ OrderId: string; ClientName: string }[]>(path, { PageSize: 100 }, theirs.token)
      expect(
        all.data?.map((r) => r.ClientName),
        path,
      ).toEqual([path.includes('quote') ? '乙的客户' : '乙的供应商'])
      expect((await call(path, { KeyText: '甲的' }, theirs.token)).data, path).toEqual([])
    }
    const suppliers = await call('/api/epc/querypurchaseordermasterselectoption', { Type: 0 }, theirs.token)
    expect(suppliers.data).toEqual([{ ClientName: '乙的供应商' }])
    const vehicles = await call<{ carNo: string }[]>(
      '/api/epc/querypurchaseordermasterselectoption',
      { Type: 1 },
      theirs.token,
    )
    expect(vehicles.data?.map((v) => v.carNo)).not.toContain('京A00001')
    const fill = await call<{ carNo: string; source: string }>('/api/epc/vinfill', { VIN }, theirs.token)
    expect(fill.data?.carNo).toBe('')
    expect(fill.data?.source).not.toBe('sheet')
  })

  it('refuses every sheet call without a login, changing nothing', async () => {
    const before = await snapshot(t.ctx.db)
    const reads: [string, object][] = [
      ['/api/epc/createquoteordermaster', { VIN }],
      ['/api/epc/queryquoteorder', {}],
      ['/api/epc/createpurchaseordermaster', { ClientName: '供应商' }],
      ['/api/epc/querypurchaseorder', {}],
      ['/api/epc/querypurchaseordermasterselectoption', { Type: 0 }],
      ['/api/epc/vinfill', { VIN }],
    ]
    await expectNotLoggedIn(t, [...aimedAtMine(), ...reads])
    expect(await snapshot(t.ctx.db)).toBe(before)
  })

  it('refuses a disabled member’s sheet calls (99998) and a removed member’s (40100), changing nothing', async () => {
    const ids: number[] = []
    const tokens: string[] = []
    for (const mobile of ['13622220001', '13622220002']) {
      const added = await call<{ UserID: number }>(
        '/api/usercenter/staff/add',
        { Mobile: mobile, UserName: '店员', Password: 'clerk1234' },
        mine.token,
      )
      ids.push(added.data?.UserID as number)
      await call(
        '/api/usercenter/staff/setpermission',
        { UserID: added.data?.UserID, SeePurchasePrice: true },
        mine.token,
      )
      tokens.push(await t.login(mobile, 'clerk1234'))
    }
    const [disabledToken, removedToken] = tokens as [string, string]
    expect((await call('/api/epc/queryquoteorderdetail', quote, disabledToken)).ResultCode).toBe('10000')
    await call('/api/usercenter/staff/setstate', { UserID: ids[0], State: 2 }, mine.token)
    await call('/api/usercenter/staff/remove', { UserID: ids[1] }, mine.token)
    const before = await snapshot(t.ctx.db)
    for (const [path, payload] of [
      ...aimedAtMine(),
      ['/api/epc/createquoteordermaster', { VIN }],
      ['/api/epc/createpurchaseordermaster', { ClientName: '供应商' }],
    ] as [string, object][]) {
      const disabled = await call(path, payload, disabledToken)
      expect([path, disabled.ResultCode, disabled.ResultMsg]).toEqual([
        path,
        '99998',
        Messages.accountDisabled,
      ])
      const removed = await call(path, payload, removedToken)
      expect([path, removed.ResultCode]).toEqual([path, '40100'])
    }
    expect(await snapshot(t.ctx.db)).toBe(before)
  })

  it('keeps a member without the purchase-price right off the first company’s purchase orders too', async () => {
    const added = await call<{ UserID: number }>(
      '/api/usercenter/staff/add',
      { Mobile: '13622220003', UserName: '学徒', Password: 'clerk1234' },
      mine.token,
    )
    expect(added.ResultCode).toBe('10000')
    const clerk = await t.login('13622220003', 'clerk1234')
    const before = await snapshot(t.ctx.db)
    for (const [path, payload] of aimedAtMine().filter(([p]) => p.includes('purchase'))) {
      const answer = await call(path, payload, clerk)
      expect([path, answer.ResultCode, answer.ResultMsg]).toEqual([
        path,
        '10001',
        StaffMessages.noPurchaseOrders,
      ])
    }
    expect(await snapshot(t.ctx.db)).toBe(before)
    const lines = await call<{ purchase_price: number | null }[]>(
      '/api/epc/queryquoteorderdetail',
      quote,
      clerk,
    )
    expect(lines.data?.map((l) => l.purchase_price)).toEqual([null])
    expect(
      (
        await call<{ purchase_price: number | null }[]>('/api/epc/queryquoteorderdetail', quote, mine.token)
      ).data?.map((l) => l.purchase_price),
    ).toEqual([20])
    // Its seat back for the next test (the company has 3: the owner and the disabled member hold two).
    await call('/api/usercenter/staff/remove', { UserID: added.data?.UserID }, mine.token)
  })

  it('fills a VIN from a purchase order only for a caller who may see purchase orders', async () => {
    // A VIN only a purchase order of the first company holds.
    const vin = 'LSVAM4187C2184756'
    const made = await call<string>(
      '/api/epc/createpurchaseordermaster',
      { ClientName: '甲的供应商', VIN: vin, carNo: '京P99999', carType: '帕萨特 采购' },
      mine.token,
    )
    expect(made.ResultCode).toBe('10000')
    expect((await call<{ carNo: string }>('/api/epc/vinfill', { VIN: vin }, mine.token)).data).toMatchObject({
      carNo: '京P99999',
      source: 'sheet',
    })
    const added = await call<{ UserID: number }>(
      '/api/usercenter/staff/add',
      { Mobile: '13622220004', UserName: '学徒', Password: 'clerk1234' },
      mine.token,
    )
    const clerk = await t.login('13622220004', 'clerk1234')
    const fill = await call<{ carNo: string; carType: string; source: string }>(
      '/api/epc/vinfill',
      { VIN: vin },
      clerk,
    )
    expect(fill.data?.carNo).toBe('')
    expect(fill.data?.carType).not.toBe('帕萨特 采购')
    expect(fill.data?.source).not.toBe('sheet')
    await call(
      '/api/usercenter/staff/setpermission',
      { UserID: added.data?.UserID, SeePurchasePrice: true },
      mine.token,
    )
    expect((await call<{ carNo: string }>('/api/epc/vinfill', { VIN: vin }, clerk)).data?.carNo).toBe(
      '京P99999',
    )
  })

  it('lets a company whose service ended keep working on its sheets; only the look-ups need the service', async () => {
    const ended = await createCompanyAccount(t, { serviceDays: 0 })
    const token = await t.login(ended.mobile, ended.password)
    const vin = await call('/api/epc/vinquery', { VIN }, token)
    expect([vin.ResultCode, vin.ResultMsg, vin.data]).toEqual([
      '99998',
      '服务已到期，请续费后使用',
      { reason: 'expired' },
    ])
    const made = await call<string>('/api/epc/createquoteordermaster', { VIN }, token)
    expect(made.ResultCode).toBe('10000')
    expect(
      (
        await call(
          '/api/epc/createquoteorderdetail',
          { OrderId: made.data, part_number: 'E1', Amount: 1, sale_prices: 5 },
          token,
        )
      ).ResultCode,
    ).toBe('10000')
    expect(
      (await call('/api/epc/createpurchaseordermaster', { ClientName: '供应商' }, token)).ResultCode,
    ).toBe('10000')
    expect((await call<unknown[]>('/api/epc/queryquoteorder', {}, token)).data).toHaveLength(1)
  })
})
