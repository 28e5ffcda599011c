// Where a part or zone sits, read from its name, and which parts a zone's hit reaches.
import { describe, expect, it } from 'vitest'
import { parsePosition, positionOfName, withinParent, zoneReaches } from './position'

describe('positionOfName', () => {
  it.each([
    ['右后车门锁', '右后'],
    ['左前门总成', '左前'],
    ['外后视镜总成', ''],
    ['左外后视镜总成', '左'],
    ['左后视镜', '左'],
    ['前保险杠皮', '前'],
    ['后翼子板', '后'],
    ['散热器', ''],
    ['中冷器', ''],
    ['左前下摆臂', '左前'],
    ['车门锁 左后', '左后'],
    ['车门锁（右前）', '右前'],
    ['左侧围/后翼子板', '左'],
    ['左侧', '左'],
    ['左右通用支架', ''],
    ['前后制动软管', ''],
    ['后氧传感器', ''],
    ['雨刮片 650mm', ''],
    ['B柱饰板', ''],
  ])('%s → %j', (name, position) => {
    expect(positionOfName(name)).toBe(position)
  })
})

describe('parsePosition', () => {
  it('reads a file column: empty leaves it to the name, 无 is none, anything else is refused', () => {
    expect(parsePosition('')).toBeUndefined()
    expect(parsePosition('无')).toBe('')
    expect(parsePosition('左后')).toBe('左后')
    expect(parsePosition('前')).toBe('前')
    expect(parsePosition('后左')).toBeNull()
    expect(parsePosition('上')).toBeNull()
  })
})

describe('zones', () => {
  it('take from their parent the side or end they leave open', () => {
    expect(withinParent('', '前')).toBe('前')
    expect(withinParent('左', '前')).toBe('左前')
    expect(withinParent('右后', '左前')).toBe('右后')
  })

  it.each([
    ['左前', '左前', true],
    ['左前', '右前', false],
    ['左前', '左后', false],
    ['左前', '前', true],
    ['左前', '', true],
    ['左', '左后', true],
    ['左', '右', false],
    ['前', '右前', true],
    ['前', '后', false],
    ['', '右后', true],
  ] as const)('a hit at %j reaches a part at %j: %s', (zone, part, reached) => {
    expect(zoneReaches(zone, part)).toBe(reached)
  })
})
