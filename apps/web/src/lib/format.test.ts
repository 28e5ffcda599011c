// Money and the server's Beijing times, whatever zone the browser is in.
import { describe, expect, it } from 'vitest'
import { DAY_MS, daysLeft, formatBeijingTime, formatMoney, parseBeijingTime } from './format'

describe('format', () => {
  it('shows money with two decimals', () => {
    expect(formatMoney(199)).toBe('¥199.00')
    expect(formatMoney(1980.5)).toBe('¥1,980.50')
    expect(formatMoney(null)).toBe('-')
  })

  it('writes and reads Beijing times as the server does', () => {
    const ms = Date.UTC(2025, 0, 31, 16, 30, 5)
    expect(formatBeijingTime(ms)).toBe('2025-02-01 00:30:05')
    expect(parseBeijingTime('2025-02-01 00:30:05')).toBe(ms)
    expect(parseBeijingTime('')).toBeNaN()
    expect(formatBeijingTime(null)).toBe('-')
  })

  it('counts a started day as a day left, and none once past', () => {
    const now = Date.UTC(2025, 0, 1)
    expect(daysLeft(now + 30 * DAY_MS, now)).toBe(30)
    expect(daysLeft(now + 1, now)).toBe(1)
    expect(daysLeft(now - 1, now)).toBe(0)
    expect(daysLeft(Number.NaN, now)).toBe(0)
  })
})
