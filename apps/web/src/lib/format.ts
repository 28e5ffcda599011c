// Money as every screen shows it: yuan with two decimals and thousands separators, '-' where there is no
// price.
const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined ? '-' : `¥${yuan.format(value)}`
}

const BEIJING_OFFSET_MS = 8 * 3600_000
export const DAY_MS = 86_400_000

/** Epoch milliseconds as the server writes its times: Beijing 'YYYY-MM-DD HH:mm:ss', whatever the browser's zone. */
export function formatBeijingTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '-'
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ')
}

/** A server time (Beijing 'YYYY-MM-DD HH:mm:ss') as epoch milliseconds; NaN for '' or anything else. */
export function parseBeijingTime(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text)
  if (!match) return Number.NaN
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[]
  return Date.UTC(y as number, (mo as number) - 1, d, h, mi, s) - BEIJING_OFFSET_MS
}

/** Whole days from now until `endMs`, a started day counting as one; 0 once it has passed. */
export function daysLeft(endMs: number, now: number = Date.now()): number {
  return Number.isFinite(endMs) ? Math.max(0, Math.ceil((endMs - now) / DAY_MS)) : 0
}
