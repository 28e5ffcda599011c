// The demo exploded views: byte-stable, well-formed SVG that is safe to inline, every shape drawable, and one
// addressable callout per part placed where the web can highlight it without markers running into each other.
import { describe, expect, it } from 'vitest'
import { drawIllustration, type IllustrationInput } from './illustration'
import { PART_SHAPES, type PartShape } from './shapes'

const LAYOUTS = ['axis', 'assembly', 'panel', 'circuit'] as const
const SIZE_LIMIT = 25_000

const numbered = (shapes: readonly PartShape[]) => shapes.map((shape, i) => ({ callout: i + 1, shape }))

const brake: IllustrationInput = {
  imageId: 'DEMO-VW-3C0-615-A01',
  title: '前制动器',
  layout: 'axis',
  seed: 7,
  parts: numbered([
    'hub',
    'bolt',
    'disc',
    'bolt',
    'caliper',
    'pad',
    'pad',
    'clip',
    'spring',
    'bracket',
    'bolt',
    'hose',
    'washer',
    'sensor',
  ]),
}

/** Returns why the text is not well-formed XML, or null: balanced tags, quoted attributes, escaped text. */
function xmlProblem(xml: string): string | null {
  const entity = '&(?:#\\d+|amp|lt|gt|quot|apos);'
  const attr = `\\s+[\\w:-]+="(?:[^"<&]|${entity})*"`
  const tag = new RegExp(`<(/?)([A-Za-z][\\w:-]*)((?:${attr})*)\\s*(/?)>`, 'y')
  const bareAmp = /&(?!#\d+;|amp;|lt;|gt;|quot;|apos;)/
  const stack: string[] = []
  let roots = 0
  let i = 0
  while (i < xml.length) {
    const lt = xml.indexOf('<', i)
    const text = xml.slice(i, lt === -1 ? xml.length : lt)
    if (text.includes('>') || bareAmp.test(text)) return `unescaped text at ${i}: ${text.slice(0, 40)}`
    if (stack.length === 0 && text.trim() !== '') return `text outside the root at ${i}`
    if (lt === -1) break
    tag.lastIndex = lt
    const m = tag.exec(xml)
    if (!m) return `malformed tag at ${lt}: ${xml.slice(lt, lt + 60)}`
    const [, close, name = '', attrs = '', selfClosing] = m
    const names = [...attrs.matchAll(/\s([\w:-]+)=/g)].map((a) => a[1])
    if (new Set(names).size !== names.length) return `repeated attribute in <${name}>`
    if (close) {
      if (stack.pop() !== name) return `unbalanced </${name}> at ${lt}`
    } else {
      if (stack.length === 0) roots++
      if (!selfClosing) stack.push(name)
    }
    i = tag.lastIndex
  }
  if (stack.length > 0) return `unclosed <${stack.at(-1)}>`
  return roots === 1 ? null : `${roots} root elements`
}

function expectSoundSheet(input: IllustrationInput): string {
  const drawn = drawIllustration(input)
  const { svg } = drawn
  expect(xmlProblem(svg)).toBeNull()
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600"')).toBe(true)
  expect([drawn.width, drawn.height]).toEqual([800, 600])
  expect(Buffer.byteLength(svg)).toBeLessThan(SIZE_LIMIT)
  // Safe to inline: nothing that loads, runs or styles the page around it.
  expect(svg).not.toMatch(/<script|<style|<foreignObject|<image|href=|url\(|\son\w+=|@import/i)
  expect([...svg.matchAll(/font-family="([^"]*)"/g)].every((m) => m[1] === 'sans-serif')).toBe(true)

  const wanted = input.parts.map((p) => p.callout).sort((a, b) => a - b)
  expect(drawn.callouts.map((c) => c.callout)).toEqual(wanted)
  for (const c of drawn.callouts) {
    expect(c.x - 11).toBeGreaterThanOrEqual(0)
    expect(c.y - 11).toBeGreaterThanOrEqual(0)
    expect(c.x + 11).toBeLessThanOrEqual(800)
    expect(c.y + 11).toBeLessThanOrEqual(600)
  }
  for (const a of drawn.callouts) {
    for (const b of drawn.callouts) {
      if (a !== b) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(26)
    }
  }
  // One marker and one part group per callout, and each marker sits where the returned centre says.
  for (const c of drawn.callouts) {
    const marker = new RegExp(
      `<g class="callout" data-callout="${c.callout}"><circle cx="([\\d.]+)" cy="([\\d.]+)" r="11"[^>]*/><text[^>]*>${c.callout}</text></g>`,
      'g',
    )
    const found = [...svg.matchAll(marker)]
    expect(found).toHaveLength(1)
    expect(Number(found[0]?.[1])).toBeCloseTo(c.x, 1)
    expect(Number(found[0]?.[2])).toBeCloseTo(c.y, 1)
    expect(svg.split(`<g class="part" data-callout="${c.callout}" `)).toHaveLength(2)
  }
  expect(svg.match(/class="callout"/g)).toHaveLength(input.parts.length)
  expect(svg.match(/class="part"/g)).toHaveLength(input.parts.length)
  return svg
}

describe('drawIllustration', () => {
  it('gives byte-identical SVG for the same input and varies with the seed', () => {
    const first = drawIllustration(brake)
    const again = drawIllustration(structuredClone(brake))
    expect(again.svg).toBe(first.svg)
    expect(again.callouts).toEqual(first.callouts)
    expect(drawIllustration({ ...brake, seed: 8 }).svg).not.toBe(first.svg)
  })

  it('does not depend on the order the parts are listed in', () => {
    const reversed = { ...brake, parts: [...brake.parts].reverse() }
    expect(drawIllustration(reversed).svg).toBe(drawIllustration(brake).svg)
  })

  it('draws a sound sheet for a typical group in every layout', () => {
    for (const layout of LAYOUTS) expectSoundSheet({ ...brake, layout })
  })

  it('draws every part shape, in every layout', () => {
    for (const layout of LAYOUTS) {
      for (let from = 0; from < PART_SHAPES.length; from += 25) {
        const shapes = PART_SHAPES.slice(from, from + 25)
        const svg = expectSoundSheet({
          imageId: `SHAPES-${from}`,
          title: '形状一览',
          layout,
          seed: from,
          parts: numbered(shapes),
        })
        // Each part group holds a real drawing, not an empty group.
        for (let callout = 1; callout <= shapes.length; callout++) {
          const start = svg.indexOf(`<g class="part" data-callout="${callout}" `)
          const body = svg.slice(svg.indexOf('>', start) + 1, svg.indexOf('>', start) + 200)
          expect(body).toMatch(/^<(path|rect|ellipse|circle|g) /)
        }
      }
    }
  })

  it('stays under the size limit with 25 of the most detailed shapes', () => {
    const sizeAlone = (shape: PartShape) =>
      drawIllustration({
        imageId: 'X',
        title: 'x',
        layout: 'circuit',
        seed: 1,
        parts: [{ callout: 1, shape }],
      }).svg.length
    const heaviest = [...PART_SHAPES].sort((a, b) => sizeAlone(b) - sizeAlone(a)).slice(0, 25)
    for (const layout of LAYOUTS) {
      for (const seed of [1, 2, 3]) {
        expectSoundSheet({
          imageId: 'DEMO-HEAVY-0001',
          title: '发动机线束',
          layout,
          seed,
          parts: numbered(heaviest),
        })
      }
    }
  })

  it('keeps callouts apart for 8 to 25 parts with scattered callout numbers', () => {
    let state = 20240601
    const next = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0
      return state / 2 ** 32
    }
    for (let k = 0; k < 60; k++) {
      const n = 8 + (k % 18)
      const callouts = Array.from({ length: 25 }, (_, i) => i + 1)
        .map((c) => [next(), c] as const)
        .sort((a, b) => a[0] - b[0])
        .slice(0, n)
        .map(([, c]) => c)
      expectSoundSheet({
        imageId: `DEMO-${k}`,
        title: '随机组',
        layout: LAYOUTS[k % 4] ?? 'axis',
        seed: k * 7919,
        parts: callouts.map((callout) => ({
          callout,
          shape: PART_SHAPES[Math.floor(next() * PART_SHAPES.length)] ?? 'bolt',
        })),
      })
    }
  })

  it('escapes the title and the image id', () => {
    const svg = expectSoundSheet({
      ...brake,
      title: '前制动器 <script>alert("x")</script> & 卡钳\'s',
      imageId: 'A&B<1>',
    })
    expect(svg).not.toContain('<script')
    expect(svg).toContain('&#60;script&#62;')
    expect(svg).toContain('A&#38;B&#60;1&#62;')
    expect(svg).toContain('前制动器')
  })

  it('refuses callouts the parts table could not address', () => {
    const two = (a: number, b: number) => ({
      ...brake,
      parts: [
        { callout: a, shape: 'bolt' as const },
        { callout: b, shape: 'nut' as const },
      ],
    })
    expect(() => drawIllustration(two(3, 3))).toThrow(RangeError)
    expect(() => drawIllustration(two(0, 1))).toThrow(RangeError)
    expect(() => drawIllustration(two(1, 26))).toThrow(RangeError)
    expect(() => drawIllustration(two(1, 2.5))).toThrow(RangeError)
    expect(() => drawIllustration({ ...brake, parts: [] })).toThrow(RangeError)
    expect(() =>
      drawIllustration({ ...brake, parts: [{ callout: 1, shape: 'spaceship' as PartShape }] }),
    ).toThrow(RangeError)
  })
})
