// Paying an order online: starting the payment on a platform (/api/billing/pay), the payer's return page
// (/api/billing/payresult), the platforms' notifies and the trade query. Every way a payment is learnt ends
// in BillingService.markPaid, which changes an order once whatever the number and order of reports.
import {
  BillingLimits,
  BillingMessages,
  OrderState,
  type OrderStateName,
  type PayChannel,
  type PayResultState,
} from '@epc/shared'
import type { FastifyBaseLogger } from 'fastify'
import { type Caller, fail } from '../../../call'
import type { AppContext } from '../../../context'
import * as repo from '../billing.repository'
import { BillingService, type PaidOutcome, type PendingOrder } from '../billing.service'
import type { AlipayProvider } from './alipay'
import { type ConfirmedPayment, type PaymentProvider, RefusedReport } from './payment-provider'
import { addPayChannel, channelsOf, claimTradeQuery } from './payments.repository'
import type { WechatProvider } from './wechat'

/** The configured channels; a channel without settings is not offered. */
export interface Providers {
  alipay?: AlipayProvider
  wechat?: WechatProvider
}

/** Where a payment report came from, for the log. */
type Source = 'notify' | 'return' | 'query'

const PAID_STATES: OrderStateName[] = [
  OrderState.paid,
  OrderState.effective,
  OrderState.refunding,
  OrderState.refunded,
]

export class PaymentsService {
  private readonly billing: BillingService

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'clock'>,
    private readonly providers: Providers,
    private readonly log: FastifyBaseLogger,
  ) {
    // markPaid needs no trade query, so this one is built without it.
    this.billing = new BillingService(ctx)
  }

  private get db() {
    return this.ctx.db.kysely
  }

  private provider(channel: string): PaymentProvider | undefined {
    return channel === 'alipay'
      ? this.providers.alipay
      : channel === 'wechat'
        ? this.providers.wechat
        : undefined
  }

  /** Starts paying a pending order on a channel: Alipay's page-pay address or WeChat's code_url. */
  async pay(caller: Caller, input: { OrderNo: string; Channel: PayChannel }) {
    if (!caller.isOwner) throw fail.business(BillingMessages.ownerOnly)
    const provider = this.provider(input.Channel)
    if (!provider) throw fail.business(BillingMessages.channelNotOffered)
    const now = this.ctx.clock.now()
    // The channel is recorded before the platform hears of the order, so a trade query asks it even if
    // the platform's answer to us is lost.
    for (let attempt = 0; ; attempt++) {
      const order = await repo.findOrder(this.db, caller.companyId, input.OrderNo)
      if (!order) throw fail.notFound()
      const expired = order.state === OrderState.pending && now >= order.expires_at
      if (order.state === OrderState.closed || expired) throw fail.business(BillingMessages.orderClosed)
      if (order.state !== OrderState.pending) throw fail.business(BillingMessages.notPayable)
      if (await addPayChannel(this.db, order, input.Channel, now)) {
        let started: Awaited<ReturnType<PaymentProvider['start']>>
        try {
          started = await provider.start({
            orderNo: order.order_no,
            amountFen: order.amount_fen,
            subject: `汽配EPC ${order.plan_name}`,
            expiresAt: order.expires_at,
          })
        } catch (err) {
          this.log.error(
            { err, orderNo: order.order_no, channel: input.Channel },
            'starting a payment failed',
          )
          throw fail.business(BillingMessages.payUnavailable)
        }
        return {
          OrderNo: order.order_no,
          Channel: input.Channel,
          PayUrl: started.payUrl,
          CodeUrl: started.codeUrl,
          ExpireAt: order.expires_at,
        }
      }
      // Another request changed the order's channels (or its state) first: read it again.
      if (attempt >= 3) throw fail.business(BillingMessages.payUnavailable)
    }
  }

  /**
   * The payer's return page (no login): its parameters, verified with the platform's key, tell which
   * order; the answer is the payment's state only. A still pending order makes the platform be asked.
   */
  async payResult(input: { Channel: PayChannel; Params: Record<string, string> }): Promise<{
    State: PayResultState
  }> {
    // Only Alipay's page pay returns to the site; WeChat Native is paid on the phone while our page polls.
    const alipay = input.Channel === 'alipay' ? this.providers.alipay : undefined
    if (!alipay) throw fail.invalid(BillingMessages.payResultInvalid)
    let returned: { orderNo: string; amountFen: number }
    try {
      returned = await alipay.verifyReturn(input.Params)
    } catch (error) {
      if (error instanceof RefusedReport) throw fail.invalid(BillingMessages.payResultInvalid)
      throw error
    }
    let order = await repo.findOrderByNo(this.db, returned.orderNo)
    if (!order || order.amount_fen !== returned.amountFen)
      throw fail.invalid(BillingMessages.payResultInvalid)
    if (order.state === OrderState.pending) {
      const now = this.ctx.clock.now()
      if (await claimTradeQuery(this.db, order.id, now, BillingLimits.payResultQueryEveryMs)) {
        try {
          const trade = await alipay.query(order.order_no)
          if (trade.state === 'paid') await this.report('alipay', trade, 'return')
          if (trade.state === 'failed') return { State: 'failed' }
        } catch (err) {
          this.log.warn({ err, orderNo: order.order_no }, 'alipay trade query failed')
        }
        order = (await repo.findOrderByNo(this.db, returned.orderNo)) ?? order
      }
    }
    if (PAID_STATES.includes(order.state)) return { State: 'success' }
    if (order.state === OrderState.pending && this.ctx.clock.now() < order.expires_at) {
      return { State: 'processing' }
    }
    return { State: 'failed' }
  }

  /** Alipay's async notify: true once handled (answer `success`); throws RefusedReport for a false one. */
  async alipayNotify(params: Record<string, string>): Promise<boolean> {
    const alipay = this.providers.alipay
    if (!alipay) throw new RefusedReport('支付宝未配置')
    const payment = await alipay.verifyNotify(params)
    return payment ? this.settled(await this.report('alipay', payment, 'notify')) : true
  }

  /** WeChat Pay's notify: true once handled (answer 204); throws RefusedReport for a false one. */
  async wechatNotify(header: (name: string) => string | undefined, rawBody: Buffer): Promise<boolean> {
    const wechat = this.providers.wechat
    if (!wechat) throw new RefusedReport('微信支付未配置')
    const payment = wechat.verifyNotify(header, rawBody)
    return payment ? this.settled(await this.report('wechat', payment, 'notify')) : true
  }

  /**
   * The trade query of BillingService (TradeQuery): asks each channel the order's payment was started on,
   * at most once per `everyMs`, and reports a payment found.
   */
  async tradeQuery(order: PendingOrder, everyMs: number): Promise<'asked' | 'skipped' | 'failed'> {
    if (!(await claimTradeQuery(this.db, order.id, this.ctx.clock.now(), everyMs))) return 'skipped'
    let answered = true
    for (const channel of channelsOf(order.pay_channels)) {
      // Bank transfers are confirmed by the operator, and a channel no longer configured cannot be asked.
      const provider = this.provider(channel)
      if (!provider) continue
      try {
        const trade = await provider.query(order.order_no)
        if (trade.state === 'paid') await this.report(provider.channel, trade, 'query')
      } catch (err) {
        answered = false
        this.log.warn({ err, orderNo: order.order_no, channel }, 'trade query failed')
      }
    }
    return answered ? 'asked' : 'failed'
  }

  /** A confirmed payment into markPaid; what needs a person's eye is logged. */
  private async report(channel: PayChannel, payment: ConfirmedPayment, source: Source): Promise<PaidOutcome> {
    const { orderNo, tradeNo, amountFen } = payment
    const outcome = await this.billing.markPaid(orderNo, channel, amountFen, tradeNo)
    const fields = { orderNo, channel, tradeNo, amountFen, source, outcome }
    if (outcome === 'refund_needed') {
      this.log.warn(fields, 'payment for an order that is closed, cancelled or paid otherwise: refund needed')
    } else if (outcome === 'unknown_order' || outcome === 'amount_mismatch') {
      this.log.error(fields, 'payment report does not match an order')
    } else if (outcome === 'applied') {
      this.log.info(fields, 'order paid')
    }
    return outcome
  }

  /**
   * Whether a notify was handled: a refund case is recorded and answered as handled, so the platform stops
   * sending it; an unknown order or a wrong amount is not, and the platform will send it again.
   */
  private settled(outcome: PaidOutcome) {
    return outcome !== 'unknown_order' && outcome !== 'amount_mismatch'
  }
}
