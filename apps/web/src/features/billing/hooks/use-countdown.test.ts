import { describe, expect, it } from 'vitest'
import { formatCountdown } from './use-countdown'

describe('formatCountdown', () => {
  it('shows minutes and seconds, hours when there are any, and days for a transfer', () => {
    expect(formatCountdown(15 * 60_000)).toBe('15:00')
    expect(formatCountdown(61_500)).toBe('01:02')
    expect(formatCountdown(0)).toBe('00:00')
    expect(formatCountdown(2 * 3600_000 + 5_000)).toBe('02:00:05')
    expect(formatCountdown(7 * 86_400_000 - 1000)).toBe('6天 23:59:59')
  })
})
