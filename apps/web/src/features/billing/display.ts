// How billing data reads on screen: channel and state names, what a plan unlocks, a coupon's value and
// threshold, and the order states that count as paid.
import {
  OrderState,
  type OrderStateName,
  PayChannelNames,
  PERIOD_PLAN_KINDS,
  type PlanKind,
} from '@epc/shared'
import { formatMoney } from '../../lib/format'
import type { Coupon, Order, Plan } from './types'

export const CHANNEL_NAMES: Record<string, string> = { ...PayChannelNames, free: '免费领取' }

export const channelName = (channel: string | undefined) => (channel && CHANNEL_NAMES[channel]) || '-'

export const STATE_COLORS: Record<OrderStateName, string> = {
  [OrderState.pending]: 'orange',
  [OrderState.paid]: 'blue',
  [OrderState.effective]: 'green',
  [OrderState.cancelled]: 'default',
  [OrderState.closed]: 'default',
  [OrderState.refunding]: 'purple',
  [OrderState.refunded]: 'default',
}

export const isPaid = (state: string) => state === OrderState.paid || state === OrderState.effective
export const isEnded = (state: string) => state === OrderState.closed || state === OrderState.cancelled
export const isPeriodPlan = (kind: PlanKind) => PERIOD_PLAN_KINDS.includes(kind)

/** What a plan (or an order of it) unlocks, one phrase each. */
export function unlocks(p: Pick<Plan, 'Kind' | 'Days' | 'Queries' | 'Seats' | 'Items'>): string[] {
  const list: string[] = []
  if (p.Kind === 'all_brands_period') list.push('全品牌配件查询')
  if (p.Kind === 'vin_period') list.push('VIN查询与配件编码查询')
  if (p.Seats) list.push(`子账号席位 ${p.Seats} 个`)
  if (p.Days) list.push(`有效期 ${p.Days} 天`)
  if (p.Queries) list.push(`查询 ${p.Queries} 次（不限期）`)
  if (p.Items) list.push(`数据服务 ${p.Items.toLocaleString('zh-CN')} 条`)
  return list
}

/** The days an order grants, with a coupon's extra days. */
export function orderDays(o: Pick<Order, 'Days' | 'ExtraDays'>): string {
  if (!o.Days) return '-'
  return o.ExtraDays ? `${o.Days} 天 + 赠送 ${o.ExtraDays} 天` : `${o.Days} 天`
}

export function couponValue(c: Coupon): string {
  if (c.Kind === '满减') return `减 ${formatMoney(c.Off)}`
  if (c.Kind === '折扣') return `${c.Percent / 10} 折`
  return `赠送 ${c.Days} 天`
}

export function couponThreshold(c: Coupon): string {
  const scope = c.Kind === '赠送天数' ? '期限套餐' : '套餐'
  return c.Threshold > 0 ? `${scope}满 ${formatMoney(c.Threshold)} 可用` : `${scope}无门槛`
}
