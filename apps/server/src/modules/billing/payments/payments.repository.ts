// SQL of the payment calls: the channels an order's payment was started on, and the spacing of trade
// queries (orders.queried_at), both conditional updates on a pending order.
import { OrderState } from '@epc/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../../../db/schema'

type Q = Kysely<Database>

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) === 1

import { channelsOf } from '../billing.repository'

export { channelsOf }

/**
 * Adds a channel to a pending order's pay_channels, unless it is there. False when the order left 待支付 or
 * another request changed the list first (read it again and retry).
 */
export async function addPayChannel(
  db: Q,
  order: { id: number; pay_channels: string },
  channel: string,
  now: number,
): Promise<boolean> {
  const channels = channelsOf(order.pay_channels)
  const next = channels.includes(channel) ? order.pay_channels : [...channels, channel].join(',')
  return changed(
    await db
      .updateTable('orders')
      .set({ pay_channels: next, updated_at: now })
      .where('id', '=', order.id)
      .where('state', '=', OrderState.pending)
      .where('pay_channels', '=', order.pay_channels)
      .executeTakeFirst(),
  )
}

/**
 * Takes the right to ask the platforms about a pending order now: true at most once per `everyMs`, across
 * requests and processes (the conditional update on queried_at decides).
 */
export async function claimTradeQuery(db: Q, orderId: number, now: number, everyMs: number) {
  return changed(
    await db
      .updateTable('orders')
      .set({ queried_at: now })
      .where('id', '=', orderId)
      .where('state', '=', OrderState.pending)
      .where((eb) => eb.or([eb('queried_at', 'is', null), eb('queried_at', '<=', now - everyMs)]))
      .executeTakeFirst(),
  )
}
