// The numbers a part code not found may have meant: look-alike characters first, then one slip of a key.
import { describe, expect, it } from 'vitest'
import { lookalikeNumbers, mistypedNumbers } from './parts.service'

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

describe('mistypedNumbers', () => {
  const typed = '04465X3450'
  const meant = mistypedNumbers(typed)
  const rank = (n: string) => meant.indexOf(n)

  it('finds one slip of each kind: swapped, extra, wrong, missing, and S, B, Z, G for 5, 8, 2, 6', () => {
    expect(rank('04465X3540')).toBeGreaterThan(-1) // two neighbours swapped
    expect(rank('04465X345')).toBeGreaterThan(-1) // a character too many
    expect(rank('0446533450')).toBeGreaterThan(-1) // one wrong
    expect(rank('04465X34550')).toBeGreaterThan(-1) // one missing
    expect(rank('0446SX3450')).toBeGreaterThan(-1)
    expect(mistypedNumbers('8Z2G6B')).toEqual(
      expect.arrayContaining(['BZ2G6B', '822G6B', '8ZZG6B', '8Z266B']),
    )
  })

  it('puts look-alikes first, then swaps, extras, wrong characters and missing ones', () => {
    const order = ['O4465X3450', '0446SX3450', '04465X3540', '04465X345', '0446533450', '04465X34550'].map(
      rank,
    )
    expect(order).toEqual([...order].sort((a, b) => a - b))
  })

  it('never offers the typed number, nor any number twice', () => {
    expect(meant).not.toContain(typed)
    expect(new Set(meant).size).toBe(meant.length)
  })

  it('looks for key slips only in numbers of part-number length; look-alikes in any', () => {
    // A 5-character code: the O/0 and I/1 mixes, then B for 8 and 2 for Z, one place at a time.
    expect(mistypedNumbers('A1B2C')).toEqual(['AIB2C', 'A182C', 'A1BZC'])
    expect(mistypedNumbers('X'.repeat(25))).toEqual([])
    expect(mistypedNumbers('X'.repeat(24)).length).toBeGreaterThan(0)
  })
})
