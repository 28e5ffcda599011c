// update4spricelist and get4spricelist through the envelope on real databases: validation with Chinese
// messages, what a kept report holds, one kept per company, part and price type a minute (also under
// concurrent reports), the latest price per type read back, and no company seeing another's reports.
import { type DealerPrice, HostLimits } from '@epc/shared'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createCompanyAccount } from '../../../test/factories'
import { dbKinds, startTestApp, type TestApp } from '../../../test/helper'

const PART = '5Q0 615 301 F'
/** An 8021 answer: the part's stock row and one replacement. */
const answer8021 = (netwr: number | string = 698, stock = 4) => ({
  code: 200,
  data: {
    stock: [
      { PART_NO: PART, PART_NAME: '前制动盘', PRICE: 512.3, NETWR: netwr, STOCK_QUANTITY: stock, SLFLAG: 0 },
    ],
    replace: [{ PART_NO: '5Q0 615 301 G', PART_NAME: '前制动盘', PRICE: 500, NETWR: 680, STOCK_QUANTITY: 1 }],
  },
})
/** The same part as 8002 answers it, as JSON text with lower-case fields and numbers as text. */
const answer8002Text = JSON.stringify({
  code: 200,
  data: {
    rows: [
      {
        part_no: '5Q0615301F',
        part_name: '前制动盘',
        price: '498.00',
        netwr: '688.50',
        stock_quantity: '7.000',
      },
    ],
  },
})

describe.each(dbKinds)('dealer prices on %s', (kind) => {
  let t: TestApp
  let shop: { token: string; companyId: number; accountId: number }
  let other: { token: string; companyId: number }
  const report = (payload: object, token = shop.token) =>
    t.call(
      '/api/author/update4spricelist',
      { partNumber: PART, pb: 1, json: answer8021(), name: '顺达汽修厂', ...payload },
      { token },
    )
  const prices = async (partNumber = PART, token = shop.token) => {
    const answer = await t.call<DealerPrice[]>('/api/author/get4spricelist', { partNumber }, { token })
    expect(answer.ResultCode).toBe('10000')
    return answer.data ?? []
  }
  const kept = (companyId = shop.companyId) =>
    t.ctx.db.kysely
      .selectFrom('host_prices')
      .selectAll()
      .where('company_id', '=', companyId)
      .orderBy('id')
      .execute()

  beforeAll(async () => {
    t = await startTestApp(kind)
    const owner = await createCompanyAccount(t, { companyName: '顺达汽修厂' })
    shop = { token: await t.login(owner.mobile, owner.password), ...owner }
    const stranger = await createCompanyAccount(t)
    other = { token: await t.login(stranger.mobile, stranger.password), companyId: stranger.companyId }
  }, 180_000)
  afterAll(async () => {
    await t.close()
  })
  beforeEach(async () => {
    await t.ctx.db.kysely.deleteFrom('host_prices').execute()
    // Each test starts a second into a fresh minute, so "the same minute" is never cut by the clock.
    t.clock.ms = (Math.floor(t.clock.ms / 60_000) + 2) * 60_000 + 1000
  })

  it('refuses bad reports with a Chinese message naming the field, keeping nothing', async () => {
    const cases: [object, string][] = [
      [{ partNumber: '' }, '请输入配件编码'],
      [{ partNumber: undefined }, '请输入配件编码'],
      [{ partNumber: '--' }, '请输入配件编码'],
      [{ partNumber: 'X'.repeat(41) }, '配件编码不能超过40个字符'],
      [{ pb: '1' }, '价格类型不正确'],
      [{ pb: 0 }, '价格类型不正确'],
      [{ pb: 1.5 }, '价格类型不正确'],
      [{ json: undefined }, '请提供店端查询结果'],
      [{ json: '' }, '请提供店端查询结果'],
      [{ json: '{"code":200,' }, '店端查询结果格式不正确'],
      [{ json: 42 }, '店端查询结果格式不正确'],
      [{ json: { code: 500, data: answer8021().data } }, '店端查询结果中没有库存记录'],
      [{ json: { code: 200, data: { records: [] } } }, '店端查询结果中没有库存记录'],
      [{ name: '公'.repeat(51) }, '公司名称不能超过50个字符'],
    ]
    for (const [payload, message] of cases) {
      expect(await report(payload), JSON.stringify(payload)).toMatchObject({
        status: 200,
        ResultCode: '10002',
        ResultMsg: message,
      })
    }
    expect(await kept()).toEqual([])
  })

  it('needs a login', async () => {
    const answer = await t.call('/api/author/update4spricelist', {
      partNumber: PART,
      pb: 1,
      json: answer8021(),
    })
    expect(answer).toMatchObject({ status: 401, ResultCode: '40100' })
    expect((await t.call('/api/author/get4spricelist', { partNumber: PART })).ResultCode).toBe('40100')
  })

  it('keeps the raw answer as received and the part own row as fen, stock and price type', async () => {
    expect(await report({ json: answer8002Text, pb: 2 })).toMatchObject({
      ResultCode: '10000',
      data: undefined,
    })
    const [row] = await kept()
    expect(row).toMatchObject({
      account_id: shop.accountId,
      part_number: PART,
      part_norm: '5Q0615301F',
      type4s: 2,
      raw: answer8002Text,
      raw_length: answer8002Text.length,
      stock: 7,
      created_at: t.clock.now(),
    })
    expect(Number(row?.sale_fen)).toBe(68850)
    expect(Number(row?.purchase_fen)).toBe(49800)

    // An object answer is kept as its JSON text; the replacement row is not the part's price.
    t.clock.advance(60_000)
    await report({ json: answer8021(698.5, 4) })
    const [, second] = await kept()
    expect(second?.raw).toBe(JSON.stringify(answer8021(698.5, 4)))
    expect([Number(second?.sale_fen), Number(second?.purchase_fen), second?.stock]).toEqual([69850, 51230, 4])
  })

  it('keeps a long answer cut at the limit, with its whole length', async () => {
    const rows = Array.from({ length: 900 }, (_, i) => ({
      PART_NO: i === 0 ? PART : `N 900 ${String(i).padStart(3, '0')} 01`,
      PART_NAME: '很长的配件名称'.repeat(4),
      PRICE: '10.00',
      NETWR: '12.00',
      STOCK_QUANTITY: '1',
    }))
    const text = JSON.stringify({ code: 200, data: { records: rows } })
    expect(text.length).toBeGreaterThan(HostLimits.rawKeptChars)
    expect((await report({ json: text })).ResultCode).toBe('10000')
    const [row] = await kept()
    expect(row?.raw).toBe(text.slice(0, HostLimits.rawKeptChars))
    expect(row?.raw_length).toBe(text.length)
    expect(Number(row?.sale_fen)).toBe(1200)
  })

  it('keeps at most one report per part and price type a minute, also when they arrive together', async () => {
    expect((await report({ json: answer8021(700) })).ResultCode).toBe('10000')
    t.clock.advance(30_000)
    // Answered as a success (the page does not read it), but not kept.
    expect((await report({ json: answer8021(710) })).ResultCode).toBe('10000')
    // Another price type and another part are kept beside it.
    expect((await report({ pb: 2 })).ResultCode).toBe('10000')
    expect((await report({ partNumber: '04465-02220', json: answer8021() })).ResultCode).toBe('10000')
    expect((await kept()).map((r) => [r.part_norm, r.type4s, r.sale_fen && Number(r.sale_fen)])).toEqual([
      ['5Q0615301F', 1, 70000],
      ['5Q0615301F', 2, 69800],
      ['0446502220', 1, null],
    ])

    t.clock.advance(30_000)
    const together = await Promise.all(
      [720, 730, 740, 750, 760].map((netwr) => report({ json: answer8021(netwr) })),
    )
    expect(together.map((a) => a.ResultCode)).toEqual(['10000', '10000', '10000', '10000', '10000'])
    expect((await kept()).filter((r) => r.type4s === 1 && r.part_norm === '5Q0615301F')).toHaveLength(2)
  })

  it('keeps one report for the same report sent twice and ten times at once, each a new envelope', async () => {
    const same = { json: answer8021(720, 3) }
    expect([(await report(same)).ResultCode, (await report(same)).ResultCode]).toEqual(['10000', '10000'])
    expect(await kept()).toHaveLength(1)
    t.clock.advance(60_000)
    const ten = await Promise.all(Array.from({ length: 10 }, () => report(same)))
    expect(ten.map((a) => [a.ResultCode, a.data])).toEqual(Array(10).fill(['10000', undefined]))
    expect((await kept()).map((r) => [r.part_norm, r.type4s, Number(r.sale_fen), Number(r.stock)])).toEqual([
      ['5Q0615301F', 1, 72000, 3],
      ['5Q0615301F', 1, 72000, 3],
    ])
    expect((await prices()).map((p) => [p.pb, p.sale_price, p.available_stock])).toEqual([[1, 720, 3]])
  })

  it('reads back the latest price of each type with its date, to the reporting company only', async () => {
    expect(await prices()).toEqual([])
    await report({ json: answer8021(700, 3) })
    t.clock.advance(60_000)
    await report({ json: answer8021(705.5, 2) })
    await report({ pb: 2, json: answer8002Text })
    const at = new Date(t.clock.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')
    expect(await prices()).toEqual([
      {
        pb: 1,
        name: '4S建议零售价',
        sale_price: 705.5,
        purchase_price: 512.3,
        available_stock: 2,
        ReportTime: at,
      },
      { pb: 2, name: '4S会员价', sale_price: 688.5, purchase_price: 498, available_stock: 7, ReportTime: at },
    ])
    // However the number is typed.
    expect((await prices('5q0-615-301f')).map((p) => p.sale_price)).toEqual([705.5, 688.5])

    // Another company sees none of it, and its own report is not seen by the first.
    expect(await prices(PART, other.token)).toEqual([])
    await report({ json: answer8021(999) }, other.token)
    expect((await prices(PART, other.token)).map((p) => p.sale_price)).toEqual([999])
    expect((await prices()).map((p) => p.sale_price)).toEqual([705.5, 688.5])
    expect(await kept(other.companyId)).toHaveLength(1)
  })

  it('refuses a read-back without a part number', async () => {
    expect(await t.call('/api/author/get4spricelist', {}, { token: shop.token })).toMatchObject({
      ResultCode: '10002',
      ResultMsg: '请输入配件编码',
    })
  })
})

describe.each(dbKinds)('authorization of dealer prices on %s', (kind) => {
  let t: TestApp
  const call = <T>(path: string, payload: object, token?: string) => t.call<T>(path, payload, { token })
  const report = (token: string, netwr = 698) =>
    call('/api/author/update4spricelist', { partNumber: PART, pb: 1, json: answer8021(netwr) }, token)
  const read = async (token: string) =>
    ((await call<DealerPrice[]>('/api/author/get4spricelist', { partNumber: PART }, token)).data ?? []).map(
      (p) => [p.sale_price, p.purchase_price],
    )

  beforeAll(async () => {
    t = await startTestApp(kind)
  }, 180_000)
  afterAll(async () => {
    await t.close()
  })

  it('shows a company’s prices to its members by their right, to no other company, and keeps none of a disabled member', async () => {
    const shop = await createCompanyAccount(t)
    const owner = await t.login(shop.mobile, shop.password)
    const member = async (mobile: string, SeePurchasePrice: boolean) => {
      const added = await call<{ UserID: number }>(
        '/api/usercenter/staff/add',
        { Mobile: mobile, UserName: '店员', Password: 'clerk1234' },
        owner,
      )
      const id = added.data?.UserID as number
      await call('/api/usercenter/staff/setpermission', { UserID: id, SeePurchasePrice }, owner)
      return { id, token: await t.login(mobile, 'clerk1234') }
    }
    const allowed = await member('13644440001', true)
    const clerk = await member('13644440002', false)
    const other = await createCompanyAccount(t)
    const stranger = await t.login(other.mobile, other.password)

    expect((await report(owner)).ResultCode).toBe('10000')
    expect(await read(owner)).toEqual([[698, 512.3]])
    expect(await read(allowed.token)).toEqual([[698, 512.3]])
    expect(await read(clerk.token)).toEqual([[698, null]])
    expect(await read(stranger)).toEqual([])

    // A disabled member's report is refused and kept nowhere.
    await call('/api/usercenter/staff/setstate', { UserID: clerk.id, State: 2 }, owner)
    t.clock.advance(60_000)
    const refused = await report(clerk.token, 1)
    expect([refused.ResultCode, refused.ResultMsg]).toEqual(['99998', '账号已停用，请联系客服'])
    const rows = await t.ctx.db.kysely
      .selectFrom('host_prices')
      .select('account_id')
      .where('company_id', '=', shop.companyId)
      .execute()
    expect(rows).toHaveLength(1)
    expect(await read(owner)).toEqual([[698, 512.3]])
  })
})
