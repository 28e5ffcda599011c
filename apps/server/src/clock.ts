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
