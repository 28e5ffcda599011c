// What follows an order on real databases: 对公转账 (our account shown, 7 days to pay, the operator's
// mark-paid), invoice requests on paid orders (both kinds, once, the same request again), the renewal
// reminders 7 days and 1 day before the service ends (once each, read and gone, another company's untouched),
// and what the operator's refund leaves of a period or a seat.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addStaff, signedInCompany } from '../../../test/factories'
import { dbKinds, startTestApp, type TestApp } from '../../../test/helper'
import { beijingTime } from '../../clock'
import { Ops } from '../ops/ops'
import { BillingService } from './billing.service'

const DAY = 86_400_000
const MINUTE = 60_000

interface Order {
  OrderNo: string
  State: string
  PayChannels: string[]
  ExpireAt: number
  TransferAccount: { Name: string; Bank: string; Account: string; Remark: string } | null
  Invoice: Record<string, string> | null
  Channel: string
}
interface Notice {
  Id: number
  Kind: string
  Title: string
  Body: string
}

const plainInvoice = {
  Kind: '普通发票',
  Title: '深圳市某某汽车维修有限公司',
  TaxNo: '91440300MA5ABCDE1X',
  Email: 'cw@example.cn',
}
const specialInvoice = {
  ...plainInvoice,
  Kind: '增值税专用发票',
  Address: '深圳市宝安区西乡街道 1 号',
  Phone: '0755-12345678',
  Bank: '招商银行深圳西乡支行',
  BankAccount: '755900000000001',
}

describe.each(dbKinds)('after an order on %s', (kind) => {
  let t: TestApp
  let billing: BillingService
  const call = <T>(path: string, payload: object, token: string) => t.call<T>(path, payload, { token })
  const shop = (opts: { serviceDays?: number } = {}) => signedInCompany(t, opts)
  const order = async (token: string, PlanCode = 'vin_month') => {
    const answer = await call<Order>('/api/billing/createorder', { PlanCode }, token)
    return answer.data as Order
  }
  const paid = async (token: string) => {
    const o = await order(token)
    expect(await billing.markPaid(o.OrderNo, 'wechat', 19_900, `WX-${o.OrderNo}`)).toBe('applied')
    return o
  }

  beforeAll(async () => {
    t = await startTestApp(kind)
    billing = new BillingService(t.ctx)
  })
  afterAll(() => t.close())

  it('对公转账 shows our account with the order number as remark and waits 7 days; the operator marks it paid', async () => {
    const s = await shop()
    const o = await order(s.token)
    expect(o.TransferAccount).toBeNull()
    const sent = await Promise.all(
      Array.from({ length: 10 }, () => call<Order>('/api/billing/transfer', { OrderNo: o.OrderNo }, s.token)),
    )
    for (const answer of sent) {
      expect(answer.data).toMatchObject({
        State: '待支付',
        PayChannels: ['transfer'],
        ExpireAt: o.ExpireAt - 15 * MINUTE + 7 * DAY,
        TransferAccount: { Name: t.ctx.config.transferAccount?.name, Remark: o.OrderNo },
      })
    }
    // Past the 15 minutes of an online payment the transfer order is still open.
    t.clock.advance(2 * DAY)
    const later = await call<Order>('/api/billing/order', { OrderNo: o.OrderNo }, s.token)
    expect(later.data?.State).toBe('待支付')
    const ops = new Ops(t.ctx)
    expect((await ops.markPaid({ order: o.OrderNo, trade: 'HK20261125001' }))[0]).toContain('已生效')
    const done = await call<Order>('/api/billing/order', { OrderNo: o.OrderNo }, s.token)
    expect(done.data).toMatchObject({ State: '已生效', Channel: 'transfer' })
  })

  it('对公转账 asked for minutes after the order waits 7 days from its creation, not from the request', async () => {
    const s = await shop()
    const o = await order(s.token)
    t.clock.advance(10 * MINUTE)
    const sent = await call<Order>('/api/billing/transfer', { OrderNo: o.OrderNo }, s.token)
    const due = o.ExpireAt - 15 * MINUTE + 7 * DAY
    expect(sent.data).toMatchObject({ State: '待支付', ExpireAt: due })
    t.clock.advance(due - t.clock.now() - 1)
    const token = await t.login(s.mobile, s.password)
    expect((await call<Order>('/api/billing/order', { OrderNo: o.OrderNo }, token)).data?.State).toBe(
      '待支付',
    )
    t.clock.advance(MINUTE)
    expect((await call<Order>('/api/billing/order', { OrderNo: o.OrderNo }, token)).data?.State).toBe(
      '已关闭',
    )
  })

  it('对公转账 is refused for a closed order, by staff, and when no account is configured', async () => {
    const s = await shop()
    const o = await order(s.token)
    t.clock.advance(16 * MINUTE)
    const late = await call('/api/billing/transfer', { OrderNo: o.OrderNo }, s.token)
    expect([late.ResultCode, late.ResultMsg]).toEqual(['10001', '订单已关闭，请重新下单'])

    const fresh = await order(s.token)
    const staffMobile = `136${String(Date.now() % 100_000_000).padStart(8, '0')}`
    await addStaff(t, s.companyId, staffMobile)
    const staff = await t.login(staffMobile, s.password)
    const byStaff = await call('/api/billing/transfer', { OrderNo: fresh.OrderNo }, staff)
    expect(byStaff.ResultCode).toBe('10001')
    const stranger = await shop()
    expect((await call('/api/billing/transfer', { OrderNo: fresh.OrderNo }, stranger.token)).ResultCode).toBe(
      '10004',
    )

    const withoutAccount = new BillingService({ ...t.ctx, config: { transferAccount: null } })
    const caller = { companyId: s.companyId, accountId: 0, isOwner: true } as Parameters<
      BillingService['transfer']
    >[0]
    await expect(withoutAccount.transfer(caller, fresh.OrderNo)).rejects.toMatchObject({
      message: '暂不支持对公转账',
    })
    const untouched = await call<Order>('/api/billing/order', { OrderNo: fresh.OrderNo }, s.token)
    expect(untouched.data?.PayChannels).toEqual([])
  })

  it('records an invoice on a paid order once; the same request again answers it; another is refused', async () => {
    const s = await shop()
    const unpaid = await order(s.token)
    const early = await call('/api/billing/invoice', { OrderNo: unpaid.OrderNo, ...plainInvoice }, s.token)
    expect([early.ResultCode, early.ResultMsg]).toEqual(['10001', '只有已支付的订单可以申请发票'])

    const o = await paid(s.token)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call<Order>('/api/billing/invoice', { OrderNo: o.OrderNo, ...specialInvoice }, s.token),
      ),
    )
    for (const a of answers) {
      expect(a.ResultCode).toBe('10000')
      expect(a.data?.Invoice).toMatchObject({ ...specialInvoice, State: '待开票' })
    }
    const other = await call('/api/billing/invoice', { OrderNo: o.OrderNo, ...plainInvoice }, s.token)
    expect([other.ResultCode, other.ResultMsg]).toEqual(['10001', '该订单已申请发票'])
    const rows = await t.ctx.db.kysely
      .selectFrom('invoices')
      .selectAll()
      .where('company_id', '=', s.companyId)
      .execute()
    expect(rows.length).toBe(1)
    const listed = await call<Order[]>('/api/billing/orders', {}, s.token)
    expect(listed.data?.find((x) => x.OrderNo === o.OrderNo)?.Invoice?.Title).toBe(plainInvoice.Title)
  })

  it('refuses an invoice for a cancelled or a refunded order', async () => {
    const s = await shop()
    const cancelled = await order(s.token)
    await call('/api/billing/cancelorder', { OrderNo: cancelled.OrderNo }, s.token)
    const refunded = await paid(s.token)
    await new Ops(t.ctx).refund({ order: refunded.OrderNo })
    for (const o of [cancelled, refunded]) {
      const answer = await call('/api/billing/invoice', { OrderNo: o.OrderNo, ...plainInvoice }, s.token)
      expect([answer.ResultCode, answer.ResultMsg]).toEqual(['10001', '只有已支付的订单可以申请发票'])
    }
    const rows = await t.ctx.db.kysely
      .selectFrom('invoices')
      .select('id')
      .where('company_id', '=', s.companyId)
      .execute()
    expect(rows).toEqual([])
  })

  it('checks an invoice by its kind: a 专用发票 needs the bank details; a 普通发票 keeps none', async () => {
    const s = await shop()
    const o = await paid(s.token)
    const missing = await call(
      '/api/billing/invoice',
      { ...specialInvoice, OrderNo: o.OrderNo, Bank: '' },
      s.token,
    )
    expect([missing.ResultCode, missing.ResultMsg]).toEqual(['10002', '请填写开户银行'])
    const badTax = await call(
      '/api/billing/invoice',
      { ...plainInvoice, OrderNo: o.OrderNo, TaxNo: '123' },
      s.token,
    )
    expect([badTax.ResultCode, badTax.ResultMsg]).toEqual(['10002', '税号应为15至20位数字或大写字母'])
    const badMail = await call(
      '/api/billing/invoice',
      { ...plainInvoice, OrderNo: o.OrderNo, Email: 'cw' },
      s.token,
    )
    expect(badMail.ResultCode).toBe('10002')
    expect(
      await t.ctx.db.kysely
        .selectFrom('invoices')
        .select('id')
        .where('company_id', '=', s.companyId)
        .execute(),
    ).toEqual([])
    const plain = await call<Order>(
      '/api/billing/invoice',
      { ...specialInvoice, Kind: '普通发票', OrderNo: o.OrderNo },
      s.token,
    )
    expect(plain.data?.Invoice).toMatchObject({ Kind: '普通发票', Address: '', Bank: '', BankAccount: '' })
    const stranger = await shop()
    const theirs = await call('/api/billing/invoice', { ...plainInvoice, OrderNo: o.OrderNo }, stranger.token)
    expect(theirs.ResultCode).toBe('10004')
  })

  it('reminds 7 days and 1 day before the service ends, once each; read notices are gone', async () => {
    const s = await shop({ serviceDays: 10 })
    const other = await shop({ serviceDays: 30 })
    const notices = async (token = s.token) =>
      (await call<Notice[]>('/api/billing/notices', {}, token)).data as Notice[]
    expect(await notices()).toEqual([])
    t.clock.advance(3 * DAY + MINUTE)
    await billing.remindRenewals()
    await billing.remindRenewals()
    const week = await notices()
    // The factory's company is in its trial: told so, and to buy.
    expect(week.map((n) => [n.Kind, n.Title])).toEqual([['renewal_7', '试用将在 7 天内到期']])
    expect(week[0]?.Body).toContain('您的免费试用将于')
    expect(week[0]?.Body).toContain('请及时购买服务')
    expect(await notices(other.token)).toEqual([])

    t.clock.advance(6 * DAY)
    const both = await notices()
    expect(both.map((n) => n.Kind)).toEqual(['renewal_1', 'renewal_7'])
    for (const n of both)
      expect((await call('/api/billing/readnotice', { Id: n.Id }, s.token)).ResultCode).toBe('10000')
    expect(await notices()).toEqual([])
    // Reading again, or another company's notice, changes nothing.
    expect((await call('/api/billing/readnotice', { Id: both[0]?.Id ?? 0 }, s.token)).ResultCode).toBe(
      '10000',
    )
    expect((await call('/api/billing/readnotice', { Id: both[0]?.Id ?? 0 }, other.token)).ResultCode).toBe(
      '10004',
    )

    // A renewal moves the end: the new end gets its own reminders later, none at once.
    await paid(s.token)
    expect(await notices()).toEqual([])
    t.clock.advance(25 * DAY)
    const token = await t.login(s.mobile, s.password)
    const renewal = await notices(token)
    expect(renewal.map((n) => [n.Kind, n.Title])).toEqual([['renewal_7', '服务将在 7 天内到期']])
    expect(renewal[0]?.Body).toContain('请及时续费')
  })

  it('reminds with exactly 7 days left and with exactly 1 day left, and not for a service already ended', async () => {
    const s = await shop({ serviceDays: 7 })
    const kinds = async (token = s.token) =>
      ((await call<Notice[]>('/api/billing/notices', {}, token)).data as Notice[]).map((n) => n.Kind)
    expect(await kinds()).toEqual(['renewal_7'])
    t.clock.advance(6 * DAY)
    expect(await kinds()).toEqual(['renewal_1', 'renewal_7'])
    const ended = await shop({ serviceDays: 0 })
    expect(await kinds(ended.token)).toEqual([])
  })

  it('refunds a period that has already ended without moving its end', async () => {
    const s = await shop({ serviceDays: 0 })
    const o = await paid(s.token)
    const end = t.clock.now() + 30 * DAY
    t.clock.advance(40 * DAY)
    const token = await t.login(s.mobile, s.password)
    const lines = await new Ops(t.ctx).refund({ order: o.OrderNo })
    expect(lines[0]).toContain('已生效 → 退款中 → 已退款，退款 ¥199.00')
    const e = await call<{ ServiceEndsAt: number; ServiceActive: boolean }>(
      '/api/billing/entitlement',
      {},
      token,
    )
    expect(e.data).toMatchObject({ ServiceEndsAt: end, ServiceActive: false })
  })

  it('refunds a seat: the seat is gone and the order shows its period ended at the refund', async () => {
    const s = await shop()
    const seat = await order(s.token, 'extra_seat')
    expect(await billing.markPaid(seat.OrderNo, 'wechat', 36_000, `WX-${seat.OrderNo}`)).toBe('applied')
    t.clock.advance(10 * DAY)
    const token = await t.login(s.mobile, s.password)
    expect(await new Ops(t.ctx).refund({ order: seat.OrderNo })).toContain('加购的 1 个子账号席位已收回')
    const e = await call<{ Seats: number }>('/api/billing/entitlement', {}, token)
    expect(e.data?.Seats).toBe(3)
    const shown = await call<Order & { ServiceEnd: string }>(
      '/api/billing/order',
      { OrderNo: seat.OrderNo },
      token,
    )
    expect(shown.data).toMatchObject({ State: '已退款', ServiceEnd: beijingTime(t.clock.now()) })
  })

  it('shows a reminder not yet read no more once the service is bought past the end it names', async () => {
    const s = await shop({ serviceDays: 5 })
    const notices = async () => (await call<Notice[]>('/api/billing/notices', {}, s.token)).data as Notice[]
    expect((await notices()).map((n) => n.Kind)).toEqual(['renewal_7'])
    await paid(s.token)
    expect(await notices()).toEqual([])
  })
})
