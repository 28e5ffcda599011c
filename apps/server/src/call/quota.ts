// The daily look-up quota and the burst detector, for the calls that are metered (`metered: true`).
import { Messages, ResultCode } from '@epc/shared'
import { beijingDay, type Clock } from '../clock'
import type { QuotaConfig } from '../config'
import type { SharedStore } from '../store/shared-store'
import type { Caller } from './auth'
import { AppError } from './errors'
import { metrics } from './metrics'

export interface QuotaParts {
  quota: QuotaConfig
  store: SharedStore
  clock: Clock
  /** Bans an account caught scraping (the accounts module's write, handed in by app.ts). */
  banAccount(accountId: number, now: number): Promise<void>
}

/** The daily quota's counter of one account: the owner's staff list reads it as the member's TodayQueries. */
export function quotaKey(accountId: number, now: number): string {
  return `quota:${accountId}:${beijingDay(now)}`
}

export async function meterLookup(parts: QuotaParts, caller: Caller): Promise<void> {
  const { dailyLimit, burstPerMinute, burstMinutes } = parts.quota
  const { store } = parts
  const now = parts.clock.now()
  const id = caller.accountId

  if (burstPerMinute > 0 && burstMinutes > 0) {
    const minute = Math.floor(now / 60_000)
    const thisMinute = await store.incr(`burst:${id}:${minute}`, (burstMinutes + 1) * 60_000)
    if (thisMinute > burstPerMinute) {
      const earlier = Array.from({ length: burstMinutes - 1 }, (_, i) => `burst:${id}:${minute - 1 - i}`)
      const counts = await store.getMany(earlier)
      if (counts.every((c) => Number(c) > burstPerMinute)) {
        await parts.banAccount(id, now)
        metrics.banned()
        throw new AppError(ResultCode.AccountBanned, Messages.accountBanned)
      }
    }
  }

  const used = await store.incr(quotaKey(id, now), 26 * 3600_000)
  if (used > dailyLimit) {
    metrics.quotaRefused()
    throw new AppError(ResultCode.QuotaExceeded, Messages.quotaExceeded)
  }
}
