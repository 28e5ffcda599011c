// Time as the server sees it; tests pass a clock they can move to cross minutes, days and expiries.
export interface Clock {
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }

const BEIJING_OFFSET_MS = 8 * 3600_000

/** Day number in Beijing time, the day a Chinese shop's daily quota runs on. */
export function beijingDay(ms: number): number {
  return Math.floor((ms + BEIJING_OFFSET_MS) / 86_400_000)
}

/** 'YYYY-MM-DD HH:mm:ss' in Beijing time, as the sheets and their exports show it. */
export function beijingTime(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ')
}

/** 'YYYYMMDD' in Beijing time, the date part of an OrderId. */
export function beijingDate(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '')
}
