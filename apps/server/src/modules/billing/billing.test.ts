// Plans, orders, coupons and entitlement through the envelope on real databases: the state machine,
// idempotency (the same request twice, ten at once), coupon maths in fen, markPaid exactly once, early
// renewal, expiry → 99998 { reason: 'expired' }, query packs, the owner rule and company isolation.
import { BillingMessages, OrderState } from '@epc/shared'
import type { Insertable, Selectable } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addStaff, signedInCompany } from '../../../test/factories'
import { dbKinds, expectNotLoggedIn, startTestApp, type TestApp } from '../../../test/helper'
import { beijingTime } from '../../clock'
import type { CouponsTable, PlansTable } from '../../db/schema'
import { Ops } from '../ops/ops'
import { usePackQuery } from './billing.repository'
import { BillingService, bestCoupon, priceWith } from './billing.service'

const DAY = 86_400_000

interface Order {
  OrderNo: string
  State: string
  Amount: number
  AmountFen: number
  ListPrice: number
  Discount: number
  ExtraDays: number
  CouponId: number | null
  ServiceStart: string
  ServiceEnd: string
  TotalCount?: number
}
interface Coupon {
  CouponId: number
  Kind: string
  Status: string
  Best?: boolean
  Applicable?: boolean
  PayAmount?: number
  ReservedBy: string
}
interface Entitlement {
  ServiceEndsAt: number | null
  ServiceActive: boolean
  QueriesLeft: number
  Seats: number
  ItemsLeft: number
  IsOwner: boolean
}

const plan = (over: Partial<Selectable<PlansTable>> = {}): Selectable<PlansTable> =>
  ({
    id: 1,
    code: 'p',
    name: 'p',
    kind: 'vin_period',
    price_fen: 19_900,
    days: 30,
    queries: 0,
    seats: 0,
    items: 0,
    active: 1,
    sort: 0,
    ...over,
  }) as Selectable<PlansTable>
const coupon = (over: Partial<Selectable<CouponsTable>>): Selectable<CouponsTable> =>
  ({
    id: 1,
    company_id: 1,
    kind: 'amount_off',
    title: 't',
    threshold_fen: 0,
    off_fen: 0,
    percent: 100,
    days: 0,
    valid_from: 0,
    valid_to: Number.MAX_SAFE_INTEGER,
    state: 'unused',
    order_id: null,
    used_at: null,
    created_at: 0,
    ...over,
  }) as Selectable<CouponsTable>

describe('coupon maths', () => {
  it('takes 满减 off from its threshold, 折扣 rounded half up, 赠送天数 as days, never below 1 fen', () => {
    expect(priceWith(plan(), coupon({ kind: 'amount_off', threshold_fen: 10_000, off_fen: 3_000 }))).toEqual({
      listFen: 19_900,
      payFen: 16_900,
      extraDays: 0,
    })
    // 19 900 × 85% = 16 915; 19 999 × 85% = 16 999.15 → 16 999; 19 990 × 85% = 16 991.5 → 16 992.
    expect(priceWith(plan(), coupon({ kind: 'percent', percent: 85 })).payFen).toBe(16_915)
    expect(priceWith(plan({ price_fen: 19_999 }), coupon({ kind: 'percent', percent: 85 })).payFen).toBe(
      16_999,
    )
    expect(priceWith(plan({ price_fen: 19_990 }), coupon({ kind: 'percent', percent: 85 })).payFen).toBe(
      16_992,
    )
    expect(priceWith(plan(), coupon({ kind: 'amount_off', off_fen: 50_000 })).payFen).toBe(1)
    expect(priceWith(plan({ price_fen: 1 }), coupon({ kind: 'percent', percent: 1 })).payFen).toBe(1)
    expect(priceWith(plan(), coupon({ kind: 'extra_days', days: 7 }))).toEqual({
      listFen: 19_900,
      payFen: 19_900,
      extraDays: 7,
    })
  })

  it('picks the least to pay, then the most days; skips coupons below their threshold or out of date', () => {
    const now = 1_000
    const coupons = [
      coupon({ id: 1, kind: 'amount_off', threshold_fen: 20_000, off_fen: 10_000 }),
      coupon({ id: 2, kind: 'amount_off', threshold_fen: 10_000, off_fen: 2_000 }),
      coupon({ id: 3, kind: 'percent', percent: 90 }),
      coupon({ id: 4, kind: 'amount_off', off_fen: 9_000, valid_to: now }),
      coupon({ id: 5, kind: 'extra_days', days: 30 }),
    ]
    // 19 900 − 2 000 = 17 900 beats 90% = 17 910.
    expect(bestCoupon(coupons, plan(), now)?.id).toBe(2)
    expect(bestCoupon(coupons.slice(2), plan(), now)?.id).toBe(3)
    expect(bestCoupon(coupons, plan({ price_fen: 20_000 }), now)?.id).toBe(1)
    // Not a period plan: no extra days, and the query pack takes the money coupons only.
    expect(bestCoupon([coupons[4] as Selectable<CouponsTable>], plan({ kind: 'query_pack' }), now)).toBe(
      undefined,
    )
  })

  it('breaks a tie on the amount by the most extra days, then the soonest to expire, in any order', () => {
    const now = 1_000
    // Both pay 17 900: the one ending sooner is the best, whichever is listed first.
    const soon = coupon({ id: 1, kind: 'amount_off', off_fen: 2_000, valid_to: now + DAY })
    const later = coupon({ id: 2, kind: 'amount_off', off_fen: 2_000, valid_to: now + 2 * DAY })
    expect(bestCoupon([soon, later], plan(), now)?.id).toBe(1)
    expect(bestCoupon([later, soon], plan(), now)?.id).toBe(1)
    // Both pay the list price: 30 days beat 5, although the 5-day one ends sooner.
    const five = coupon({ id: 3, kind: 'extra_days', days: 5, valid_to: now + DAY })
    const thirty = coupon({ id: 4, kind: 'extra_days', days: 30 })
    expect(bestCoupon([five, thirty], plan(), now)?.id).toBe(4)
    expect(bestCoupon([thirty, five], plan(), now)?.id).toBe(4)
  })

  it('gives 赠送天数 only to a period plan priced at its threshold or more', () => {
    const days = coupon({ kind: 'extra_days', days: 30, threshold_fen: 20_000 })
    expect(bestCoupon([days], plan(), 1_000)).toBe(undefined)
    expect(bestCoupon([days], plan({ price_fen: 20_000 }), 1_000)).toBe(days)
  })
})

/** A 满100减20 coupon of the company, valid from yesterday for 30 days, unless `over` says otherwise. */
async function grantCoupon(t: TestApp, companyId: number, over: Partial<Insertable<CouponsTable>> = {}) {
  const now = t.clock.now()
  const { id } = await t.ctx.db.kysely
    .insertInto('coupons')
    .values({
      company_id: companyId,
      kind: 'amount_off',
      title: '满100减20',
      threshold_fen: 10_000,
      off_fen: 2_000,
      percent: 100,
      days: 0,
      valid_from: now - DAY,
      valid_to: now + 30 * DAY,
      state: 'unused',
      created_at: now,
      ...over,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

describe.each(dbKinds)('billing on %s', (kind) => {
  let t: TestApp
  let billing: BillingService
  const call = <T>(path: string, payload: object, token: string) => t.call<T>(path, payload, { token })

  const shop = (opts: { serviceDays?: number } = {}) => signedInCompany(t, opts)
  const grant = (companyId: number, over: Partial<Insertable<CouponsTable>>) =>
    grantCoupon(t, companyId, over)
  const couponRow = (id: number) =>
    t.ctx.db.kysely.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const createOrder = async (token: string, PlanCode: string, CouponId?: number) => {
    const answer = await call<Order>('/api/billing/createorder', { PlanCode, CouponId }, token)
    expect(answer.ResultMsg).toBe('成功')
    return answer.data as Order
  }
  const entitlement = async (token: string) =>
    (await call<Entitlement>('/api/billing/entitlement', {}, token)).data as Entitlement

  beforeAll(async () => {
    t = await startTestApp(kind)
    billing = new BillingService(t.ctx)
  })
  afterAll(() => t.close())

  it('answers a field error, not a failed query, for an id beyond the 32-bit columns', async () => {
    const { token } = await shop()
    const huge = 2 ** 31
    const notice = await call('/api/billing/readnotice', { Id: huge }, token)
    expect([notice.ResultCode, notice.ResultMsg]).toEqual(['10002', BillingMessages.noticeId])
    const order = await call('/api/billing/createorder', { PlanCode: 'vin_month', CouponId: huge }, token)
    expect([order.ResultCode, order.ResultMsg]).toEqual(['10002', BillingMessages.couponId])
    // Nor is coupon 0 taken as no coupon: the order is not made without the discount asked for.
    const zero = await call('/api/billing/createorder', { PlanCode: 'vin_month', CouponId: 0 }, token)
    expect([zero.ResultCode, zero.ResultMsg]).toEqual(['10002', BillingMessages.couponId])
    const staff = await call('/api/usercenter/staff/setstate', { UserID: huge, State: 2 }, token)
    expect([staff.ResultCode, staff.ResultMsg]).toEqual(['10002', '请选择员工'])
    const orders = await call<Order[]>('/api/billing/orders', {}, token)
    expect(orders.data).toEqual([])
  })

  it('lists the active plans in order, money in yuan, with the per-day price', async () => {
    const { token } = await shop()
    const plans = await call<{ PlanCode: string; Price: number; DayPrice: number | null; Name: string }[]>(
      '/api/billing/plans',
      {},
      token,
    )
    expect(plans.data?.map((p) => p.PlanCode)).toEqual([
      'vin_month',
      'vin_quarter',
      'vin_year',
      'all_brands_year',
      'extra_seat',
      'query_pack_500',
      'data_items_10000',
      'data_items_trial',
    ])
    expect(plans.data?.[0]).toMatchObject({ Name: 'VIN 查询月卡', Price: 199, DayPrice: 6.63 })
    // ¥538 / 90 days = ¥5.9778: rounded to the fen, not cut.
    expect(plans.data?.[1]).toMatchObject({ PlanCode: 'vin_quarter', Price: 538, DayPrice: 5.98 })
    await t.ctx.db.kysely.updateTable('plans').set({ active: 0 }).where('code', '=', 'vin_quarter').execute()
    const after = await call<{ PlanCode: string }[]>('/api/billing/plans', {}, token)
    expect(after.data?.map((p) => p.PlanCode)).not.toContain('vin_quarter')
    const refused = await call('/api/billing/createorder', { PlanCode: 'vin_quarter' }, token)
    expect([refused.ResultCode, refused.ResultMsg]).toEqual(['10001', '套餐不存在或已下架'])
    await t.ctx.db.kysely.updateTable('plans').set({ active: 1 }).where('code', '=', 'vin_quarter').execute()
    expect((await t.call('/api/billing/plans', {})).ResultCode).toBe('40100')
  })

  it('creates an order with a coupon fixed at creation, pages the orders and shows one', async () => {
    const s = await shop()
    const couponId = await grant(s.companyId, {})
    const order = await createOrder(s.token, 'vin_month', couponId)
    expect(order).toMatchObject({
      State: '待支付',
      ListPrice: 199,
      Discount: 20,
      Amount: 179,
      AmountFen: 17_900,
      CouponId: couponId,
    })
    expect(order.OrderNo).toMatch(/^\d{20}$/)
    expect((await couponRow(couponId)).state).toBe('reserved')
    // The coupon is held: a second order cannot use it.
    const second = await call(
      '/api/billing/createorder',
      { PlanCode: 'vin_year', CouponId: couponId },
      s.token,
    )
    expect([second.ResultCode, second.ResultMsg]).toEqual(['10001', '优惠券不可用'])
    // A plan price change later does not change the order.
    await t.ctx.db.kysely.updateTable('plans').set({ price_fen: 1 }).where('code', '=', 'vin_month').execute()
    const shown = await call<Order>('/api/billing/order', { OrderNo: order.OrderNo }, s.token)
    expect(shown.data).toMatchObject({ OrderNo: order.OrderNo, AmountFen: 17_900, State: '待支付' })
    await t.ctx.db.kysely
      .updateTable('plans')
      .set({ price_fen: 19_900 })
      .where('code', '=', 'vin_month')
      .execute()

    for (let i = 0; i < 11; i++) await createOrder(s.token, 'query_pack_500')
    const page1 = await call<Order[]>('/api/billing/orders', { PageIndex: 1, PageSize: 5 }, s.token)
    expect(page1.data?.length).toBe(5)
    expect(page1.data?.[0]?.TotalCount).toBe(12)
    expect(page1.data?.[1]).not.toHaveProperty('TotalCount')
    const page3 = await call<Order[]>('/api/billing/orders', { PageIndex: 3, PageSize: 5 }, s.token)
    expect(page3.data?.length).toBe(2)
    expect(page3.data?.at(-1)?.OrderNo).toBe(order.OrderNo)
    const empty = await call<Order[]>('/api/billing/orders', { PageIndex: 9 }, s.token)
    expect(empty.data).toEqual([])
    const bad = await call('/api/billing/order', { OrderNo: 'x' }, s.token)
    expect(bad.ResultCode).toBe('10002')
  })

  it('creates one order for the same request sent twice (a client retry)', async () => {
    const s = await shop()
    const body = t.seal({ PlanCode: 'vin_month' })
    const first = await t.post('/api/billing/createorder', body, { token: s.token })
    const again = await t.post('/api/billing/createorder', body, { token: s.token })
    expect(first.ResultCode).toBe('10000')
    expect(again.raw).toEqual(first.raw)
    const orders = await call<Order[]>('/api/billing/orders', {}, s.token)
    expect(orders.data?.map((o) => o.OrderNo)).toEqual([(first.data as Order).OrderNo])
  })

  it('cancels once: the same request twice and ten at once end in one 已取消 and one coupon release', async () => {
    const s = await shop()
    const couponId = await grant(s.companyId, { kind: 'percent', percent: 80, title: '8折' })
    const order = await createOrder(s.token, 'vin_month', couponId)
    expect(order.AmountFen).toBe(15_920)
    const body = t.seal({ OrderNo: order.OrderNo })
    const first = await t.post('/api/billing/cancelorder', body, { token: s.token })
    const again = await t.post('/api/billing/cancelorder', body, { token: s.token })
    expect(first.ResultCode).toBe('10000')
    expect(again.raw).toEqual(first.raw)
    expect((await couponRow(couponId)).state).toBe('unused')

    const other = await createOrder(s.token, 'vin_year', couponId)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call<Order>('/api/billing/cancelorder', { OrderNo: other.OrderNo }, s.token),
      ),
    )
    expect(answers.map((a) => [a.ResultCode, a.data?.State])).toEqual(
      Array.from({ length: 10 }, () => ['10000', '已取消']),
    )
    expect(await couponRow(couponId)).toMatchObject({ state: 'unused', order_id: null })
    const rows = await t.ctx.db.kysely
      .selectFrom('orders')
      .select('state')
      .where('company_id', '=', s.companyId)
      .execute()
    expect(rows.map((r) => r.state)).toEqual(['已取消', '已取消'])
  })

  it('reserves a coupon for one of ten orders created at once', async () => {
    const s = await shop()
    const couponId = await grant(s.companyId, {})
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call<Order>('/api/billing/createorder', { PlanCode: 'vin_month', CouponId: couponId }, s.token),
      ),
    )
    const made = answers.filter((a) => a.ResultCode === '10000')
    expect(made).toHaveLength(1)
    expect(answers.filter((a) => a.ResultMsg === '优惠券不可用')).toHaveLength(9)
    expect(await couponRow(couponId)).toMatchObject({ state: 'reserved' })
    const orders = await call<Order[]>('/api/billing/orders', {}, s.token)
    expect(orders.data?.map((o) => o.OrderNo)).toEqual([made[0]?.data?.OrderNo])
  })

  it('lets only the owner buy or cancel; staff see 10001, another company 10004', async () => {
    const s = await shop()
    const order = await createOrder(s.token, 'vin_month')
    const staffMobile = `137${String(Date.now() % 100_000_000).padStart(8, '0')}`
    await addStaff(t, s.companyId, staffMobile)
    const staff = await t.login(staffMobile, s.password)
    for (const [path, payload] of [
      ['/api/billing/createorder', { PlanCode: 'vin_month' }],
      ['/api/billing/cancelorder', { OrderNo: order.OrderNo }],
    ] as const) {
      const answer = await call(path, payload, staff)
      expect([answer.ResultCode, answer.ResultMsg]).toEqual(['10001', '只有企业主账号可以购买或取消订单'])
    }
    expect([(await entitlement(s.token)).IsOwner, (await entitlement(staff)).IsOwner]).toEqual([true, false])
    // Staff may read the company's orders.
    expect((await call<Order>('/api/billing/order', { OrderNo: order.OrderNo }, staff)).data?.State).toBe(
      '待支付',
    )

    const stranger = await shop()
    const couponId = await grant(s.companyId, {})
    for (const [path, payload] of [
      ['/api/billing/order', { OrderNo: order.OrderNo }],
      ['/api/billing/cancelorder', { OrderNo: order.OrderNo }],
      ['/api/billing/createorder', { PlanCode: 'vin_month', CouponId: couponId }],
    ] as const) {
      const answer = await call(path, payload, stranger.token)
      expect([path, answer.ResultCode]).toEqual([path, '10004'])
    }
    const theirs = await call<Coupon[]>('/api/billing/coupons', {}, stranger.token)
    expect(theirs.data).toEqual([])
    const mine = await call<Order[]>('/api/billing/orders', {}, stranger.token)
    expect(mine.data).toEqual([])
    expect((await couponRow(couponId)).state).toBe('unused')
  })

  it('closes unpaid orders after 15 minutes, when read and by the sweep, releasing their coupons', async () => {
    const s = await shop()
    const c1 = await grant(s.companyId, {})
    const c2 = await grant(s.companyId, {})
    const read = await createOrder(s.token, 'vin_month', c1)
    const swept = await createOrder(s.token, 'vin_month', c2)
    t.clock.advance(15 * 60_000 - 1)
    expect((await call<Order>('/api/billing/order', { OrderNo: read.OrderNo }, s.token)).data?.State).toBe(
      '待支付',
    )
    t.clock.advance(1)
    expect(await billing.closeDue()).toBeGreaterThanOrEqual(2)
    expect(await billing.closeDue()).toBe(0)
    const shown = await call<Order>('/api/billing/order', { OrderNo: read.OrderNo }, s.token)
    expect(shown.data?.State).toBe('已关闭')
    expect((await call<Order>('/api/billing/order', { OrderNo: swept.OrderNo }, s.token)).data?.State).toBe(
      '已关闭',
    )
    expect((await couponRow(c1)).state).toBe('unused')
    expect((await couponRow(c2)).state).toBe('unused')
    const cancel = await call('/api/billing/cancelorder', { OrderNo: read.OrderNo }, s.token)
    expect([cancel.ResultCode, cancel.ResultMsg]).toEqual(['10001', '只有待支付的订单可以取消'])

    // Lazily, without the sweep: the company's own read closes it.
    const lazy = await createOrder(s.token, 'vin_year')
    t.clock.advance(15 * 60_000)
    const list = await call<Order[]>('/api/billing/orders', {}, s.token)
    expect(list.data?.find((o) => o.OrderNo === lazy.OrderNo)?.State).toBe('已关闭')
  })

  it('marks an order paid exactly once for ten notifies at once; early renewal extends from the end', async () => {
    const s = await shop({ serviceDays: 7 })
    const trialEnd = t.clock.now() + 7 * DAY
    const couponId = await grant(s.companyId, {
      kind: 'extra_days',
      days: 5,
      threshold_fen: 0,
      title: '送5天',
    })
    const order = await createOrder(s.token, 'vin_month', couponId)
    expect(order).toMatchObject({ AmountFen: 19_900, ExtraDays: 5 })
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => billing.markPaid(order.OrderNo, 'wechat', 19_900, 'WX0001')),
    )
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1)
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(9)
    const db = t.ctx.db.kysely
    const services = await db
      .selectFrom('services')
      .selectAll()
      .where('company_id', '=', s.companyId)
      .where('kind', '=', 'paid')
      .execute()
    expect(services).toHaveLength(1)
    expect([services[0]?.starts_at, services[0]?.ends_at]).toEqual([trialEnd, trialEnd + 35 * DAY])
    expect(await couponRow(couponId)).toMatchObject({ state: 'used' })
    const shown = await call<Order>('/api/billing/order', { OrderNo: order.OrderNo }, s.token)
    expect(shown.data?.State).toBe(OrderState.effective)
    expect((await entitlement(s.token)).ServiceEndsAt).toBe(trialEnd + 35 * DAY)
    const payments = await db
      .selectFrom('payments')
      .selectAll()
      .where('order_no', '=', order.OrderNo)
      .execute()
    expect(payments.map((p) => p.outcome)).toEqual(['applied'])

    // A second early renewal chains on, and a paid order cannot be cancelled.
    const more = await createOrder(s.token, 'vin_quarter')
    expect(await billing.markPaid(more.OrderNo, 'alipay', 53_800, 'ALI0001')).toBe('applied')
    expect((await entitlement(s.token)).ServiceEndsAt).toBe(trialEnd + 125 * DAY)
    const cancel = await call('/api/billing/cancelorder', { OrderNo: more.OrderNo }, s.token)
    expect(cancel.ResultCode).toBe('10001')
    expect(await billing.markPaid(more.OrderNo, 'alipay', 53_801, 'ALI0002')).toBe('amount_mismatch')
    // A second, different payment of a paid order is money to give back, on the channel that paid it too.
    expect(await billing.markPaid(more.OrderNo, 'wechat', 53_800, 'WX0002')).toBe('refund_needed')
    expect(await billing.markPaid(more.OrderNo, 'alipay', 53_800, 'ALI0004')).toBe('refund_needed')
    expect(
      await db
        .selectFrom('payments')
        .select(['trade_no', 'outcome'])
        .where('order_no', '=', more.OrderNo)
        .orderBy('id')
        .execute(),
    ).toEqual([
      { trade_no: 'ALI0001', outcome: 'applied' },
      { trade_no: 'WX0002', outcome: 'refund_needed' },
      { trade_no: 'ALI0004', outcome: 'refund_needed' },
    ])
    expect((await entitlement(s.token)).ServiceEndsAt).toBe(trialEnd + 125 * DAY)
    expect(await billing.markPaid('20990101000000000000', 'alipay', 1, 'ALI0003')).toBe('unknown_order')
  })

  it('records a payment for a cancelled or closed order as needing a refund, once, never dropped', async () => {
    const s = await shop()
    const cancelled = await createOrder(s.token, 'vin_month')
    await call('/api/billing/cancelorder', { OrderNo: cancelled.OrderNo }, s.token)
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => billing.markPaid(cancelled.OrderNo, 'wechat', 19_900, 'WX-LATE')),
    )
    expect(new Set(outcomes)).toEqual(new Set(['refund_needed']))
    const closed = await createOrder(s.token, 'vin_year')
    t.clock.advance(15 * 60_000)
    await billing.closeDue()
    expect(await billing.markPaid(closed.OrderNo, 'alipay', 198_000, 'ALI-LATE')).toBe('refund_needed')
    const db = t.ctx.db.kysely
    const payments = await db
      .selectFrom('payments')
      .select(['order_no', 'outcome', 'amount_fen'])
      .where('order_no', 'in', [cancelled.OrderNo, closed.OrderNo])
      .orderBy('id')
      .execute()
    expect(payments).toEqual([
      { order_no: cancelled.OrderNo, outcome: 'refund_needed', amount_fen: 19_900 },
      { order_no: closed.OrderNo, outcome: 'refund_needed', amount_fen: 198_000 },
    ])
    const states = await db
      .selectFrom('orders')
      .select('state')
      .where('company_id', '=', s.companyId)
      .execute()
    expect(states.map((r) => r.state).sort()).toEqual(['已关闭', '已取消'])
  })

  it('answers 99998 { reason: expired } once the service ended; billing still works; paying restores it', async () => {
    const s = await shop({ serviceDays: 1 })
    const look = () => call('/api/epc/partsquery', { Codes: ['ABCD1234'] }, s.token)
    expect((await look()).ResultCode).not.toBe('99998')
    t.clock.advance(DAY)
    const refused = await look()
    expect([refused.ResultCode, refused.ResultMsg, refused.data]).toEqual([
      '99998',
      '服务已到期，请续费后使用',
      { reason: 'expired' },
    ])
    // The account area and buying need no service.
    expect((await call('/api/billing/plans', {}, s.token)).ResultCode).toBe('10000')
    expect((await entitlement(s.token)).ServiceActive).toBe(false)
    const order = await createOrder(s.token, 'vin_month')
    expect(await billing.markPaid(order.OrderNo, 'wechat', 19_900, `WX-${order.OrderNo}`)).toBe('applied')
    // Expired: the renewal starts today, not at the old end.
    expect((await entitlement(s.token)).ServiceEndsAt).toBe(t.clock.now() + 30 * DAY)
    expect((await look()).ResultCode).not.toBe('99998')
    t.clock.advance(30 * DAY)
    // The session slid out meanwhile (7 days): signing in works for an ended service.
    const token = await t.login(s.mobile, s.password)
    const after = await call('/api/epc/partsquery', { Codes: ['ABCD1234'] }, token)
    expect([after.ResultCode, after.data]).toEqual(['99998', { reason: 'expired' }])
  })

  it('starts a period bought days after the service ended at the payment, running at once', async () => {
    const s = await shop({ serviceDays: 1 })
    t.clock.advance(3 * DAY)
    const order = await createOrder(s.token, 'vin_month')
    expect(await billing.markPaid(order.OrderNo, 'wechat', 19_900, `WX-${order.OrderNo}`)).toBe('applied')
    const paidAt = t.clock.now()
    expect(await entitlement(s.token)).toMatchObject({
      ServiceEndsAt: paidAt + 30 * DAY,
      ServiceActive: true,
    })
    const shown = await call<Order>('/api/billing/order', { OrderNo: order.OrderNo }, s.token)
    expect([shown.data?.ServiceStart, shown.data?.ServiceEnd]).toEqual([
      beijingTime(paidAt),
      beijingTime(paidAt + 30 * DAY),
    ])
  })

  it('lives on a query pack without a period, one query per metered look-up; a period leaves it alone', async () => {
    const s = await shop({ serviceDays: 0 })
    const pack = await createOrder(s.token, 'query_pack_500')
    await billing.markPaid(pack.OrderNo, 'wechat', 29_900, `WX-${pack.OrderNo}`)
    expect(await entitlement(s.token)).toMatchObject({ QueriesLeft: 500, ServiceActive: false, Seats: 3 })
    // A pack has no service period to show.
    expect((await call<Order>('/api/billing/order', { OrderNo: pack.OrderNo }, s.token)).data).toMatchObject({
      State: '已生效',
      ServiceStart: '',
      ServiceEnd: '',
    })
    await t.ctx.db.kysely
      .updateTable('orders')
      .set({ queries_left: 2 })
      .where('order_no', '=', pack.OrderNo)
      .execute()
    const look = () => call('/api/epc/partsquery', { Codes: ['ABCD1234'] }, s.token)
    expect((await look()).ResultCode).not.toBe('99998')
    expect((await entitlement(s.token)).QueriesLeft).toBe(1)
    // A call that fails its schema uses nothing.
    expect((await call('/api/epc/partsquery', { Codes: [] }, s.token)).ResultCode).toBe('10002')
    expect((await look()).ResultCode).not.toBe('99998')
    expect((await entitlement(s.token)).QueriesLeft).toBe(0)
    t.clock.advance(1_000)
    expect((await look()).data).toEqual({ reason: 'expired' })

    const withPeriod = await shop({ serviceDays: 7 })
    const pack2 = await createOrder(withPeriod.token, 'query_pack_500')
    await billing.markPaid(pack2.OrderNo, 'alipay', 29_900, `ALI-${pack2.OrderNo}`)
    await call('/api/epc/partsquery', { Codes: ['ABCD1234'] }, withPeriod.token)
    expect((await entitlement(withPeriod.token)).QueriesLeft).toBe(500)
  })

  it('takes look-ups from the oldest pack with queries left, then from the next', async () => {
    const s = await shop({ serviceDays: 0 })
    const packs: string[] = []
    for (const i of [0, 1]) {
      const pack = await createOrder(s.token, 'query_pack_500')
      await billing.markPaid(pack.OrderNo, 'wechat', 29_900, `WX-${pack.OrderNo}-${i}`)
      packs.push(pack.OrderNo)
    }
    const [older, newer] = packs as [string, string]
    await t.ctx.db.kysely
      .updateTable('orders')
      .set({ queries_left: 1 })
      .where('order_no', '=', older)
      .execute()
    const look = () => call('/api/epc/partsquery', { Codes: ['ABCD1234'] }, s.token)
    // The older pack's last query, then one of the newer pack's.
    expect((await look()).ResultCode).toBe('10000')
    expect((await look()).ResultCode).toBe('10000')
    expect((await entitlement(s.token)).QueriesLeft).toBe(499)
    // So refunding the newer pack takes back 499 and leaves nothing.
    expect(await new Ops(t.ctx).refund({ order: newer })).toContain('按次包剩余 499 次已清零')
    expect((await entitlement(s.token)).QueriesLeft).toBe(0)
    expect((await look()).data).toEqual({ reason: 'expired' })
  })

  it('takes the last query of a pack once when ten look-ups ask for it at the same moment', async () => {
    const s = await shop({ serviceDays: 0 })
    const pack = await createOrder(s.token, 'query_pack_500')
    await billing.markPaid(pack.OrderNo, 'wechat', 29_900, `WX-${pack.OrderNo}`)
    const db = t.ctx.db.kysely
    await db.updateTable('orders').set({ queries_left: 1 }).where('order_no', '=', pack.OrderNo).execute()
    const taken = await Promise.all(Array.from({ length: 10 }, () => usePackQuery(db, s.companyId)))
    expect(taken.filter(Boolean)).toHaveLength(1)
    expect((await entitlement(s.token)).QueriesLeft).toBe(0)
  })

  it('uses one pack query for a look-up whose same envelope is sent twice and ten times at once (a retry)', async () => {
    const s = await shop({ serviceDays: 0 })
    const pack = await createOrder(s.token, 'query_pack_500')
    await billing.markPaid(pack.OrderNo, 'wechat', 29_900, `WX-${pack.OrderNo}`)
    const sealed = t.seal({ Codes: ['ABCD1234'] })
    const first = await t.post('/api/epc/partsquery', sealed, { token: s.token })
    const again = await t.post('/api/epc/partsquery', sealed, { token: s.token })
    const ten = await Promise.all(
      Array.from({ length: 10 }, () => t.post('/api/epc/partsquery', sealed, { token: s.token })),
    )
    expect(first.ResultCode, first.ResultMsg).toBe('10000')
    for (const answer of [again, ...ten]) expect(answer.raw).toEqual(first.raw)
    expect((await entitlement(s.token)).QueriesLeft).toBe(499)
    // A new envelope is a new look-up and uses another query.
    expect((await call('/api/epc/partsquery', { Codes: ['ABCD1234'] }, s.token)).ResultCode).toBe('10000')
    expect((await entitlement(s.token)).QueriesLeft).toBe(498)
  })

  it('charges a retried envelope refused for want of queries when it comes again with queries bought', async () => {
    const s = await shop({ serviceDays: 0 })
    const sealed = t.seal({ Codes: ['ABCD1234'] })
    const refused = await t.post('/api/epc/partsquery', sealed, { token: s.token })
    expect([refused.ResultCode, refused.data]).toEqual(['99998', { reason: 'expired' }])
    // Copies at once get no free answer from a first copy's refusal either.
    const copies = await Promise.all(
      Array.from({ length: 10 }, () => t.post('/api/epc/partsquery', sealed, { token: s.token })),
    )
    expect(copies.map((c) => c.ResultCode)).toEqual(Array(10).fill('99998'))
    const pack = await createOrder(s.token, 'query_pack_500')
    await billing.markPaid(pack.OrderNo, 'wechat', 29_900, `WX-${pack.OrderNo}`)
    expect((await t.post('/api/epc/partsquery', sealed, { token: s.token })).ResultCode).toBe('10000')
    expect((await entitlement(s.token)).QueriesLeft).toBe(499)
  })

  it('lists coupons as 可用 / 未生效 / 已使用 / 已过期 with the best for a plan marked', async () => {
    const s = await shop()
    const now = t.clock.now()
    const small = await grant(s.companyId, { off_fen: 1_000, title: '满100减10' })
    const big = await grant(s.companyId, { off_fen: 5_000, threshold_fen: 100_000, title: '满1000减50' })
    const old = await grant(s.companyId, { valid_from: now - 10 * DAY, valid_to: now - DAY })
    const later = await grant(s.companyId, { valid_from: now + DAY, valid_to: now + 10 * DAY })
    const used = await grant(s.companyId, { kind: 'percent', percent: 50 })
    const paid = await createOrder(s.token, 'vin_month', used)
    expect(paid.AmountFen).toBe(9_950)
    await billing.markPaid(paid.OrderNo, 'wechat', 9_950, `WX-${paid.OrderNo}`)
    const list = await call<Coupon[]>('/api/billing/coupons', { PlanCode: 'vin_month' }, s.token)
    const byId = new Map(list.data?.map((c) => [c.CouponId, c]))
    expect(byId.get(small)).toMatchObject({ Status: '可用', Applicable: true, Best: true, PayAmount: 189 })
    expect(byId.get(big)).toMatchObject({ Status: '可用', Applicable: false, Best: false })
    expect(byId.get(old)).toMatchObject({ Status: '已过期', Applicable: false })
    // Shown to its last second: the stored end is the first second it no longer applies.
    expect(byId.get(later)).toMatchObject({
      Status: '未生效',
      Applicable: false,
      ValidTo: beijingTime(now + 10 * DAY - 1000),
    })
    expect(byId.get(used)).toMatchObject({ Status: '已使用', Kind: '折扣' })
    const year = await call<Coupon[]>('/api/billing/coupons', { PlanCode: 'vin_year' }, s.token)
    expect(year.data?.find((c) => c.Best)?.CouponId).toBe(big)
    const expiredUse = await call(
      '/api/billing/createorder',
      { PlanCode: 'vin_month', CouponId: old },
      s.token,
    )
    expect(expiredUse.ResultCode).toBe('10001')
  })

  it('offers a coupon from the millisecond it starts, and no more at the one it ends', async () => {
    const s = await shop()
    const now = t.clock.now()
    const starting = await grant(s.companyId, { valid_from: now, valid_to: now + DAY })
    const ending = await grant(s.companyId, { off_fen: 5_000, valid_from: now - DAY, valid_to: now })
    const list = await call<Coupon[]>('/api/billing/coupons', { PlanCode: 'vin_month' }, s.token)
    const byId = new Map(list.data?.map((c) => [c.CouponId, c]))
    expect(byId.get(starting)).toMatchObject({ Status: '可用', Applicable: true, Best: true, PayAmount: 179 })
    expect(byId.get(ending)).toMatchObject({ Status: '已过期', Applicable: false, Best: false })
    const late = await call('/api/billing/createorder', { PlanCode: 'vin_month', CouponId: ending }, s.token)
    expect([late.ResultCode, late.ResultMsg]).toEqual(['10001', '优惠券不可用'])
    expect(await createOrder(s.token, 'vin_month', starting)).toMatchObject({
      AmountFen: 17_900,
      CouponId: starting,
    })
  })

  it('takes no coupon on a free plan, leaving the coupon unused', async () => {
    const s = await shop()
    const couponId = await grant(s.companyId, { threshold_fen: 0 })
    const list = await call<Coupon[]>('/api/billing/coupons', { PlanCode: 'data_items_trial' }, s.token)
    expect(list.data?.find((c) => c.CouponId === couponId)).toMatchObject({ Applicable: false, Best: false })
    const refused = await call(
      '/api/billing/createorder',
      { PlanCode: 'data_items_trial', CouponId: couponId },
      s.token,
    )
    expect([refused.ResultCode, refused.ResultMsg]).toEqual(['10001', '优惠券不可用'])
    expect(await couponRow(couponId)).toMatchObject({ state: 'unused', order_id: null })
    expect(await createOrder(s.token, 'data_items_trial')).toMatchObject({ State: '已生效', AmountFen: 0 })
  })

  it('counts a bought seat for 365 days from the payment', async () => {
    const s = await shop()
    const seat = await createOrder(s.token, 'extra_seat')
    await billing.markPaid(seat.OrderNo, 'wechat', 36_000, `WX-${seat.OrderNo}`)
    const paidAt = t.clock.now()
    const shown = await call<Order>('/api/billing/order', { OrderNo: seat.OrderNo }, s.token)
    expect([shown.data?.ServiceStart, shown.data?.ServiceEnd]).toEqual([
      beijingTime(paidAt),
      beijingTime(paidAt + 365 * DAY),
    ])
    t.clock.advance(365 * DAY - 1)
    const token = await t.login(s.mobile, s.password)
    expect((await entitlement(token)).Seats).toBe(4)
    t.clock.advance(1)
    expect((await entitlement(token)).Seats).toBe(3)
  })

  it('gives the 100-item data trial at once, once per company', async () => {
    const s = await shop()
    const trial = await createOrder(s.token, 'data_items_trial')
    expect(trial).toMatchObject({ State: '已生效', AmountFen: 0 })
    expect((await entitlement(s.token)).ItemsLeft).toBe(100)
    const again = await call('/api/billing/createorder', { PlanCode: 'data_items_trial' }, s.token)
    expect([again.ResultCode, again.ResultMsg]).toEqual(['10001', '该试用套餐每个企业只能领取一次'])
    const seat = await createOrder(s.token, 'extra_seat')
    await billing.markPaid(seat.OrderNo, 'wechat', 36_000, `WX-${seat.OrderNo}`)
    expect((await entitlement(s.token)).Seats).toBe(4)
  })

  it('gives the data trial once for a claim sent twice and ten times at once, each a new envelope', async () => {
    const s = await shop()
    const claim = () => call<Order>('/api/billing/createorder', { PlanCode: 'data_items_trial' }, s.token)
    const answers = await Promise.all(Array.from({ length: 10 }, claim))
    const made = answers.filter((a) => a.ResultCode === '10000')
    expect(made).toHaveLength(1)
    expect(made[0]?.data).toMatchObject({ State: '已生效', AmountFen: 0 })
    for (const a of answers.filter((x) => x.ResultCode !== '10000')) {
      expect([a.ResultCode, a.ResultMsg]).toEqual(['10001', BillingMessages.freePlanTaken])
    }
    const again = await claim()
    expect([again.ResultCode, again.ResultMsg]).toEqual(['10001', BillingMessages.freePlanTaken])
    const trials = await t.ctx.db.kysely
      .selectFrom('orders')
      .select(['state', 'items_left'])
      .where('company_id', '=', s.companyId)
      .where('plan_code', '=', 'data_items_trial')
      .execute()
    expect(trials).toEqual([{ state: '已生效', items_left: 100 }])
    expect((await entitlement(s.token)).ItemsLeft).toBe(100)
  })
})

describe.each(dbKinds)('authorization of billing on %s', (kind) => {
  let t: TestApp
  let billing: BillingService
  let owner: Awaited<ReturnType<typeof signedInCompany>>
  let stranger: Awaited<ReturnType<typeof signedInCompany>>
  let staff: string
  /** The first company's rows the calls name: a pending and a paid order, a coupon, a renewal notice. */
  let pending: string
  let paid: string
  let couponId: number
  let noticeId: number
  const call = <T>(path: string, payload: object, token?: string) => t.call<T>(path, payload, { token })
  const invoice = (OrderNo: string) => ({
    OrderNo,
    Kind: '普通发票',
    Title: '甲汽修有限公司',
    TaxNo: '91110000MA01ABCD2X',
    Email: 'caiwu@example.com',
  })

  /** Every billing row of a company, to show a refused call changed none of them. */
  async function rowsOf(companyId: number) {
    const db = t.ctx.db.kysely
    const of = (table: 'orders' | 'coupons' | 'notices' | 'invoices') =>
      db
        .selectFrom(table as 'orders')
        .selectAll()
        .where('company_id', '=', companyId)
        .orderBy('id')
        .execute()
    const payments = db
      .selectFrom('payments')
      .selectAll()
      .where('order_no', 'in', (eb) =>
        eb.selectFrom('orders').select('order_no').where('company_id', '=', companyId),
      )
      .orderBy('id')
      .execute()
    return JSON.stringify(
      await Promise.all([of('orders'), of('coupons'), of('notices'), of('invoices'), payments]),
    )
  }

  beforeAll(async () => {
    t = await startTestApp(kind)
    billing = new BillingService(t.ctx)
    // A 3-day trial: reading the notices writes its renewal reminder, a notice of the company's.
    owner = await signedInCompany(t, { serviceDays: 3 })
    stranger = await signedInCompany(t)
    const staffMobile = `135${String(Date.now() % 100_000_000).padStart(8, '0')}`
    await addStaff(t, owner.companyId, staffMobile)
    staff = await t.login(staffMobile, owner.password)
    // Before anything is paid (a payment moves the service end past the reminder's 7 days).
    const notices = await call<{ Id: number }[]>('/api/billing/notices', {}, owner.token)
    noticeId = notices.data?.[0]?.Id as number
    expect(noticeId).toBeGreaterThan(0)
    pending = (
      await call<{ OrderNo: string }>('/api/billing/createorder', { PlanCode: 'vin_month' }, owner.token)
    ).data?.OrderNo as string
    paid = (
      await call<{ OrderNo: string }>('/api/billing/createorder', { PlanCode: 'vin_month' }, owner.token)
    ).data?.OrderNo as string
    expect(await billing.markPaid(paid, 'wechat', 19_900, `WX-${paid}`)).toBe('applied')
    couponId = await grantCoupon(t, owner.companyId)
  }, 180_000)
  afterAll(() => t.close())

  it('answers another company 10004 for the first’s orders, coupons and notices, changing none of them', async () => {
    const before = await rowsOf(owner.companyId)
    for (const [path, payload] of [
      ['/api/billing/order', { OrderNo: pending }],
      ['/api/billing/order', { OrderNo: paid }],
      ['/api/billing/cancelorder', { OrderNo: pending }],
      ['/api/billing/transfer', { OrderNo: pending }],
      ['/api/billing/invoice', invoice(paid)],
      ['/api/billing/readnotice', { Id: noticeId }],
      ['/api/billing/createorder', { PlanCode: 'vin_month', CouponId: couponId }],
    ] as const) {
      const answer = await call(path, payload, stranger.token)
      expect([path, answer.ResultCode, answer.ResultMsg]).toEqual([path, '10004', '数据不存在或无权访问'])
    }
    expect(await rowsOf(owner.companyId)).toBe(before)
    // Its own lists hold nothing of the first company's.
    expect((await call('/api/billing/orders', {}, stranger.token)).data).toEqual([])
    expect((await call('/api/billing/coupons', {}, stranger.token)).data).toEqual([])
    const notices = await call<{ Id: number }[]>('/api/billing/notices', {}, stranger.token)
    expect(notices.data?.map((n) => n.Id)).not.toContain(noticeId)
  })

  it('refuses a staff member every buying call with 10001, changing nothing; staff may read', async () => {
    const before = await rowsOf(owner.companyId)
    for (const [path, payload] of [
      ['/api/billing/createorder', { PlanCode: 'vin_month' }],
      ['/api/billing/createorder', { PlanCode: 'vin_month', CouponId: couponId }],
      ['/api/billing/createorder', { PlanCode: 'data_items_trial' }],
      ['/api/billing/cancelorder', { OrderNo: pending }],
      ['/api/billing/transfer', { OrderNo: pending }],
      ['/api/billing/invoice', invoice(paid)],
    ] as const) {
      const answer = await call(path, payload, staff)
      expect([path, answer.ResultCode, answer.ResultMsg]).toEqual([path, '10001', BillingMessages.ownerOnly])
    }
    expect(await rowsOf(owner.companyId)).toBe(before)
    const orders = await call<{ OrderNo: string }[]>('/api/billing/orders', {}, staff)
    expect(orders.data?.map((o) => o.OrderNo).sort()).toEqual([pending, paid].sort())
    expect((await call<{ State: string }>('/api/billing/order', { OrderNo: paid }, staff)).data?.State).toBe(
      '已生效',
    )
    expect((await call<{ CouponId: number }[]>('/api/billing/coupons', {}, staff)).data?.[0]?.CouponId).toBe(
      couponId,
    )
    expect((await call<Entitlement>('/api/billing/entitlement', {}, staff)).data?.IsOwner).toBe(false)
  })

  it('refuses every billing call but the return page without a login, changing nothing', async () => {
    const before = await rowsOf(owner.companyId)
    await expectNotLoggedIn(t, [
      ['/api/billing/plans', {}],
      ['/api/billing/entitlement', {}],
      ['/api/billing/createorder', { PlanCode: 'vin_month' }],
      ['/api/billing/orders', {}],
      ['/api/billing/order', { OrderNo: pending }],
      ['/api/billing/cancelorder', { OrderNo: pending }],
      ['/api/billing/coupons', {}],
      ['/api/billing/pay', { OrderNo: pending, Channel: 'alipay' }],
      ['/api/billing/transfer', { OrderNo: pending }],
      ['/api/billing/invoice', invoice(paid)],
      ['/api/billing/notices', {}],
      ['/api/billing/readnotice', { Id: noticeId }],
    ])
    expect(await rowsOf(owner.companyId)).toBe(before)
  })
})
