// The name matcher against the demo catalogue's 678 generic names: a table of what a counter clerk types and
// the name it must find first, by rule; each rule's rows fail when the matcher is built without that rule.
import { describe, expect, it } from 'vitest'
import { GENERIC_NAMES, WORKSHOP_ALIASES } from '../../catalogue-data/demo/generic-names'
import { type MatcherRule, type MatchKind, NameMatcher, normalizeName } from './name-matcher'

const entries = GENERIC_NAMES.map((n, id) => ({ id, name: n.name, aliases: n.aliases }))
const nameOf = (id: number | undefined) => (id === undefined ? undefined : GENERIC_NAMES[id]?.name)
const matcher = new NameMatcher(entries)

type Row = [query: string, name: string, kind: MatchKind]

const RULES: Record<MatcherRule, Row[]> = {
  width: [
    ['ＨＨＳ', '火花塞', 'sound'],
    ['Ｏ型圈', 'O型圈', 'exact'],
  ],
  case: [
    ['KongQi', '空气滤清器', 'sound'],
    ['JYLQQ', '机油滤清器', 'sound'],
  ],
  separators: [
    ['jy-lqq', '机油滤清器', 'sound'],
    ['hh s', '火花塞', 'sound'],
  ],
  simplified: [
    ['機油濾清器', '机油滤清器', 'exact'],
    ['剎車片', '前制动片', 'exact'],
  ],
  variants: [
    ['气门咀', '气门嘴', 'exact'],
    ['换档拨叉', '换挡拨叉', 'exact'],
    ['车呔', '轮胎', 'exact'],
    ['大灯爪', '大灯支架', 'exact'],
  ],
  sound: [
    ['刹车骗', '前制动片', 'sound'],
    ['火化塞', '火花塞', 'sound'],
    ['机率', '机油滤清器', 'sound'],
    ['jiyoulvqingqi', '机油滤清器', 'sound'],
  ],
  tokens: [
    ['灯 雾', '前雾灯', 'exact'],
    ['轴承 前轮', '轮毂轴承', 'exact'],
    ['刹车片 后', '后制动片', 'exact'],
  ],
  partial: [
    ['左外球笼', '球笼', 'partial'],
    ['新款空气滤清器', '空气滤清器', 'partial'],
  ],
}

// The workshop words of the alias table: they fail on the lists without them.
const ALIASES: Row[] = [
  ['外球笼', '球笼', 'exact'],
  ['发动机皮带', '多楔带', 'exact'],
  ['压缩机爪', '空调压缩机支架', 'exact'],
]

function top(m: NameMatcher, query: string) {
  const hit = m.match(query)[0]
  return hit && { name: nameOf(hit.id), kind: hit.kind }
}

describe('name matcher', () => {
  const rows = [
    ...Object.entries(RULES).flatMap(([rule, list]) => list.map((r) => [rule, ...r])),
    ...ALIASES.map((r) => ['aliases', ...r]),
  ]
  it.each(rows)('%s: %s finds %s (%s)', (_rule, query, name, kind) => {
    expect(top(matcher, query as string)).toEqual({ name, kind })
  })

  it.each(Object.entries(RULES))('without %s its queries fail', (rule, list) => {
    const without = new NameMatcher(entries, [rule as MatcherRule])
    for (const [query, name, kind] of list) expect(top(without, query), query).not.toEqual({ name, kind })
  })

  it('without the workshop words their queries fail', () => {
    const bare = GENERIC_NAMES.map((n, id) => ({
      id,
      name: n.name,
      aliases: n.aliases.filter((a) => !WORKSHOP_ALIASES.some((w) => w.name === n.name && w.alias === a)),
    }))
    const without = new NameMatcher(bare)
    for (const [query, name, kind] of ALIASES) expect(top(without, query), query).not.toEqual({ name, kind })
  })

  it('ranks exact characters before the same sound before partial', () => {
    const hits = matcher.match('刹车片')
    expect(hits.slice(0, 2).map((h) => [nameOf(h.id), h.kind, h.text])).toEqual([
      ['前制动片', 'exact', '刹车片'],
      ['后制动片', 'exact', '刹车片'],
    ])
    const ranks = hits.map((h) => h.rank)
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    // The name itself before its homophones and before names that only hold part of the query.
    const plug = matcher.match('火花塞')
    expect(nameOf(plug[0]?.id)).toBe('火花塞')
    expect(plug[0]?.kind).toBe('exact')
    const kinds = matcher.match('前轮毂轴承').map((h) => h.kind)
    expect(kinds.indexOf('partial')).toBeGreaterThan(-1)
    expect(kinds.lastIndexOf('exact')).toBeLessThan(kinds.indexOf('partial'))
  })

  it('says which alias matched and what to highlight', () => {
    expect(matcher.match('外球笼')[0]).toMatchObject({ text: '外球笼', alias: true, spans: [[0, 3]] })
    expect(matcher.match('刹车骗')[0]).toMatchObject({ text: '刹车片', alias: true, via: 'sound' })
    expect(matcher.match('火咀')[0]).toMatchObject({ text: '火咀', alias: true })
    expect(matcher.match('jylqq')[0]).toMatchObject({ text: '机油滤清器', via: 'initials', spans: [[0, 5]] })
    expect(matcher.match('lvqing')[0]).toMatchObject({ via: 'pinyin', spans: [[2, 2]] })
    const fog = matcher.match('灯 雾')[0]
    expect(fog?.text).toBe('前雾灯')
    expect(fog?.spans).toEqual(
      expect.arrayContaining([
        [1, 1],
        [2, 1],
      ]),
    )
  })

  it('offers the nearest names by pinyin when nothing matches', () => {
    expect(matcher.match('萨车片')).toEqual([])
    const near = matcher.suggest('萨车片')
    expect(near[0]).toMatchObject({ text: '刹车片', distance: 1 })
    expect(near[0]?.ids.map(nameOf)).toEqual(['前制动片', '后制动片'])
    expect(matcher.suggest('jiyoulvqinqi')[0]?.text).toBe('机油滤清器')
    expect(matcher.suggest('z')).toEqual([])
  })

  it('reaches nothing with only spaces and marks, and normalises names the same way as queries', () => {
    expect(matcher.match(' ，。 ')).toEqual([])
    expect(normalizeName('雾灯（左）')).toBe('雾灯左')
    expect(normalizeName('ＡＢＳ 泵')).toBe('abs泵')
    expect(normalizeName('換檔撥叉')).toBe('换挡拨叉')
  })
})
