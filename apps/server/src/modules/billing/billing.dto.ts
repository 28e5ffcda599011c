// Billing rows → the calls' wire names. Money leaves as yuan with 2 decimals (stored as fen), times as
// Beijing 'YYYY-MM-DD HH:mm:ss' (as the sheets) plus epoch milliseconds where a client counts down.
import { CouponKindNames } from '@epc/shared'
import type { Selectable } from 'kysely'
import { beijingTime } from '../../clock'
import type { TransferAccount } from '../../config'
import type { CouponsTable, InvoicesTable, NoticesTable, OrdersTable, PlansTable } from '../../db/schema'
import { channelsOf } from './billing.repository'

export const yuan = (fen: number) => Math.round(fen) / 100
const time = (ms: number | null) => (ms === null ? '' : beijingTime(ms))

export function toPlan(p: Selectable<PlansTable>) {
  return {
    PlanCode: p.code,
    Name: p.name,
    Kind: p.kind,
    Price: yuan(p.price_fen),
    Days: p.days,
    /** Per-day price of a plan with days, in yuan (rounded to fen). */
    DayPrice: p.days > 0 ? yuan(Math.round(p.price_fen / p.days)) : null,
    Queries: p.queries,
    Seats: p.seats,
    Items: p.items,
  }
}

export function toInvoice(i: Selectable<InvoicesTable>) {
  return {
    Kind: i.kind,
    Title: i.title,
    TaxNo: i.tax_no,
    Email: i.email,
    Address: i.address,
    Phone: i.phone,
    Bank: i.bank,
    BankAccount: i.bank_account,
    State: i.state,
    CreateTime: time(i.created_at),
  }
}

/** What an order answer carries besides the order row: its invoice, and our account for a bank transfer. */
export interface OrderExtras {
  invoice?: Selectable<InvoicesTable>
  transferAccount?: TransferAccount | null
}

export function toOrder(o: Selectable<OrdersTable>, extras: OrderExtras = {}) {
  const payChannels = channelsOf(o.pay_channels)
  const account = payChannels.includes('transfer') ? extras.transferAccount : null
  return {
    OrderNo: o.order_no,
    PlanCode: o.plan_code,
    PlanName: o.plan_name,
    PlanKind: o.plan_kind,
    State: o.state,
    ListPrice: yuan(o.list_fen),
    Discount: yuan(o.discount_fen),
    Amount: yuan(o.amount_fen),
    AmountFen: o.amount_fen,
    Days: o.days,
    ExtraDays: o.extra_days,
    Queries: o.queries,
    Seats: o.seats,
    Items: o.items,
    CouponId: o.coupon_id,
    Channel: o.channel ?? '',
    CreateTime: time(o.created_at),
    ExpireTime: time(o.expires_at),
    ExpireAt: o.expires_at,
    PaidTime: time(o.paid_at),
    EffectiveTime: time(o.effective_at),
    ServiceStart: time(o.grant_starts_at),
    ServiceEnd: time(o.grant_ends_at),
    PayChannels: payChannels,
    Invoice: extras.invoice ? toInvoice(extras.invoice) : null,
    /** Where to send a bank transfer, with the order number as its remark. */
    TransferAccount: account
      ? { Name: account.name, Bank: account.bank, Account: account.account, Remark: o.order_no }
      : null,
  }
}

export function toNotice(n: Selectable<NoticesTable>) {
  return { Id: n.id, Kind: n.kind, Title: n.title, Body: n.body, CreateTime: time(n.created_at) }
}

export function toCoupon(
  c: Selectable<CouponsTable> & { order_no: string | null },
  status: string,
  extra: { PayAmount?: number; Best?: boolean; Applicable?: boolean },
) {
  return {
    CouponId: c.id,
    Kind: CouponKindNames[c.kind],
    Title: c.title,
    Threshold: yuan(c.threshold_fen),
    Off: yuan(c.off_fen),
    Percent: c.percent,
    Days: c.days,
    ValidFrom: time(c.valid_from),
    // The last second it may be used: the stored end is the first it may not (the ops command's 含当天 day).
    ValidTo: time(c.valid_to - 1000),
    Status: status,
    /** The unpaid order holding it, if any. */
    ReservedBy: c.state === 'reserved' ? (c.order_no ?? '') : '',
    ...extra,
  }
}
