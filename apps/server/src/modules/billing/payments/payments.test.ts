// Paying orders with the real Alipay and WeChat Pay providers against the local fake platform, over HTTP on
// real databases: good notifies take effect once (ten at once too), forged, altered, stale or foreign ones
// change nothing, a late payment of a closed order is recorded for refund, a lost notify is settled by the
// trade query (on read and before closing), the return page needs no login and tells only the state, and
// the fake gateways refuse what the real ones refuse.
import { BillingMessages, Messages } from '@epc/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../../../../scripts/free-port.mjs'
import { addStaff, createCompanyAccount, FACTORY_PASSWORD } from '../../../../test/factories'
import { dbKinds, startTestApp, type TestApp } from '../../../../test/helper'
import type { FakeNotify, FakePayPlatform, FakeTrade } from '../../fakepay/fake-platform'
import { BillingService } from '../billing.service'

const MINUTE = 60_000
const DAY = 86_400_000

interface Order {
  OrderNo: string
  State: string
  AmountFen: number
  ExpireAt: number
}
interface Paying {
  OrderNo: string
  Channel: string
  PayUrl: string
  CodeUrl: string
  ExpireAt: number
}
interface Entitlement {
  ServiceEndsAt: number
}

describe.each(dbKinds)('paying orders on %s', (kind) => {
  let t: TestApp
  let fake: FakePayPlatform
  let base: string

  beforeAll(async () => {
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    t = await startTestApp(kind, { config: { payments: { platform: 'fake' }, publicUrl: base } })
    // The providers call the platform over HTTP, and the fake sends its notifies over HTTP: the app listens.
    await t.app.listen({ port, host: '127.0.0.1' })
    if (!t.app.fakePay) throw new Error('the fake platform is not mounted')
    fake = t.app.fakePay
  })
  afterAll(() => t.close())

  const shop = async () => {
    const account = await createCompanyAccount(t)
    return { ...account, token: await t.login(account.mobile, account.password) }
  }
  const createOrder = async (token: string, PlanCode = 'vin_month') => {
    const answer = await t.call<Order>('/api/billing/createorder', { PlanCode }, { token })
    if (!answer.data) throw new Error(answer.ResultMsg)
    return answer.data
  }
  const pay = (token: string, OrderNo: string, Channel: string) =>
    t.call<Paying>('/api/billing/pay', { OrderNo, Channel }, { token })
  const read = async (token: string, OrderNo: string) =>
    (await t.call<Order>('/api/billing/order', { OrderNo }, { token })).data as Order
  const serviceEnd = async (token: string) =>
    ((await t.call<Entitlement>('/api/billing/entitlement', {}, { token })).data as Entitlement).ServiceEndsAt
  /** The order's state as stored, without the trade query a read through the API may make. */
  const stateOf = async (orderNo: string) =>
    (
      await t.ctx.db.kysely
        .selectFrom('orders')
        .select('state')
        .where('order_no', '=', orderNo)
        .executeTakeFirstOrThrow()
    ).state
  const payments = (orderNo: string) =>
    t.ctx.db.kysely
      .selectFrom('payments')
      .select(['channel', 'trade_no', 'amount_fen', 'outcome'])
      .where('order_no', '=', orderNo)
      .execute()
  const send = async (notify: { url: string; headers: Record<string, string>; body: string }) => {
    const res = await fetch(notify.url, { method: 'POST', headers: notify.headers, body: notify.body })
    return { status: res.status, body: await res.text() }
  }
  const post = async (path: string, body: object) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: res.status, json: (await res.json()) as Record<string, unknown> }
  }
  /** A shop with an order whose payment was started on a channel; its trade at the fake platform. */
  const started = async (channel: 'alipay' | 'wechat', plan = 'vin_month') => {
    const s = await shop()
    const order = await createOrder(s.token, plan)
    const paying = await pay(s.token, order.OrderNo, channel)
    expect(paying.ResultCode).toBe('10000')
    if (channel === 'alipay') expect((await fetch(paying.data?.PayUrl ?? '')).status).toBe(200)
    const trade = fake.trade(channel, order.OrderNo) as FakeTrade
    expect(trade.state).toBe('open')
    return { ...s, order, paying: paying.data as Paying, trade }
  }
  /** Pays at the fake platform, holding its notify back; answers the notify. */
  const payQuietly = async (channel: 'alipay' | 'wechat', trade: FakeTrade) => {
    const answer =
      channel === 'alipay'
        ? await post('/fakepay/alipay/pay', {
            out_trade_no: trade.outTradeNo,
            result: 'success',
            drop_notify: true,
          })
        : await post('/fakepay/wechat/pay', { code_url: trade.codeUrl, result: 'success', drop_notify: true })
    expect(answer.status).toBe(200)
    return answer.json.notify as FakeNotify
  }

  it('Alipay: page pay → cashier → notify and return; the order takes effect and the service is extended', async () => {
    const s = await shop()
    const before = await serviceEnd(s.token)
    const order = await createOrder(s.token)
    const paying = await pay(s.token, order.OrderNo, 'alipay')
    expect(paying.data).toMatchObject({ OrderNo: order.OrderNo, Channel: 'alipay', CodeUrl: '' })
    expect(paying.data?.PayUrl.startsWith(`${base}/fakepay/alipay/gateway.do?`)).toBe(true)
    const payUrl = new URL(paying.data?.PayUrl ?? '')
    expect(payUrl.searchParams.get('notify_url')).toBe(`${base}/api/pay/notify/alipay`)
    expect(payUrl.searchParams.get('return_url')).toBe(`${base}/payCallback`)
    // The platform's order ends when ours does.
    const biz = JSON.parse(payUrl.searchParams.get('biz_content') ?? '{}')
    expect(Date.parse(`${biz.time_expire.replace(' ', 'T')}+08:00`)).toBe(
      Math.floor((paying.data?.ExpireAt ?? 0) / 1000) * 1000,
    )
    expect(biz.total_amount).toBe('199.00')

    const cashier = await (await fetch(payUrl)).text()
    expect(cashier).toContain('确认付款')
    expect(cashier).toContain('支付失败')
    expect(cashier).toContain('199.00')
    const paid = await fetch(`${base}/fakepay/alipay/cashier`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ out_trade_no: order.OrderNo, result: 'success' }).toString(),
    })
    expect(paid.status).toBe(303)
    const back = new URL(paid.headers.get('location') ?? '')
    expect(`${back.origin}${back.pathname}`).toBe(`${base}/payCallback`)
    const notify = fake.notifies.find((n) => n.outTradeNo === order.OrderNo)
    expect(notify?.answer).toEqual({ status: 200, body: 'success' })

    expect(await read(s.token, order.OrderNo)).toMatchObject({ State: '已生效' })
    expect(await serviceEnd(s.token)).toBe((before ?? 0) + 30 * DAY)
    expect(await payments(order.OrderNo)).toEqual([
      {
        channel: 'alipay',
        trade_no: fake.trade('alipay', order.OrderNo)?.tradeNo,
        amount_fen: 19_900,
        outcome: 'applied',
      },
    ])
    // The return page, without a login: the state and nothing else.
    const result = await t.call('/api/billing/payresult', {
      Channel: 'alipay',
      Params: Object.fromEntries(back.searchParams),
    })
    expect(result.data).toEqual({ State: 'success' })
  })

  it('WeChat: Native code_url → scan page → notify; the order takes effect', async () => {
    const s = await shop()
    const before = await serviceEnd(s.token)
    const order = await createOrder(s.token)
    const paying = await pay(s.token, order.OrderNo, 'wechat')
    expect(paying.data).toMatchObject({ OrderNo: order.OrderNo, Channel: 'wechat', PayUrl: '' })
    const codeUrl = paying.data?.CodeUrl ?? ''
    expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/)
    // Asking again for the same order gives the same code, as WeChat Pay does.
    expect((await pay(s.token, order.OrderNo, 'wechat')).data?.CodeUrl).toBe(codeUrl)
    const trade = fake.trade('wechat', order.OrderNo) as FakeTrade
    expect(trade.notifyUrl).toBe(`${base}/api/pay/notify/wechat`)
    expect(trade.expiresAt).toBe(Math.floor((paying.data?.ExpireAt ?? 0) / 1000) * 1000)

    const scan = await (
      await fetch(`${base}/fakepay/wechat/scan?code_url=${encodeURIComponent(codeUrl)}`)
    ).text()
    expect(scan).toContain('确认付款')
    expect(scan).toContain('支付失败')
    const paid = await post('/fakepay/wechat/pay', { code_url: codeUrl, result: 'success' })
    expect(paid.json).toMatchObject({ trade_state: 'SUCCESS', notify: { answer: { status: 204, body: '' } } })
    expect(await read(s.token, order.OrderNo)).toMatchObject({ State: '已生效' })
    expect(await serviceEnd(s.token)).toBe((before ?? 0) + 30 * DAY)
    expect(await payments(order.OrderNo)).toEqual([
      { channel: 'wechat', trade_no: trade.tradeNo, amount_fen: 19_900, outcome: 'applied' },
    ])
    // Paying an effective order again is refused.
    const again = await pay(s.token, order.OrderNo, 'alipay')
    expect([again.ResultCode, again.ResultMsg]).toEqual(['10001', BillingMessages.notPayable])
  })

  it('refuses forged or altered notifies, wrong amounts and another app or merchant, changing nothing', async () => {
    const ali = await started('alipay')
    const aliNotify = await payQuietly('alipay', ali.trade)
    const fields = new URLSearchParams(aliNotify.body)
    const altered = (change: Record<string, string>) => {
      const copy = new URLSearchParams(fields)
      for (const [k, v] of Object.entries(change)) copy.set(k, v)
      return { ...aliNotify, body: copy.toString() }
    }
    // Altered after signing, or signed with another key.
    expect(await send(altered({ total_amount: '0.01' }))).toEqual({ status: 400, body: 'fail' })
    const otherSign = new URLSearchParams(fake.alipayNotify(ali.trade, { total_amount: '0.01' }).body).get(
      'sign',
    )
    expect(await send(altered({ sign: otherSign ?? '' }))).toMatchObject({ body: 'fail' })
    expect(await send(altered({ sign_type: 'RSA' }))).toMatchObject({ body: 'fail' })
    expect(await send({ ...aliNotify, body: `${aliNotify.body}&extra=1` })).toMatchObject({ body: 'fail' })
    // Signed by the platform, but not our order's amount, or not our app.
    expect(await send(fake.alipayNotify(ali.trade, { total_amount: '0.01' }))).toMatchObject({ body: 'fail' })
    expect(await send(fake.alipayNotify(ali.trade, { app_id: '9021000000009999' }))).toMatchObject({
      body: 'fail',
    })
    // Not a form at all.
    expect(
      await send({ ...aliNotify, headers: { 'content-type': 'application/json' }, body: '{}' }),
    ).toMatchObject({
      body: 'fail',
    })
    // A trade that is not paid does nothing, and is answered as handled.
    expect(await send(fake.alipayNotify(ali.trade, { trade_status: 'WAIT_BUYER_PAY' }))).toEqual({
      status: 200,
      body: 'success',
    })

    const wx = await started('wechat')
    const wxNotify = await payQuietly('wechat', wx.trade)
    const refusedWith = async (notify: Omit<FakeNotify, 'channel' | 'outTradeNo'>, status: number) => {
      const answer = await send(notify)
      expect(answer.status).toBe(status)
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'FAIL' })
    }
    // One byte of the body changed: the signature no longer holds.
    await refusedWith({ ...wxNotify, body: wxNotify.body.replace('"支付成功"', '"支付成功 "') }, 401)
    await refusedWith(
      { ...wxNotify, headers: { ...wxNotify.headers, 'wechatpay-serial': 'PUB_KEY_ID_OTHER' } },
      401,
    )
    await refusedWith({ ...wxNotify, headers: { ...wxNotify.headers, 'wechatpay-signature': 'AAAA' } }, 401)
    // Signed properly, but more than 5 minutes old.
    await refusedWith(fake.wechatNotify(wx.trade, { at: t.clock.now() - 6 * MINUTE }), 401)
    await refusedWith(fake.wechatNotify(wx.trade, { change: { mchid: '1900009999' } }), 400)
    await refusedWith(fake.wechatNotify(wx.trade, { change: { appid: 'wx0000000000000000' } }), 400)
    await refusedWith(fake.wechatNotify(wx.trade, { change: { amount: { total: 1 } } }), 500)
    // The WeChat Pay signature probe (WECHATPAY/SIGNTEST/) must fail.
    await refusedWith(
      { ...wxNotify, headers: { ...wxNotify.headers, 'wechatpay-signature': 'WECHATPAY/SIGNTEST/abc' } },
      401,
    )

    // (Read from the table: reading the order through the API would ask the platform, which says paid.)
    for (const { order } of [ali, wx]) {
      expect(await stateOf(order.OrderNo)).toBe('待支付')
      expect(await payments(order.OrderNo)).toEqual([])
    }
    // The genuine ones still work.
    expect(await send(aliNotify)).toEqual({ status: 200, body: 'success' })
    expect(await send(wxNotify)).toEqual({ status: 204, body: '' })
    expect(await stateOf(ali.order.OrderNo)).toBe('已生效')
    expect(await stateOf(wx.order.OrderNo)).toBe('已生效')
  })

  it('takes a notify sent ten times at once once: one payment, one period', async () => {
    for (const channel of ['alipay', 'wechat'] as const) {
      const s = await started(channel)
      const before = await serviceEnd(s.token)
      const notify = await payQuietly(channel, s.trade)
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(notify)))
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([channel === 'alipay' ? 200 : 204]))
      expect(await read(s.token, s.order.OrderNo)).toMatchObject({ State: '已生效' })
      expect(await payments(s.order.OrderNo)).toHaveLength(1)
      expect(await serviceEnd(s.token)).toBe((before ?? 0) + 30 * DAY)
      // Sent again afterwards (a platform retries until it hears success): the same answer, nothing more.
      expect(await send(notify)).toEqual(answers[0])
      expect(await payments(s.order.OrderNo)).toHaveLength(1)
      expect(await serviceEnd(s.token)).toBe((before ?? 0) + 30 * DAY)
    }
  })

  it('starts one platform trade for a payment started twice and ten times at once; ten return pages pay once', async () => {
    for (const channel of ['alipay', 'wechat'] as const) {
      const s = await shop()
      const before = await serviceEnd(s.token)
      const order = await createOrder(s.token)
      const first = await pay(s.token, order.OrderNo, channel)
      const ten = await Promise.all(Array.from({ length: 10 }, () => pay(s.token, order.OrderNo, channel)))
      for (const answer of [first, ...ten]) {
        expect(answer.ResultCode, answer.ResultMsg).toBe('10000')
        expect(answer.data).toMatchObject({
          OrderNo: order.OrderNo,
          Channel: channel,
          ExpireAt: first.data?.ExpireAt,
        })
        // WeChat answers the one code of the order; Alipay a fresh signed address of the same trade.
        if (channel === 'wechat') expect(answer.data?.CodeUrl).toBe(first.data?.CodeUrl)
      }
      if (channel === 'wechat') expect(fake.trade('wechat', order.OrderNo)?.codeUrl).toBe(first.data?.CodeUrl)
      const row = await t.ctx.db.kysely
        .selectFrom('orders')
        .select('pay_channels')
        .where('order_no', '=', order.OrderNo)
        .executeTakeFirstOrThrow()
      expect(row.pay_channels).toBe(channel)
      if (channel === 'wechat') continue

      // Paid without its notify: ten return pages at once ask the platform once and pay the order once.
      expect((await fetch(first.data?.PayUrl ?? '')).status).toBe(200)
      const trade = fake.trade('alipay', order.OrderNo) as FakeTrade
      await payQuietly('alipay', trade)
      t.clock.advance(3_000)
      const params = Object.fromEntries(new URL(fake.returnUrl(trade)).searchParams)
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          t.call<{ State: string }>('/api/billing/payresult', { Channel: 'alipay', Params: params }),
        ),
      )
      expect(results.map((r) => r.ResultCode)).toEqual(Array(10).fill('10000'))
      expect(results.some((r) => r.data?.State === 'success')).toBe(true)
      expect(results.every((r) => ['success', 'processing'].includes(r.data?.State ?? ''))).toBe(true)
      expect(await payments(order.OrderNo)).toEqual([
        { channel: 'alipay', trade_no: trade.tradeNo, amount_fen: 19_900, outcome: 'applied' },
      ])
      expect(await serviceEnd(s.token)).toBe((before ?? 0) + 30 * DAY)
      const after = await t.call<{ State: string }>('/api/billing/payresult', {
        Channel: 'alipay',
        Params: params,
      })
      expect(after.data).toEqual({ State: 'success' })
    }
  })

  it('records a payment notified after the order closed as needing a refund, once, and answers it handled', async () => {
    for (const channel of ['alipay', 'wechat'] as const) {
      const s = await shop()
      const order = await createOrder(s.token)
      t.clock.advance(15 * MINUTE)
      expect((await read(s.token, order.OrderNo)).State).toBe('已关闭')
      // The platform took the money anyway (its notify built here as the platform would send it).
      const trade: FakeTrade = {
        channel,
        outTradeNo: order.OrderNo,
        tradeNo: `${channel === 'alipay' ? '2026' : '4200'}${order.OrderNo}`,
        amountFen: order.AmountFen,
        subject: 'VIN 查询月卡',
        expiresAt: t.clock.now(),
        notifyUrl: `${base}/api/pay/notify/${channel}`,
        returnUrl: '',
        codeUrl: '',
        state: 'paid',
        createdAt: t.clock.now(),
        paidAt: t.clock.now(),
      }
      const notify = channel === 'alipay' ? fake.alipayNotify(trade) : fake.wechatNotify(trade)
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(notify)))
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([channel === 'alipay' ? 200 : 204]))
      expect((await read(s.token, order.OrderNo)).State).toBe('已关闭')
      expect(await payments(order.OrderNo)).toEqual([
        { channel, trade_no: trade.tradeNo, amount_fen: order.AmountFen, outcome: 'refund_needed' },
      ])
    }
  })

  it('settles a payment whose notify was lost by the trade query when the order is read, at most every 10 s', async () => {
    for (const channel of ['alipay', 'wechat'] as const) {
      const s = await started(channel)
      // Read once while unpaid: the platform is asked, and says not yet.
      expect((await read(s.token, s.order.OrderNo)).State).toBe('待支付')
      await payQuietly(channel, s.trade)
      // Within 10 s of the last question the platform is not asked again.
      expect((await read(s.token, s.order.OrderNo)).State).toBe('待支付')
      t.clock.advance(10_000)
      expect((await read(s.token, s.order.OrderNo)).State).toBe('已生效')
      expect(await payments(s.order.OrderNo)).toEqual([
        { channel, trade_no: s.trade.tradeNo, amount_fen: 19_900, outcome: 'applied' },
      ])
    }
  })

  it('asks the platform before the sweep closes an order whose payment was started', async () => {
    const billing = new BillingService(t.ctx)
    const paidAli = await started('alipay')
    await payQuietly('alipay', paidAli.trade)
    const paidWx = await started('wechat')
    await payQuietly('wechat', paidWx.trade)
    const unpaid = await started('wechat')
    t.clock.advance(15 * MINUTE)
    await billing.closeDue()
    const state = async (orderNo: string) =>
      (
        await t.ctx.db.kysely
          .selectFrom('orders')
          .select('state')
          .where('order_no', '=', orderNo)
          .executeTakeFirst()
      )?.state
    expect(await state(paidAli.order.OrderNo)).toBe('已生效')
    expect(await state(paidWx.order.OrderNo)).toBe('已生效')
    expect(await state(unpaid.order.OrderNo)).toBe('已关闭')
    // The platform refuses payment once the order's time_expire passed.
    const late = await post('/fakepay/wechat/pay', { code_url: unpaid.trade.codeUrl, result: 'success' })
    expect(late.status).toBe(400)
  })

  it('leaves an order open while the platform cannot be asked, for a day at most', async () => {
    const billing = new BillingService(t.ctx)
    const ali = await started('alipay')
    const wx = await started('wechat')
    fake.unavailable = true
    try {
      t.clock.advance(15 * MINUTE)
      await billing.closeDue()
      expect([await stateOf(ali.order.OrderNo), await stateOf(wx.order.OrderNo)]).toEqual([
        '待支付',
        '待支付',
      ])
      // Reading it answers, still pending; paying it is refused as it is past its 15 minutes.
      expect((await read(ali.token, ali.order.OrderNo)).State).toBe('待支付')
      expect((await pay(ali.token, ali.order.OrderNo, 'alipay')).ResultMsg).toBe(BillingMessages.orderClosed)
      // Nor does a bank transfer give it 7 more days, and it says why as paying does.
      const transfer = await t.call(
        '/api/billing/transfer',
        { OrderNo: ali.order.OrderNo },
        { token: ali.token },
      )
      expect([transfer.ResultCode, transfer.ResultMsg]).toEqual(['10001', BillingMessages.orderClosed])
      expect(await read(ali.token, ali.order.OrderNo)).toMatchObject({
        State: '待支付',
        ExpireAt: ali.order.ExpireAt,
      })
      t.clock.advance(DAY)
      await billing.closeDue()
      expect([await stateOf(ali.order.OrderNo), await stateOf(wx.order.OrderNo)]).toEqual([
        '已关闭',
        '已关闭',
      ])
    } finally {
      fake.unavailable = false
    }
  })

  it('answers /api/billing/pay 10001 when the platform cannot take the order', async () => {
    const s = await shop()
    const order = await createOrder(s.token)
    fake.unavailable = true
    try {
      const answer = await pay(s.token, order.OrderNo, 'wechat')
      expect([answer.ResultCode, answer.ResultMsg]).toEqual(['10001', BillingMessages.payUnavailable])
    } finally {
      fake.unavailable = false
    }
  })

  it('answers the return page without a login: the state only, 10002 for anything not signed by Alipay', async () => {
    const s = await started('alipay')
    const params = () => Object.fromEntries(new URL(fake.returnUrl(s.trade)).searchParams)
    const result = (Params: Record<string, string>, Channel = 'alipay') =>
      t.call<{ State: string }>('/api/billing/payresult', { Channel, Params })
    // Not paid yet: the platform is asked, and says it waits for the payer.
    expect((await result(params())).data).toEqual({ State: 'processing' })
    const invalid = [BillingMessages.payResultInvalid]
    const changes: Record<string, string>[] = [
      { total_amount: '0.01' },
      { out_trade_no: '20990101000000000000' },
      { sign: 'AAAA' },
      { app_id: '9021000000009999' },
    ]
    for (const change of changes) {
      const answer = await result({ ...params(), ...change })
      expect([answer.ResultCode, answer.ResultMsg, answer.data]).toEqual(['10002', ...invalid, undefined])
    }
    expect((await result({})).ResultCode).toBe('10002')
    expect((await result(params(), 'wechat')).ResultCode).toBe('10002')
    expect((await result(params(), 'unionpay')).ResultCode).toBe('10002')
    const tooMany = Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`k${i}`, 'v']))
    expect((await result(tooMany)).ResultCode).toBe('10002')

    // The payer's payment failed at the cashier: the return page says so (the platform is asked).
    t.clock.advance(3_000)
    await post('/fakepay/alipay/pay', { out_trade_no: s.order.OrderNo, result: 'fail' })
    expect((await result(params())).data).toEqual({ State: 'failed' })
    const closed = await post('/fakepay/alipay/pay', { out_trade_no: s.order.OrderNo, result: 'success' })
    expect(closed.status).toBe(400)
    // A new payment start reopens the trade; paid without its notify, the return's query settles it.
    await pay(s.token, s.order.OrderNo, 'alipay').then(async (p) => fetch(p.data?.PayUrl ?? ''))
    await payQuietly('alipay', s.trade)
    t.clock.advance(3_000)
    expect((await result(params())).data).toEqual({ State: 'success' })
    expect((await read(s.token, s.order.OrderNo)).State).toBe('已生效')
  })

  it('lets only the owner pay a pending order of their company, before it closes', async () => {
    const s = await shop()
    const order = await createOrder(s.token)
    const staffMobile = `137${String(Date.now()).slice(-8)}`
    await addStaff(t, s.companyId, staffMobile)
    const staff = await t.login(staffMobile, FACTORY_PASSWORD)
    const other = await shop()
    const refusal = async (token: string, orderNo: string, channel = 'alipay') => {
      const answer = await pay(token, orderNo, channel)
      return [answer.ResultCode, answer.ResultMsg]
    }
    expect(await refusal(staff, order.OrderNo)).toEqual(['10001', BillingMessages.ownerOnly])
    expect((await refusal(other.token, order.OrderNo))[0]).toBe('10004')
    expect(await refusal(s.token, order.OrderNo, 'unionpay')).toEqual(['10002', BillingMessages.payChannel])
    expect(await refusal(s.token, '2026')).toEqual(['10004', Messages.notFound])
    // Past its 15 minutes (closed or not yet), and cancelled.
    t.clock.advance(15 * MINUTE)
    expect(await refusal(s.token, order.OrderNo)).toEqual(['10001', BillingMessages.orderClosed])
    await read(s.token, order.OrderNo)
    expect(await refusal(s.token, order.OrderNo, 'wechat')).toEqual(['10001', BillingMessages.orderClosed])
    const cancelled = await createOrder(s.token)
    await t.call('/api/billing/cancelorder', { OrderNo: cancelled.OrderNo }, { token: s.token })
    expect(await refusal(s.token, cancelled.OrderNo)).toEqual(['10001', BillingMessages.notPayable])
    const orders = await t.ctx.db.kysely
      .selectFrom('orders')
      .select('pay_channels')
      .where('order_no', 'in', [order.OrderNo, cancelled.OrderNo])
      .execute()
    expect(orders.map((o) => o.pay_channels)).toEqual(['', ''])
  })

  it('records each channel a payment was started on', async () => {
    const s = await shop()
    const order = await createOrder(s.token)
    await pay(s.token, order.OrderNo, 'wechat')
    await pay(s.token, order.OrderNo, 'alipay')
    await pay(s.token, order.OrderNo, 'wechat')
    const row = await t.ctx.db.kysely
      .selectFrom('orders')
      .select('pay_channels')
      .where('order_no', '=', order.OrderNo)
      .executeTakeFirstOrThrow()
    expect(row.pay_channels).toBe('wechat,alipay')
  })

  it('has fake gateways that refuse what the real ones refuse', async () => {
    const s = await started('alipay')
    // A page-pay address altered after signing lands on Alipay's error page, not the cashier.
    const tampered = s.paying.PayUrl.replace('199.00', '1.00')
    const page = await (await fetch(tampered)).text()
    expect(page).toContain('invalid-signature')
    expect(page).not.toContain('确认付款')
    // A WeChat Pay API call without a valid signature: 401 SIGN_ERROR.
    const res = await fetch(
      `${base}/fakepay/wechat/v3/pay/transactions/out-trade-no/${s.order.OrderNo}?mchid=${fake.wechatMchid}`,
      {
        headers: {
          authorization:
            'WECHATPAY2-SHA256-RSA2048 mchid="1900000001",nonce_str="x",signature="AAAA",timestamp="1",serial_no="x"',
        },
      },
    )
    expect([res.status, await res.json()]).toEqual([401, { code: 'SIGN_ERROR', message: '签名错误' }])
    // Alipay's server-to-server gateway: a bad signature is a signed 40002 answer.
    const query = await fetch(`${base}/fakepay/alipay/gateway.do`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        method: 'alipay.trade.query',
        app_id: fake.alipayAppId,
        sign_type: 'RSA2',
        sign: 'AAAA',
      }).toString(),
    })
    expect(await query.text()).toContain('"sub_code":"isv.invalid-signature"')
    // Past its time_expire a trade cannot be paid.
    t.clock.advance(15 * MINUTE)
    const late = await post('/fakepay/alipay/pay', { out_trade_no: s.order.OrderNo, result: 'success' })
    expect([late.status, late.json]).toEqual([400, { message: '交易已超时关闭，不能付款' }])
  })
})

describe('without payment settings', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('sqlite', { config: { payments: { platform: 'real' } } })
  })
  afterAll(() => t.close())

  it('offers no channel and mounts no fake platform', async () => {
    const account = await createCompanyAccount(t)
    const token = await t.login(account.mobile, account.password)
    const order = (await t.call<Order>('/api/billing/createorder', { PlanCode: 'vin_month' }, { token }))
      .data as Order
    for (const Channel of ['alipay', 'wechat']) {
      const answer = await t.call('/api/billing/pay', { OrderNo: order.OrderNo, Channel }, { token })
      expect([answer.ResultCode, answer.ResultMsg]).toEqual(['10001', BillingMessages.channelNotOffered])
    }
    expect((await t.call('/api/billing/payresult', { Channel: 'alipay', Params: {} })).ResultCode).toBe(
      '10002',
    )
    expect((await t.app.inject({ method: 'GET', url: '/fakepay/wechat/scan?code_url=x' })).statusCode).toBe(
      404,
    )
    const notify = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'out_trade_no=1',
    })
    expect([notify.statusCode, notify.body]).toEqual([400, 'fail'])
  })
})
