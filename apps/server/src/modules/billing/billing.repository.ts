// SQL for plans, orders, coupons, payments and the entitlement they add up to. Each function takes the
// database or an open transaction. State changes are conditional updates: each answers whether it won.
import { BASE_SEATS, OrderState, type OrderStateName } from '@epc/shared'
import type { Insertable } from 'kysely'
import { type Kysely, sql } from 'kysely'
import type { Database, InvoicesTable, NoticesTable, OrdersTable, PaymentsTable } from '../../db/schema'

type Q = Kysely<Database>

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) === 1

// Plans

export function activePlans(db: Q) {
  return db.selectFrom('plans').selectAll().where('active', '=', 1).orderBy('sort').orderBy('id').execute()
}

export function findActivePlan(db: Q, code: string) {
  return db
    .selectFrom('plans')
    .selectAll()
    .where('code', '=', code)
    .where('active', '=', 1)
    .executeTakeFirst()
}

// Coupons

export function couponsOf(db: Q, companyId: number) {
  return db
    .selectFrom('coupons')
    .leftJoin('orders', 'orders.id', 'coupons.order_id')
    .selectAll('coupons')
    .select('orders.order_no')
    .where('coupons.company_id', '=', companyId)
    .orderBy('coupons.valid_to')
    .orderBy('coupons.id')
    .execute()
}

export function findCoupon(db: Q, companyId: number, id: number) {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst()
}

/** Reserves an unused coupon valid now for an order; false when another order took it first. */
export async function reserveCoupon(db: Q, id: number, companyId: number, orderId: number, now: number) {
  return changed(
    await db
      .updateTable('coupons')
      .set({ state: 'reserved', order_id: orderId })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .where('state', '=', 'unused')
      .where('valid_from', '<=', now)
      .where('valid_to', '>', now)
      .executeTakeFirst(),
  )
}

export async function releaseCoupon(db: Q, orderId: number) {
  await db
    .updateTable('coupons')
    .set({ state: 'unused', order_id: null })
    .where('order_id', '=', orderId)
    .where('state', '=', 'reserved')
    .execute()
}

export async function useCoupon(db: Q, orderId: number, now: number) {
  await db
    .updateTable('coupons')
    .set({ state: 'used', used_at: now })
    .where('order_id', '=', orderId)
    .where('state', '=', 'reserved')
    .execute()
}

// Orders

/** The channels in orders.pay_channels ('alipay,wechat,transfer'). */
export const channelsOf = (payChannels: string) => payChannels.split(',').filter(Boolean)

export async function insertOrder(db: Q, row: Insertable<OrdersTable>): Promise<number> {
  const { id } = await db.insertInto('orders').values(row).returning('id').executeTakeFirstOrThrow()
  return id
}

export function findOrder(db: Q, companyId: number, orderNo: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('order_no', '=', orderNo)
    .where('company_id', '=', companyId)
    .executeTakeFirst()
}

export function findOrderByNo(db: Q, orderNo: string) {
  return db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst()
}

export function hasOrderOfPlan(db: Q, companyId: number, planId: number) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('company_id', '=', companyId)
    .where('plan_id', '=', planId)
    .where('state', 'in', [OrderState.pending, OrderState.paid, OrderState.effective])
    .executeTakeFirst()
}

export async function countOrders(db: Q, companyId: number): Promise<number> {
  const { n } = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow()
  return Number(n)
}

export function pageOfOrders(db: Q, companyId: number, offset: number, limit: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute()
}

/** Unpaid orders whose 15 minutes are over (of one company, or all for the sweep). */
export function duePendingOrders(db: Q, now: number, companyId?: number) {
  let q = db
    .selectFrom('orders')
    .select(['id', 'order_no', 'pay_channels', 'expires_at'])
    .where('state', '=', OrderState.pending)
    .where('expires_at', '<=', now)
  if (companyId !== undefined) q = q.where('company_id', '=', companyId)
  return q.limit(500).execute()
}

/** 待支付 → 已取消 or 已关闭; false when the order had already left 待支付. */
export async function endPending(
  db: Q,
  orderId: number,
  state: typeof OrderState.cancelled | typeof OrderState.closed,
  now: number,
) {
  return changed(
    await db
      .updateTable('orders')
      .set({ state, ended_at: now, updated_at: now })
      .where('id', '=', orderId)
      .where('state', '=', OrderState.pending)
      .executeTakeFirst(),
  )
}

/** 待支付 → 已支付, once. */
export async function setPaid(db: Q, orderId: number, channel: string, tradeNo: string, now: number) {
  return changed(
    await db
      .updateTable('orders')
      .set({ state: OrderState.paid, channel, trade_no: tradeNo, paid_at: now, updated_at: now })
      .where('id', '=', orderId)
      .where('state', '=', OrderState.pending)
      .executeTakeFirst(),
  )
}

/** 已支付 → 已生效 with what the order grants. */
export async function setEffective(
  db: Q,
  orderId: number,
  grant: {
    grant_starts_at: number | null
    grant_ends_at: number | null
    queries_left: number
    items_left: number
  },
  now: number,
) {
  return changed(
    await db
      .updateTable('orders')
      .set({ ...grant, state: OrderState.effective, effective_at: now, updated_at: now })
      .where('id', '=', orderId)
      .where('state', '=', OrderState.paid)
      .executeTakeFirst(),
  )
}

export async function insertPayment(db: Q, row: Insertable<PaymentsTable>) {
  await db
    .insertInto('payments')
    .values(row)
    .onConflict((oc) => oc.columns(['channel', 'trade_no']).doNothing())
    .execute()
}

export function paymentsOf(db: Q, orderNo: string) {
  return db.selectFrom('payments').selectAll().where('order_no', '=', orderNo).orderBy('id').execute()
}

/**
 * Takes the company's row lock for the rest of the transaction (PostgreSQL; SQLite runs one writer), so
 * two orders of one company taking effect at once chain their periods instead of overlapping.
 */
export async function lockCompany(db: Q, companyId: number) {
  await db.updateTable('companies').set({ type4s: sql`type4s` }).where('id', '=', companyId).execute()
}

/** The end of a company's last service period (trial or paid), null when it never had one. */
export async function latestServiceEnd(db: Q, companyId: number): Promise<number | null> {
  const row = await db
    .selectFrom('services')
    .select((eb) => eb.fn.max('ends_at').as('end'))
    .where('company_id', '=', companyId)
    .executeTakeFirst()
  return row?.end == null ? null : Number(row.end)
}

export async function insertPaidService(
  db: Q,
  row: { company_id: number; starts_at: number; ends_at: number; order_id: number; created_at: number },
) {
  await db
    .insertInto('services')
    .values({ ...row, kind: 'paid' })
    .execute()
}

/**
 * Takes up to `count` from the company's effective packs of a kind (a query pack's queries, a data-items
 * pack's items, the trial included), oldest first; answers how many it took (fewer when the packs run out).
 * Each take is a conditional decrement, tried again when another request emptied the chosen pack first, so
 * concurrent requests never take one twice.
 */
async function takeFromPacks(
  db: Q,
  companyId: number,
  kind: 'query_pack' | 'data_items',
  count: number,
): Promise<number> {
  const left = kind === 'query_pack' ? 'queries_left' : 'items_left'
  let wanted = count
  for (let attempt = 0; wanted > 0 && attempt < 20; attempt++) {
    const pack = await db
      .selectFrom('orders')
      .select(['id', `${left} as left`])
      .where('company_id', '=', companyId)
      .where('state', '=', OrderState.effective)
      .where('plan_kind', '=', kind)
      .where(left, '>', 0)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()
    if (!pack) break
    const take = Math.min(wanted, Number(pack.left))
    const used = await db
      .updateTable('orders')
      .set((eb) => ({ [left]: eb(left, '-', take) }))
      .where('id', '=', pack.id)
      .where(left, '>=', take)
      .executeTakeFirst()
    if (changed(used)) wanted -= take
  }
  return count - wanted
}

/** Uses one query of the company's query packs; false when none is left. */
export async function usePackQuery(db: Q, companyId: number): Promise<boolean> {
  return (await takeFromPacks(db, companyId, 'query_pack', 1)) === 1
}

/** Takes up to `count` data-service items (the open API's metering); answers how many it took. */
export function useDataItems(db: Q, companyId: number, count: number): Promise<number> {
  return takeFromPacks(db, companyId, 'data_items', count)
}

export interface Entitlement {
  /** The end of the last service period (trial or paid), null when there never was one. */
  serviceEndsAt: number | null
  /** Whether a period covers `now`. */
  periodActive: boolean
  queriesLeft: number
  /** The company's own seats (owner + 2 staff, BASE_SEATS) plus the bought seats running now. */
  seats: number
  itemsLeft: number
}

const effective: OrderStateName = OrderState.effective

/** A company's entitlement, derived in one statement from its services (trial, paid periods) and effective orders. */
export async function entitlementOf(db: Q, companyId: number, now: number): Promise<Entitlement> {
  const row = await db
    .selectFrom('companies')
    .select((eb) => [
      eb
        .selectFrom('services')
        .select((s) => s.fn.max('ends_at').as('v'))
        .where('services.company_id', '=', companyId)
        .as('service_ends_at'),
      eb
        .exists(
          eb
            .selectFrom('services')
            .select('services.id')
            .where('services.company_id', '=', companyId)
            .where('services.starts_at', '<=', now)
            .where('services.ends_at', '>', now),
        )
        .as('period_active'),
      eb
        .selectFrom('orders')
        .select((s) => s.fn.sum<number>('queries_left').as('v'))
        .where('orders.company_id', '=', companyId)
        .where('orders.state', '=', effective)
        .where('orders.plan_kind', '=', 'query_pack')
        .as('queries_left'),
      eb
        .selectFrom('orders')
        .select((s) => s.fn.sum<number>('seats').as('v'))
        .where('orders.company_id', '=', companyId)
        .where('orders.state', '=', effective)
        .where('orders.plan_kind', '=', 'seats')
        .where('orders.grant_starts_at', '<=', now)
        .where('orders.grant_ends_at', '>', now)
        .as('seats'),
      eb
        .selectFrom('orders')
        .select((s) => s.fn.sum<number>('items_left').as('v'))
        .where('orders.company_id', '=', companyId)
        .where('orders.state', '=', effective)
        .where('orders.plan_kind', '=', 'data_items')
        .as('items_left'),
    ])
    .where('companies.id', '=', companyId)
    .executeTakeFirstOrThrow()
  return {
    serviceEndsAt: row.service_ends_at == null ? null : Number(row.service_ends_at),
    periodActive: Boolean(row.period_active),
    queriesLeft: Number(row.queries_left ?? 0),
    seats: BASE_SEATS + Number(row.seats ?? 0),
    itemsLeft: Number(row.items_left ?? 0),
  }
}

/** 待支付 and not yet past its time → paid by bank transfer: the channel noted and its longer wait set. */
export async function startTransfer(
  db: Q,
  orderId: number,
  channels: { from: string; to: string },
  expiresAt: number,
  now: number,
) {
  return changed(
    await db
      .updateTable('orders')
      .set({ pay_channels: channels.to, expires_at: expiresAt, updated_at: now })
      .where('id', '=', orderId)
      .where('pay_channels', '=', channels.from)
      .where('state', '=', OrderState.pending)
      .where('expires_at', '>', now)
      .executeTakeFirst(),
  )
}

// Invoices

export function invoicesOf(db: Q, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([])
  return db.selectFrom('invoices').selectAll().where('order_id', 'in', orderIds).execute()
}

/** Records an invoice request; false when the order already has one. */
export async function insertInvoice(db: Q, row: Insertable<InvoicesTable>) {
  const result = await db
    .insertInto('invoices')
    .values(row)
    .onConflict((oc) => oc.column('order_id').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}

// Notices

/** Companies whose last service period ends after `now` and within `withinMs`, with that end. */
export function servicesEndingWithin(db: Q, now: number, withinMs: number, companyId?: number) {
  let q = db
    .selectFrom('services')
    .select((eb) => [
      'company_id',
      eb.fn.max('ends_at').as('end'),
      // Paid periods start where the last one ends, so a company with none is still in its trial.
      sql<number>`max(case when kind = 'paid' then 1 else 0 end)`.as('paid'),
    ])
    .groupBy('company_id')
    .having((eb) => eb.fn.max('ends_at'), '>', now)
    .having((eb) => eb.fn.max('ends_at'), '<=', now + withinMs)
  if (companyId !== undefined) q = q.where('company_id', '=', companyId)
  return q.execute()
}

/** Adds a notice once per company, kind and subject. */
export async function insertNotice(db: Q, row: Insertable<NoticesTable>) {
  await db
    .insertInto('notices')
    .values(row)
    .onConflict((oc) => oc.columns(['company_id', 'kind', 'subject']).doNothing())
    .execute()
}

export function unreadNotices(db: Q, companyId: number) {
  return db
    .selectFrom('notices')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('read_at', 'is', null)
    .orderBy('id', 'desc')
    .execute()
}

export async function readNotice(db: Q, companyId: number, id: number, now: number) {
  const row = await db
    .selectFrom('notices')
    .select(['id', 'read_at'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst()
  if (!row) return false
  if (row.read_at == null) {
    await db
      .updateTable('notices')
      .set({ read_at: now })
      .where('id', '=', id)
      .where('read_at', 'is', null)
      .execute()
  }
  return true
}
