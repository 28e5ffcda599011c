// Checks the demo catalogue's domain content hangs together: group counts, every name generic and used,
// the trade aliases clerks search by, and the maintenance and accident-zone tables.
import { describe, expect, it } from 'vitest'
import { serviceMileage } from '../../modules/catalogue/scenarios.service'
import { ACCIDENT_ZONES } from './accident-zones'
import { GENERIC_NAMES } from './generic-names'
import { MAINTENANCE_ITEMS } from './maintenance'
import { PART_SHAPES } from './shapes'
import { MAIN_GROUPS, specificName } from './taxonomy'

const subGroups = MAIN_GROUPS.flatMap((g) => g.subGroups)
const callouts = subGroups.flatMap((s) => s.callouts)
const genericNames = new Set(GENERIC_NAMES.map((g) => g.name))
const byName = new Map(GENERIC_NAMES.map((g) => [g.name, g]))

describe('taxonomy', () => {
  it('has 10 main groups numbered 1 to 10', () => {
    expect(MAIN_GROUPS.map((g) => g.mainNumber)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'])
  })

  it('has 6 to 10 sub groups per main group, numbered under it', () => {
    for (const g of MAIN_GROUPS) {
      expect(g.subGroups.length, g.name).toBeGreaterThanOrEqual(6)
      expect(g.subGroups.length, g.name).toBeLessThanOrEqual(10)
      for (const s of g.subGroups) expect(s.subNumber, s.name).toMatch(new RegExp(`^${g.mainNumber}\\d{2}$`))
    }
  })

  it('has unique sub numbers', () => {
    const numbers = subGroups.map((s) => s.subNumber)
    expect(new Set(numbers).size).toBe(numbers.length)
  })

  it('has 8 to 25 callouts per sub group, with positive quantities', () => {
    for (const s of subGroups) {
      expect(s.callouts.length, s.subNumber).toBeGreaterThanOrEqual(8)
      expect(s.callouts.length, s.subNumber).toBeLessThanOrEqual(25)
      for (const c of s.callouts) expect(c.qty, `${s.subNumber} ${c.name}`).toBeGreaterThan(0)
    }
  })

  it('draws every callout with a known shape, the same one for a name everywhere', () => {
    const shapes = new Set<string>(PART_SHAPES)
    const shapeOf = new Map<string, string>()
    for (const c of callouts) {
      expect(shapes.has(c.shape), `${c.name}: ${c.shape}`).toBe(true)
      expect(shapeOf.get(c.name) ?? c.shape, c.name).toBe(c.shape)
      shapeOf.set(c.name, c.shape)
    }
  })

  it('never lists the same specific part twice in one sub group', () => {
    for (const s of subGroups) {
      const names = s.callouts.map(specificName)
      expect(new Set(names).size, s.subNumber).toBe(names.length)
    }
  })

  it('puts positions before the name and specifications after it', () => {
    expect(specificName({ name: '前大灯总成', qualifier: '左' })).toBe('左前大灯总成')
    expect(specificName({ name: '凸轮轴', qualifier: '进气' })).toBe('进气凸轮轴')
    expect(specificName({ name: '六角法兰螺栓', qualifier: 'M8×25' })).toBe('六角法兰螺栓 M8×25')
    expect(specificName({ name: '机油滤清器' })).toBe('机油滤清器')
  })
})

describe('generic names', () => {
  it('has 450 to 678 unique names', () => {
    expect(GENERIC_NAMES.length).toBeGreaterThanOrEqual(450)
    expect(GENERIC_NAMES.length).toBeLessThanOrEqual(678)
    expect(genericNames.size).toBe(GENERIC_NAMES.length)
  })

  it('covers every callout name, and every name is used by a callout', () => {
    const used = new Set(callouts.map((c) => c.name))
    expect([...used].filter((n) => !genericNames.has(n))).toEqual([])
    expect([...genericNames].filter((n) => !used.has(n))).toEqual([])
  })

  it('keeps names side-neutral, leaving 左/右 to qualifiers', () => {
    expect([...genericNames].filter((n) => /^[左右]/u.test(n))).toEqual([])
  })

  it('files every name under a main group, with a unit', () => {
    const groups = new Set(MAIN_GROUPS.map((g) => g.name))
    for (const g of GENERIC_NAMES) {
      expect(groups.has(g.system), `${g.name}: ${g.system}`).toBe(true)
      expect(g.unit, g.name).not.toBe('')
    }
  })

  it('never uses another generic name as an alias, so a search for one finds that part', () => {
    for (const g of GENERIC_NAMES) {
      expect(
        g.aliases.filter((a) => genericNames.has(a) || a === ''),
        g.name,
      ).toEqual([])
      expect(new Set(g.aliases).size, g.name).toBe(g.aliases.length)
    }
  })

  it('carries the trade names the issue asks for', () => {
    const aliasesOf = (name: string) => byName.get(name)?.aliases ?? []
    expect(aliasesOf('机油滤清器')).toContain('机油格')
    expect(aliasesOf('空气滤清器')).toContain('风格')
    expect(aliasesOf('翼子板')).toContain('叶子板')
    expect(aliasesOf('前制动片')).toEqual(expect.arrayContaining(['刹车皮', '前刹车片', '刹车片']))
    expect(aliasesOf('后制动片')).toEqual(expect.arrayContaining(['刹车皮', '后刹车片', '刹车片']))
  })
})

describe('maintenance', () => {
  it('names only generic names, with positive quantities and intervals', () => {
    for (const item of MAINTENANCE_ITEMS) {
      expect(genericNames.has(item.name), item.name).toBe(true)
      expect(item.qty).toBeGreaterThan(0)
      expect(item.intervalKm % 5000, item.name).toBe(0)
      expect(item.intervalMonths).toBeGreaterThan(0)
    }
  })

  it('sells engine oil by the litre', () => {
    expect(byName.get('发动机机油')?.unit).toBe('升')
  })

  it('is due at the mileage milestones, by the look-up rule', () => {
    const at = (km: number) =>
      MAINTENANCE_ITEMS.filter((i) => serviceMileage(km) % i.intervalKm === 0).map((i) => i.name)
    expect(at(10_000)).toEqual(expect.arrayContaining(['发动机机油', '机油滤清器', '放油螺塞垫片']))
    expect(at(10_000)).not.toContain('火花塞')
    expect(at(40_000)).toEqual(expect.arrayContaining(['机油滤清器', '火花塞', '前制动片', '制动液']))
    expect(at(9_800)).toContain('机油滤清器')
    expect(at(100_000)).toContain('正时皮带')
  })
})

describe('accident zones', () => {
  const codes = new Set(ACCIDENT_ZONES.map((z) => z.code))
  const tops = ACCIDENT_ZONES.filter((z) => z.parent === undefined)

  it('has unique codes, and children point at a top zone and extend its code', () => {
    expect(codes.size).toBe(ACCIDENT_ZONES.length)
    for (const z of ACCIDENT_ZONES) {
      if (z.parent === undefined) continue
      expect(
        tops.map((t) => t.code),
        z.code,
      ).toContain(z.parent)
      expect(z.code.startsWith(`${z.parent}.`), z.code).toBe(true)
    }
  })

  it('has the five top zones, each with 3 to 6 sub zones', () => {
    expect(tops.map((t) => t.code)).toEqual(['front', 'rear', 'left', 'right', 'roof'])
    for (const t of tops) {
      const children = ACCIDENT_ZONES.filter((z) => z.parent === t.code)
      expect(children.length, t.code).toBeGreaterThanOrEqual(3)
      expect(children.length, t.code).toBeLessThanOrEqual(6)
    }
  })

  it('names only generic names, without repeats in a zone', () => {
    for (const z of ACCIDENT_ZONES) {
      expect(
        z.names.filter((n) => !genericNames.has(n)),
        z.code,
      ).toEqual([])
      expect(new Set(z.names).size, z.code).toBe(z.names.length)
    }
    for (const z of ACCIDENT_ZONES.filter((z) => z.parent !== undefined))
      expect(z.names.length).toBeGreaterThan(0)
  })
})
