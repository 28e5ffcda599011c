// Billing: plans as data (seeded here, edited by the operator later), orders with their state stored as the
// spec's words, coupons, and every payment an order was told of. A paid period order adds a services row
// (order_id), so the service check stays the one rule over `services` that the trial already used.
import type { Kysely } from 'kysely'
import type { DialectName } from '../database'
import { withId } from './helpers'

export const SEEDED_PLANS = [
  { code: 'vin_month', name: 'VIN 查询月卡', kind: 'vin_period', price_fen: 19_900, days: 30 },
  { code: 'vin_quarter', name: 'VIN 查询季卡', kind: 'vin_period', price_fen: 53_800, days: 90 },
  { code: 'vin_year', name: 'VIN 查询年卡', kind: 'vin_period', price_fen: 198_000, days: 365 },
  { code: 'all_brands_year', name: '全品牌年卡', kind: 'all_brands_period', price_fen: 298_000, days: 365 },
  {
    code: 'extra_seat',
    name: '加购子账号席位（1个，一年）',
    kind: 'seats',
    price_fen: 36_000,
    days: 365,
    seats: 1,
  },
  { code: 'query_pack_500', name: '按次包 500 次', kind: 'query_pack', price_fen: 29_900, queries: 500 },
  {
    code: 'data_items_10000',
    name: '数据服务条数包 1 万条',
    kind: 'data_items',
    price_fen: 50_000,
    items: 10_000,
  },
  { code: 'data_items_trial', name: '数据服务试用 100 条', kind: 'data_items', price_fen: 0, items: 100 },
] as const

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('plans'), dialect)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('price_fen', 'bigint', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('queries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seats', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('items', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await withId(db.schema.createTable('coupons'), dialect)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('threshold_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('off_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_from', 'bigint', (c) => c.notNull())
    .addColumn('valid_to', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('unused'))
    .addColumn('order_id', 'integer')
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('coupons_company_idx').on('coupons').column('company_id').execute()

  await withId(db.schema.createTable('orders'), dialect)
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id'))
    .addColumn('plan_code', 'text', (c) => c.notNull())
    .addColumn('plan_name', 'text', (c) => c.notNull())
    .addColumn('plan_kind', 'text', (c) => c.notNull())
    .addColumn('list_fen', 'bigint', (c) => c.notNull())
    .addColumn('discount_fen', 'bigint', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('extra_days', 'integer', (c) => c.notNull())
    .addColumn('queries', 'integer', (c) => c.notNull())
    .addColumn('seats', 'integer', (c) => c.notNull())
    .addColumn('items', 'integer', (c) => c.notNull())
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('channel', 'text')
    .addColumn('trade_no', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('effective_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .addColumn('grant_starts_at', 'bigint')
    .addColumn('grant_ends_at', 'bigint')
    .addColumn('queries_left', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('items_left', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('orders_company_idx').on('orders').columns(['company_id', 'id']).execute()
  await db.schema.createIndex('orders_state_idx').on('orders').columns(['state', 'expires_at']).execute()

  await withId(db.schema.createTable('payments'), dialect)
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('order_no', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('trade_no', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('payments_trade_unique', ['channel', 'trade_no'])
    .execute()

  await db.schema
    .alterTable('services')
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .execute()

  await (db as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('plans')
    .values(
      SEEDED_PLANS.map((p, i) => ({
        code: p.code,
        name: p.name,
        kind: p.kind,
        price_fen: p.price_fen,
        days: 'days' in p ? p.days : 0,
        queries: 'queries' in p ? p.queries : 0,
        seats: 'seats' in p ? p.seats : 0,
        items: 'items' in p ? p.items : 0,
        active: 1,
        sort: (i + 1) * 10,
      })),
    )
    .execute()
}
