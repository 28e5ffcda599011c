// The look-alike numbers of a part code not found: every mix of O and 0, I and 1, the typed one left out.
import { describe, expect, it } from 'vitest'
import { lookalikeNumbers } from './parts.service'

describe('lookalikeNumbers', () => {
  it('varies each O, 0, I and 1 either way, leaving the other characters', () => {
    expect(lookalikeNumbers('3GO7').sort()).toEqual(['3G07'])
    expect(lookalikeNumbers('A1O').sort()).toEqual(['A10', 'AIO', 'AI0'].sort())
    expect(lookalikeNumbers('ABC')).toEqual([])
  })

  it('varies at most eight places, so a long run of zeros asks 255 numbers, not thousands', () => {
    const variants = lookalikeNumbers('1000000000000')
    expect(variants).toHaveLength(2 ** 8 - 1)
    expect(new Set(variants).size).toBe(variants.length)
    expect(variants.every((v) => v.endsWith('00000'))).toBe(true)
  })
})
