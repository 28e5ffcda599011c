// Plans, orders and coupons of the caller's company: the order state machine (待支付 → 已支付 → 已生效;
// 已取消, 已关闭, 退款中 → 已退款), coupon maths in fen, and markPaid, which the payment notifies will call.
// Every state change is a conditional update, so repeated or simultaneous requests change a thing once.
import { randomInt } from 'node:crypto'
import {
  BillingLimits,
  BillingMessages,
  CouponStatus,
  OrderState,
  type OrderStateName,
  PERIOD_PLAN_KINDS,
  type PlanKind,
} from '@epc/shared'
import type { invoiceSchema } from '@epc/shared/billing-schemas'
import type { Selectable } from 'kysely'
import type * as z from 'zod/mini'
import { type Caller, fail } from '../../call'
import { beijingDate, beijingTime } from '../../clock'
import type { Config } from '../../config'
import type { AppContext } from '../../context'
import { isUniqueViolation } from '../../db/errors'
import type { CouponsTable, OrdersTable, PlansTable } from '../../db/schema'
import { callersChanged } from '../accounts/accounts.repository'
import { ownerIds, postMessage } from '../messages'
import { toCoupon, toNotice, toOrder, toPlan } from './billing.dto'
import * as repo from './billing.repository'

const DAY_MS = 86_400_000

type Coupon = Selectable<CouponsTable>
type InvoiceRequest = z.infer<typeof invoiceSchema>
type Plan = Selectable<PlansTable>

export interface Price {
  listFen: number
  payFen: number
  extraDays: number
}

const isPeriod = (kind: PlanKind) => PERIOD_PLAN_KINDS.includes(kind)

/** Whether a coupon may pay for a plan at `now` (validity, state and kind aside from the company). */
export function couponApplies(coupon: Coupon, plan: Plan, now: number): boolean {
  if (coupon.state !== 'unused' || coupon.valid_from > now || coupon.valid_to <= now) return false
  if (plan.price_fen <= 0) return false
  if (coupon.kind === 'amount_off') return plan.price_fen >= coupon.threshold_fen
  if (coupon.kind === 'extra_days') return isPeriod(plan.kind) && plan.price_fen >= coupon.threshold_fen
  return coupon.percent > 0 && coupon.percent < 100
}

/**
 * What a plan costs with a coupon: 满减 takes off_fen once the list price reaches the threshold, 折扣 pays
 * percent/100 of it rounded half up to fen, 赠送天数 adds days; never less than 1 fen to pay.
 */
export function priceWith(plan: Plan, coupon: Coupon | undefined): Price {
  const listFen = plan.price_fen
  let payFen = listFen
  let extraDays = 0
  if (coupon?.kind === 'amount_off') payFen = listFen - coupon.off_fen
  else if (coupon?.kind === 'percent') payFen = Math.floor((listFen * coupon.percent + 50) / 100)
  else if (coupon?.kind === 'extra_days') extraDays = coupon.days
  if (listFen > 0) payFen = Math.max(BillingLimits.minPayFen, payFen)
  return { listFen, payFen, extraDays }
}

/** The best coupon for a plan: the least to pay, then the most extra days, then the soonest to expire. */
export function bestCoupon<C extends Coupon>(coupons: C[], plan: Plan, now: number): C | undefined {
  let best: { coupon: C; price: Price } | undefined
  for (const coupon of coupons) {
    if (!couponApplies(coupon, plan, now)) continue
    const price = priceWith(plan, coupon)
    if (
      !best ||
      price.payFen < best.price.payFen ||
      (price.payFen === best.price.payFen &&
        (price.extraDays > best.price.extraDays ||
          (price.extraDays === best.price.extraDays && coupon.valid_to < best.coupon.valid_to)))
    ) {
      best = { coupon, price }
    }
  }
  return best?.coupon
}

export type PaidOutcome = 'applied' | 'duplicate' | 'refund_needed' | 'unknown_order' | 'amount_mismatch'

/** A pending order whose payment may have been started on a platform. */
export interface PendingOrder {
  id: number
  order_no: string
  pay_channels: string
}

/**
 * Asks the platforms an order's payment was started on whether it was paid, reporting a payment through
 * markPaid, at most once per `everyMs` per order: 'skipped' when it was asked within that time, 'failed'
 * when a platform did not answer. The payments module's, handed in by app.ts, so this file knows no platform.
 */
export type TradeQuery = (order: PendingOrder, everyMs: number) => Promise<'asked' | 'skipped' | 'failed'>

export class BillingService {
  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'clock' | 'tradeQuery'> & {
      config?: Pick<Config, 'transferAccount'>
    },
  ) {}

  private get transferAccount() {
    return this.ctx.config?.transferAccount ?? null
  }

  private get db() {
    return this.ctx.db.kysely
  }

  private now() {
    return this.ctx.clock.now()
  }

  async plans() {
    return (await repo.activePlans(this.db)).map(toPlan)
  }

  async entitlement(caller: Caller) {
    const e = await repo.entitlementOf(this.db, caller.companyId, this.now())
    return {
      ServiceEndsAt: e.serviceEndsAt,
      ServiceActive: e.periodActive,
      QueriesLeft: e.queriesLeft,
      Seats: e.seats,
      ItemsLeft: e.itemsLeft,
      /** Whether the caller is the company's owner (who buys, renews and cancels). */
      IsOwner: caller.isOwner,
    }
  }

  private ownerOnly(caller: Caller) {
    if (!caller.isOwner) throw fail.business(BillingMessages.ownerOnly)
  }

  async createOrder(caller: Caller, input: { PlanCode: string; CouponId?: number | null }) {
    this.ownerOnly(caller)
    const now = this.now()
    const plan = await repo.findActivePlan(this.db, input.PlanCode)
    if (!plan) throw fail.business(BillingMessages.planNotFound)
    let coupon: Coupon | undefined
    if (input.CouponId) {
      coupon = await repo.findCoupon(this.db, caller.companyId, input.CouponId)
      if (!coupon) throw fail.notFound()
      if (!couponApplies(coupon, plan, now)) throw fail.business(BillingMessages.couponNotUsable)
    }
    const free = plan.price_fen === 0
    const price = priceWith(plan, coupon)
    const orderNo = await this.db.transaction().execute(async (trx) => {
      // A free plan is once per company: checked under the company's row lock, so claims at the same time
      // (each a new envelope, which the replay memory does not join) find the first one's order.
      if (free) {
        await repo.lockCompany(trx, caller.companyId)
        if (await repo.hasOrderOfPlan(trx, caller.companyId, plan.id)) {
          throw fail.business(BillingMessages.freePlanTaken)
        }
      }
      for (let attempt = 0; ; attempt++) {
        const orderNo = `${beijingDate(now)}${String(randomInt(0, 1e12)).padStart(12, '0')}`
        let id: number
        try {
          id = await repo.insertOrder(trx, {
            order_no: orderNo,
            company_id: caller.companyId,
            account_id: caller.accountId,
            plan_id: plan.id,
            plan_code: plan.code,
            plan_name: plan.name,
            plan_kind: plan.kind,
            list_fen: price.listFen,
            discount_fen: price.listFen - price.payFen,
            amount_fen: price.payFen,
            days: plan.days,
            extra_days: price.extraDays,
            queries: plan.queries,
            seats: plan.seats,
            items: plan.items,
            coupon_id: coupon?.id ?? null,
            state: OrderState.pending,
            created_at: now,
            expires_at: now + BillingLimits.orderTtlMs,
            queries_left: 0,
            items_left: 0,
            updated_at: now,
          })
        } catch (error) {
          // PostgreSQL aborts the transaction on a violation; a clash of 12 random digits is not retried there.
          if (isUniqueViolation(error) && attempt < 3 && this.ctx.db.dialect === 'sqlite') continue
          throw error
        }
        if (coupon && !(await repo.reserveCoupon(trx, coupon.id, caller.companyId, id, now))) {
          throw fail.business(BillingMessages.couponNotUsable)
        }
        return orderNo
      }
    })
    // A free plan (the data-service trial) takes effect at once, through the same path as a payment.
    if (free) await this.markPaid(orderNo, 'free', 0, `free-${orderNo}`)
    return this.order(caller, orderNo)
  }

  /**
   * Closes the company's (or everyone's) unpaid orders whose 15 minutes are over, releasing their coupons.
   * An order whose payment was started is first asked about (a lost notify): a paid one is settled instead,
   * and one the platform could not be asked about now stays open for the next sweep, for a day at most
   * (a payment reported after that is recorded for refund, as any payment of a closed order).
   */
  async closeDue(companyId?: number): Promise<number> {
    const now = this.now()
    let closed = 0
    for (const order of await repo.duePendingOrders(this.db, now, companyId)) {
      if (order.pay_channels && this.ctx.tradeQuery) {
        const asked = await this.ctx.tradeQuery(order, BillingLimits.tradeQueryEveryMs)
        if (asked !== 'asked' && now < order.expires_at + DAY_MS) continue
      }
      if (await this.endPending(order.id, OrderState.closed, now)) closed += 1
    }
    return closed
  }

  /** 待支付 → 已取消/已关闭 and the coupon released, in one transaction, once. */
  private endPending(
    orderId: number,
    state: typeof OrderState.cancelled | typeof OrderState.closed,
    now: number,
  ) {
    return this.db.transaction().execute(async (trx) => {
      if (!(await repo.endPending(trx, orderId, state, now))) return false
      await repo.releaseCoupon(trx, orderId)
      return true
    })
  }

  private async found(caller: Caller, orderNo: string) {
    await this.closeDue(caller.companyId)
    const order = await repo.findOrder(this.db, caller.companyId, orderNo)
    if (!order) throw fail.notFound()
    // A pending order whose payment was started: the platform is asked, in case its notify was lost.
    if (order.state === OrderState.pending && order.pay_channels && this.ctx.tradeQuery) {
      if ((await this.ctx.tradeQuery(order, BillingLimits.tradeQueryEveryMs)) === 'asked') {
        return (await repo.findOrder(this.db, caller.companyId, orderNo)) ?? order
      }
    }
    return order
  }

  async order(caller: Caller, orderNo: string) {
    return this.answer(await this.found(caller, orderNo))
  }

  /** An order as the calls answer it: with its invoice and, for a bank transfer, our account. */
  private async answer(order: Selectable<OrdersTable>) {
    const [invoice] = await repo.invoicesOf(this.db, [order.id])
    return toOrder(order, { invoice, transferAccount: this.transferAccount })
  }

  async orders(caller: Caller, input: { PageIndex?: number; PageSize?: number }) {
    await this.closeDue(caller.companyId)
    const size = input.PageSize ?? BillingLimits.ordersPageSize
    const page = input.PageIndex ?? 1
    const total = await repo.countOrders(this.db, caller.companyId)
    const orders = await repo.pageOfOrders(this.db, caller.companyId, (page - 1) * size, size)
    const invoices = new Map(
      (
        await repo.invoicesOf(
          this.db,
          orders.map((o) => o.id),
        )
      ).map((i) => [i.order_id, i]),
    )
    const rows = orders.map((o) =>
      toOrder(o, { invoice: invoices.get(o.id), transferAccount: this.transferAccount }),
    )
    const [first] = rows
    if (first) Object.assign(first, { TotalCount: total })
    return rows
  }

  async cancelOrder(caller: Caller, orderNo: string) {
    this.ownerOnly(caller)
    const order = await this.found(caller, orderNo)
    if (order.state === OrderState.pending) await this.endPending(order.id, OrderState.cancelled, this.now())
    const now = await this.found(caller, orderNo)
    // Cancelling a cancelled order again is the same success; any other state cannot be cancelled.
    if (now.state !== OrderState.cancelled) throw fail.business(BillingMessages.notCancellable)
    return this.answer(now)
  }

  /**
   * 对公转账: the order waits 7 days from its creation for the money instead of 15 minutes, and answers our
   * account; the operator marks it paid when the money arrived (ops mark-paid). Asking again answers the same.
   */
  async transfer(caller: Caller, orderNo: string) {
    this.ownerOnly(caller)
    const account = this.transferAccount
    if (!account) throw fail.business(BillingMessages.transferUnavailable)
    // Twice at most: a close or a payment may win between the read and the update.
    for (let attempt = 0; attempt < 2; attempt++) {
      const order = await this.found(caller, orderNo)
      const channels = repo.channelsOf(order.pay_channels)
      if (channels.includes('transfer')) return this.answer(order)
      // A pending order past its 15 minutes is closed, as the payment channels say, though not yet marked.
      const expired = order.state === OrderState.pending && this.now() >= order.expires_at
      if (order.state === OrderState.closed || order.state === OrderState.cancelled || expired) {
        throw fail.business(BillingMessages.orderClosed)
      }
      if (order.state !== OrderState.pending) throw fail.business(BillingMessages.notPayable)
      const expiresAt = order.created_at + BillingLimits.transferTtlMs
      const to = [...channels, 'transfer'].join(',')
      if (
        await repo.startTransfer(this.db, order.id, { from: order.pay_channels, to }, expiresAt, this.now())
      ) {
        return this.answer(await this.found(caller, orderNo))
      }
    }
    throw fail.business(BillingMessages.notPayable)
  }

  /** An invoice request on a paid order, once; the same request again answers the same. */
  async invoice(caller: Caller, input: InvoiceRequest) {
    this.ownerOnly(caller)
    const order = await this.found(caller, input.OrderNo)
    if (order.state !== OrderState.paid && order.state !== OrderState.effective) {
      throw fail.business(BillingMessages.invoiceNotPaid)
    }
    const special = input.Kind === '增值税专用发票'
    const row = {
      order_id: order.id,
      company_id: caller.companyId,
      kind: input.Kind,
      title: input.Title,
      tax_no: input.TaxNo,
      email: input.Email,
      address: special ? (input.Address ?? '') : '',
      phone: special ? (input.Phone ?? '') : '',
      bank: special ? (input.Bank ?? '') : '',
      bank_account: special ? (input.BankAccount ?? '') : '',
      state: '待开票' as const,
      created_at: this.now(),
    }
    if (!(await repo.insertInvoice(this.db, row))) {
      const [had] = await repo.invoicesOf(this.db, [order.id])
      const same =
        had &&
        (['kind', 'title', 'tax_no', 'email', 'address', 'phone', 'bank', 'bank_account'] as const).every(
          (k) => had[k] === row[k],
        )
      if (!same) throw fail.business(BillingMessages.invoiceTaken)
    }
    return this.answer(order)
  }

  /**
   * Renewal reminders, once each: when a company's service (its last period) ends within 7 days, then within
   * 1 day. Only the nearest threshold is written, so a service first seen with hours left gets one reminder.
   * A company that never paid is told its trial ends (试用), and to buy rather than renew.
   */
  async remindRenewals(companyId?: number): Promise<number> {
    const now = this.now()
    const days = [...BillingLimits.reminderDays].sort((a, b) => a - b)
    const widest = Math.max(...days)
    let written = 0
    for (const row of await repo.servicesEndingWithin(this.db, now, widest * DAY_MS, companyId)) {
      const end = Number(row.end)
      const d = days.find((n) => end - now <= n * DAY_MS) ?? widest
      const notice = {
        kind: `renewal_${d}`,
        subject: String(end),
        ...(Number(row.paid)
          ? {
              title: `服务将在 ${d} 天内到期`,
              body: `您的查询服务将于 ${beijingTime(end)} 到期。到期后 VIN 查询和零件号查询将暂停，请及时续费；提前续费从到期日起顺延，不损失剩余天数。`,
            }
          : {
              title: `试用将在 ${d} 天内到期`,
              body: `您的免费试用将于 ${beijingTime(end)} 到期。到期后 VIN 查询和零件号查询将暂停，请及时购买服务；试用期内购买从试用到期日起顺延，不损失剩余试用天数。`,
            }),
      }
      await repo.insertNotice(this.db, { company_id: row.company_id, ...notice, created_at: now })
      // The owner's message centre gets the same reminder, once per threshold and service end.
      await postMessage(this.db, {
        accountIds: await ownerIds(this.db, row.company_id),
        kind: 'service',
        subject: `${notice.kind}:${notice.subject}`,
        title: notice.title,
        body: notice.body,
        now,
      })
      written += 1
    }
    return written
  }

  async notices(caller: Caller) {
    await this.remindRenewals(caller.companyId)
    const [unread, end] = await Promise.all([
      repo.unreadNotices(this.db, caller.companyId),
      repo.latestServiceEnd(this.db, caller.companyId),
    ])
    // A renewal reminder is about the service end it names (its subject): once bought past, it is no news.
    return unread.filter((n) => !n.kind.startsWith('renewal_') || n.subject === String(end)).map(toNotice)
  }

  async readNotice(caller: Caller, id: number) {
    if (!(await repo.readNotice(this.db, caller.companyId, id, this.now()))) throw fail.notFound()
    return {}
  }

  async coupons(caller: Caller, planCode?: string) {
    const now = this.now()
    const plan = planCode ? await repo.findActivePlan(this.db, planCode) : undefined
    if (planCode && !plan) throw fail.business(BillingMessages.planNotFound)
    const coupons = await repo.couponsOf(this.db, caller.companyId)
    const best = plan ? bestCoupon(coupons, plan, now) : undefined
    return coupons.map((c) => {
      const status =
        c.state === 'used'
          ? CouponStatus.used
          : c.state === 'unused' && c.valid_to <= now
            ? CouponStatus.expired
            : c.valid_from > now
              ? CouponStatus.upcoming
              : CouponStatus.usable
      if (!plan) return toCoupon(c, status, {})
      const applicable = couponApplies(c, plan, now)
      return toCoupon(c, status, {
        Applicable: applicable,
        PayAmount: applicable ? priceWith(plan, c).payFen / 100 : undefined,
        Best: best?.id === c.id,
      })
    })
  }

  /**
   * A payment the platform confirmed: 待支付 → 已支付 → 已生效 exactly once, the coupon used and the
   * entitlement added. A payment for an order that was cancelled or closed (or a second payment of a paid
   * order) is recorded as needing a refund, never dropped. An order still 待支付 after its 15 minutes is
   * accepted: the platforms refuse to take money after the order's time_expire.
   */
  async markPaid(orderNo: string, channel: string, amountFen: number, tradeNo: string): Promise<PaidOutcome> {
    const now = this.now()
    const order = await repo.findOrderByNo(this.db, orderNo)
    if (!order) return 'unknown_order'
    if (order.amount_fen !== amountFen) return 'amount_mismatch'
    const applied = await this.db.transaction().execute(async (trx) => {
      if (!(await repo.setPaid(trx, order.id, channel, tradeNo, now))) return false
      await repo.useCoupon(trx, order.id, now)
      await repo.lockCompany(trx, order.company_id)
      let grantStart: number | null = null
      let grantEnd: number | null = null
      const days = order.days + order.extra_days
      if (isPeriod(order.plan_kind)) {
        // Renewing early extends from the current end, not from today.
        const end = await repo.latestServiceEnd(trx, order.company_id)
        grantStart = Math.max(now, end ?? now)
        grantEnd = grantStart + days * DAY_MS
        await repo.insertPaidService(trx, {
          company_id: order.company_id,
          starts_at: grantStart,
          ends_at: grantEnd,
          order_id: order.id,
          created_at: now,
        })
      } else if (days > 0) {
        grantStart = now
        grantEnd = now + days * DAY_MS
      }
      await repo.setEffective(
        trx,
        order.id,
        {
          grant_starts_at: grantStart,
          grant_ends_at: grantEnd,
          queries_left: order.queries,
          items_left: order.items,
        },
        now,
      )
      await repo.insertPayment(trx, {
        order_id: order.id,
        order_no: orderNo,
        channel,
        trade_no: tradeNo,
        amount_fen: amountFen,
        outcome: 'applied',
        created_at: now,
      })
      const until = grantEnd === null ? '' : `，服务期至 ${beijingTime(grantEnd)}`
      await postMessage(trx, {
        accountIds: await ownerIds(trx, order.company_id),
        kind: 'payment',
        subject: `order:${order.order_no}`,
        title: '支付成功',
        body: `订单 ${order.order_no}「${order.plan_name}」已支付 ¥${(amountFen / 100).toFixed(2)}，已生效${until}。`,
        now,
      })
      return true
    })
    if (applied) {
      callersChanged()
      return 'applied'
    }
    const after = await repo.findOrderByNo(this.db, orderNo)
    const state = after?.state as OrderStateName
    const paidBefore: OrderStateName[] = [
      OrderState.paid,
      OrderState.effective,
      OrderState.refunding,
      OrderState.refunded,
    ]
    if (paidBefore.includes(state) && after?.channel === channel && after.trade_no === tradeNo) {
      return 'duplicate'
    }
    await repo.insertPayment(this.db, {
      order_id: order.id,
      order_no: orderNo,
      channel,
      trade_no: tradeNo,
      amount_fen: amountFen,
      outcome: 'refund_needed',
      created_at: now,
    })
    return 'refund_needed'
  }
}
