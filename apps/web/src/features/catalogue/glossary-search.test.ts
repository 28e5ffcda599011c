// The glossary screen's view of the server's answers: totals from the whole glossary, sections as ranked,
// and what to highlight taken from the server's match.
import type { GlossaryAnswer, GlossaryName } from '@epc/shared'
import { describe, expect, it } from 'vitest'
import { matchNote } from './components/GlossarySection'
import { glossaryView } from './glossary-search'

const name = (n: string, aliases: string[] = [], match: GlossaryName['match'] = null): GlossaryName => ({
  name: n,
  pinyin: '',
  initials: '',
  unit: '个',
  aliases,
  match,
})

const all: GlossaryAnswer = {
  systems: [
    { system: '发动机', names: [name('火花塞', ['火咀']), name('机油滤清器')] },
    { system: '变速箱及传动系统', names: [name('球笼', ['外球笼'])] },
  ],
  suggestions: [],
}

describe('glossaryView', () => {
  it('lists every system with its total when there is no keyword', () => {
    const view = glossaryView(all, undefined)
    expect(view.total).toBe(3)
    expect(view.found).toBe(3)
    expect(view.nav.map((n) => [n.system, n.total, n.found])).toEqual([
      ['发动机', 2, 2],
      ['变速箱及传动系统', 1, 1],
    ])
  })

  it('shows the keyword answer as ranked, counts per system, and highlights the alias that matched', () => {
    const found: GlossaryAnswer = {
      systems: [
        {
          system: '变速箱及传动系统',
          names: [
            name('球笼', ['外球笼'], {
              text: '外球笼',
              alias: true,
              kind: 'exact',
              via: 'chars',
              spans: [[0, 3]],
            }),
          ],
        },
      ],
      suggestions: [],
    }
    const view = glossaryView(all, found)
    expect(view.groups.map((g) => [g.system, g.total, g.hits.length])).toEqual([['变速箱及传动系统', 1, 1]])
    expect(view.nav.map((n) => n.found)).toEqual([0, 1])
    const hit = view.groups[0]?.hits[0]
    expect(hit?.name).toEqual([])
    expect(hit?.aliases.get('外球笼')).toEqual([[0, 3]])
    expect(matchNote(hit?.entry.match ?? null)).toBe('按 外球笼 找到')
  })

  it('passes the suggestions on and says how a name was reached', () => {
    const view = glossaryView(all, { systems: [], suggestions: ['刹车片'] })
    expect(view.found).toBe(0)
    expect(view.suggestions).toEqual(['刹车片'])
    const sound = { text: '刹车片', alias: true, kind: 'sound', via: 'sound', spans: [[0, 3]] } as const
    expect(matchNote({ ...sound, spans: [[0, 3]] })).toBe('按 刹车片（同音）找到')
    expect(matchNote({ ...sound, alias: false, text: '火花塞', spans: [[0, 3]] })).toBe('同音')
    expect(matchNote({ ...sound, kind: 'partial', via: 'chars', alias: false, spans: [[0, 2]] })).toBe(
      '部分匹配',
    )
    expect(matchNote({ ...sound, kind: 'sound', via: 'initials', alias: false, spans: [[0, 3]] })).toBe('')
  })
})
