// Counters over the shared store: simple fixed-window limits, and the daily look-up quota with the burst
// detector that catalogue calls opt into (`lookup: true` on the call).
import { Messages, ResultCode } from '@epc/shared'
import { beijingDay } from '../clock'
import type { AppContext } from '../context'
import { setAccountState } from '../modules/accounts/accounts.repository'
import type { Caller } from './auth'
import { AppError } from './errors'

/** Counts one event in a window; answers true once the count is past the limit. */
export async function overLimit(ctx: AppContext, key: string, limit: number, windowMs: number) {
  return (await ctx.store.incr(key, windowMs)) > limit
}

export async function countLookup(ctx: AppContext, caller: Caller): Promise<void> {
  const { dailyLimit, burstPerMinute, burstMinutes } = ctx.config.quota
  const now = ctx.clock.now()
  const id = caller.accountId

  if (burstPerMinute > 0 && burstMinutes > 0) {
    const minute = Math.floor(now / 60_000)
    const thisMinute = await ctx.store.incr(`burst:${id}:${minute}`, (burstMinutes + 1) * 60_000)
    if (thisMinute > burstPerMinute) {
      const earlier = Array.from({ length: burstMinutes - 1 }, (_, i) => `burst:${id}:${minute - 1 - i}`)
      const counts = await ctx.store.getMany(earlier)
      if (counts.every((c) => Number(c) > burstPerMinute)) {
        await setAccountState(ctx.db.kysely, id, 'banned', 'burst', now)
        throw new AppError(ResultCode.AccountBanned, Messages.accountBanned)
      }
    }
  }

  const used = await ctx.store.incr(`quota:${id}:${beijingDay(now)}`, 26 * 3600_000)
  if (used > dailyLimit) throw new AppError(ResultCode.QuotaExceeded, Messages.quotaExceeded)
}
