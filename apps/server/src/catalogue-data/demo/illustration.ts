// Draws the demo catalogue's exploded views (爆炸图) as small, deterministic, inlineable SVG sheets in the
// manner of ETKA / Toyota EPC plates: line-art parts on explode axes, leader lines and numbered callouts.
import type { PartShape } from './shapes'

export type { PartShape }

export interface IllustrationInput {
  imageId: string
  /** Chinese sub group name, printed small in the title block as on a real EPC sheet. */
  title: string
  layout: 'axis' | 'assembly' | 'panel' | 'circuit'
  parts: { callout: number; shape: PartShape }[]
  /** Varies angles, sizes and details between models; the same seed always gives the same sheet. */
  seed: number
}

export interface DrawnIllustration {
  svg: string
  width: number
  height: number
  /** Centre of each callout marker in SVG user units. */
  callouts: { callout: number; x: number; y: number }[]
}

const WIDTH = 800
const HEIGHT = 600
const MAX_PARTS = 25
const MARKER_R = 11
// Two units more than the 26 the web relies on, so rounding the printed centres can never break it.
const MARKER_GAP = 28
const MAX_SCALE = 2.4
const AXIS_GAP = 12
const LINE = 1.4
// Where parts may go; the frame is at 10 and the markers need the band between.
const AREA = { x0: 34, y0: 34, x1: 766, y1: 536 }
const TITLE_BLOCK = { x: 560, y: 546, w: 230, h: 44 }

const G1 = '#f4f4f4'
const G2 = '#e6e6e6'
const W0 = '#fff'
const NO = 'none'

type Box = { x: number; y: number; w: number; h: number }
type Seg = readonly [number, number, number, number]

interface DrawCtx {
  /** Outline width in the shape's own units, so details can be drawn thinner at any scale. */
  lw: number
  /** Small seeded variant (0..3) for details such as hole counts, or the kind of body panel. */
  v: number
}

interface ShapeDef {
  /** Bounding box of the drawing in its own units, tube strokes included: x, y, width, height. */
  box: readonly [number, number, number, number]
  /** How much of its slot the part fills: big castings near 1, washers and clips about half. */
  k: number
  /** Solid middle of thin or bent parts, where leaders should end rather than in the air beside them. */
  core?: readonly [number, number, number, number]
  /** How far out from the core's middle a leader ends; loops such as belts need it near their rim. */
  reach?: number
  draw: (c: DrawCtx) => string
}

interface Placed {
  callout: number
  shape: PartShape
  s: number
  cx: number
  cy: number
  flip: boolean
  v: number
  box: Box
  core: Box
  reach: number
  /** Preferred direction of the callout marker, in radians. */
  pref: number
}

interface Marker {
  callout: number
  x: number
  y: number
  ax: number
  ay: number
}

// ---------------------------------------------------------------------------------------------------------
// SVG text helpers: every number goes through num() so the output is short and byte-stable.

const num = (x: number, digits = 1): string => {
  const f = 10 ** digits
  const r = Math.round(x * f) / f
  // '.5' for '0.5': a few hundred bytes per sheet, which matters across six hundred sheets.
  return r === 0 ? '0' : String(r).replace(/^(-?)0\./, '$1.')
}

/** cx="…" unless it rounds to the default of zero. */
const at = (name: string, x: number): string => {
  const v = num(x)
  return v === '0' ? '' : ` ${name}="${v}"`
}

const pd = (s: TemplateStringsArray, ...v: number[]): string =>
  s.reduce((acc, part, i) => acc + num(v[i - 1] ?? 0) + part)

const fillAttr = (f?: string): string => (f ? ` fill="${f}"` : '')
const P = (d: string, f?: string): string => `<path d="${d}"${fillAttr(f)}/>`
// Thin detail lines (threads, ribs, pleats) read as finer than outlines, as on printed sheets.
const T = (c: DrawCtx, d: string): string =>
  `<path d="${d}" fill="none" stroke-width="${num(c.lw * 0.6, 2)}"/>`
const E = (cx: number, cy: number, rx: number, ry: number, f?: string): string =>
  `<ellipse${at('cx', cx)}${at('cy', cy)} rx="${num(rx)}" ry="${num(ry)}"${fillAttr(f)}/>`
const C = (cx: number, cy: number, r: number, f?: string): string =>
  `<circle${at('cx', cx)}${at('cy', cy)} r="${num(r)}"${fillAttr(f)}/>`
/** Many small holes or balls of one size as a single path, far shorter than one element each. */
const dots = (centres: readonly (readonly [number, number])[], rx: number, ry: number, f: string): string =>
  P(
    centres
      .map(([x, y]) => pd`M${x - rx} ${y}a${rx} ${ry} 0 1 0 ${2 * rx} 0a${rx} ${ry} 0 1 0 ${-2 * rx} 0`)
      .join(''),
    f,
  )
/** Copies of a path (absolute coordinate pairs only) turned n times round the origin, as one path. */
const spin = (d: string, n: number, f: string, offset = 0): string =>
  P(
    rep(n, (i) => {
      const a = ((offset + 360 * i) / n) * (Math.PI / 180)
      const cos = Math.cos(a)
      const sin = Math.sin(a)
      return d.replace(/(-?[\d.]+) (-?[\d.]+)/g, (_, xs: string, ys: string) => {
        const x = Number(xs)
        const y = Number(ys)
        return `${num(x * cos - y * sin)} ${num(x * sin + y * cos)}`
      })
    }),
    f,
  )
/** Points evenly round an ellipse, starting at the given angle in degrees. */
const around = (cx: number, cy: number, rx: number, ry: number, n: number, start = -90): [number, number][] =>
  Array.from({ length: n }, (_, i) => {
    const a = ((start + (360 * i) / n) * Math.PI) / 180
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)]
  })
const R = (x: number, y: number, w: number, h: number, f?: string, rx?: number): string =>
  `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}"${rx ? ` rx="${num(rx)}"` : ''}${fillAttr(f)}/>`
const rep = (n: number, f: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => f(i)).join('')
const shift = (dx: number, dy: number, inner: string): string =>
  `<g transform="translate(${num(dx)} ${num(dy)})">${inner}</g>`

/** A hose, cable or belt: a dark wide stroke with a lighter one inside reads as a tube outline. */
const tube = (c: DrawCtx, d: string, w: number, inner = W0): string => {
  const core = w - 2 * c.lw
  const outer = `<path d="${d}" fill="none" stroke-width="${num(w)}"/>`
  return core > 0.4
    ? `${outer}<path d="${d}" fill="none" stroke="${inner}" stroke-width="${num(core)}"/>`
    : outer
}

/** Round part on a horizontal axis, its end face at x1 turned towards the viewer. */
const cylH = (x1: number, x2: number, rx: number, ry: number, body = G1, face = W0): string =>
  P(pd`M${x1} ${-ry}H${x2}A${rx} ${ry} 0 0 1 ${x2} ${ry}H${x1}Z`, body) + E(x1, 0, rx, ry, face)

/** Round part standing upright, its top face at y1 visible. */
const cylV = (y1: number, y2: number, rx: number, ry: number, body = G1, face = W0): string =>
  P(pd`M${-rx} ${y1}V${y2}A${rx} ${ry} 0 0 0 ${rx} ${y2}V${y1}Z`, body) + E(0, y1, rx, ry, face)

/** Lines across the visible side of an upright cylinder, following its curvature (flutes, pleats, ribs). */
const cylLines = (rx: number, ry: number, y1: number, y2: number, n: number): string =>
  rep(n, (i) => {
    const a = (Math.PI * (i + 0.5)) / n
    const x = -rx * Math.cos(a)
    const dy = ry * Math.sin(a)
    return pd`M${x} ${y1 + dy}V${y2 + dy}`
  })

/** Holes on a bolt circle seen at an angle (an ellipse). */
const holeRing = (
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  n: number,
  hx: number,
  hy: number,
  f = G2,
  start = -90,
): string => dots(around(cx, cy, rx, ry, n, start), hx, hy, f)

/** Toothed outline around an ellipse (gear teeth, sprockets). */
const teeth = (rx: number, ry: number, depth: number, n: number): string => {
  const pts: string[] = []
  for (let i = 0; i < n; i++) {
    const a0 = (2 * Math.PI * i) / n
    const step = (2 * Math.PI) / n
    const pt = (a: number, k: number) => `${num(k * rx * Math.cos(a))} ${num(k * ry * Math.sin(a))}`
    const inner = 1 - depth
    pts.push(pt(a0, inner), pt(a0 + step * 0.2, 1), pt(a0 + step * 0.5, 1), pt(a0 + step * 0.7, inner))
  }
  return `M${pts.join('L')}Z`
}

// ---------------------------------------------------------------------------------------------------------
// One drawer per shape, in its own units around the origin; round parts sit on a horizontal explode axis
// with their faces turned left, as parts threaded on an ETKA axis are.

const SHAPES: Record<PartShape, ShapeDef> = {
  bolt: {
    box: [-48, -16, 94, 32],
    k: 0.7,
    core: [-48, -7, 94, 14],
    draw: (c) =>
      R(-48, -16, 16, 32, G2) +
      T(c, 'M-48 -6H-32M-48 6H-32') +
      R(-32, -13, 4, 26, G1) +
      P('M-28 -7H42L46 -3V3L42 7H-28Z', G1) +
      T(
        c,
        rep(8, (i) => `M${6 + i * 5} -7l3 14`),
      ),
  },
  nut: {
    box: [-22, -18.4, 44, 36.8],
    k: 0.45,
    draw: (c) =>
      P('M-22 -8V8L-11 18.4H11L22 8V-8Z', G2) +
      T(c, 'M-11 2.4V18.4M11 2.4V18.4') +
      P('M22 -8L11 2.4H-11L-22 -8L-11 -18.4H11Z', W0) +
      E(0, -8, 9, 5, G2) +
      T(c, 'M-6.5 -8A6.5 3.5 0 0 0 6.5 -8'),
  },
  washer: {
    box: [-9, -25, 22, 50],
    k: 0.5,
    draw: () => P('M0 -25H4A9 25 0 0 1 4 25H0Z', G2) + E(0, 0, 9, 25, G1) + E(0, 0, 4.5, 12.5, W0),
  },
  clip: {
    box: [-20, -23, 40, 43],
    k: 0.45,
    draw: () =>
      P('M-4 -10V14L0 20L4 14V-10Z', W0) +
      P('M-4 -4L-11 2H-4M-4 4L-11 10H-4M4 -4L11 2H4M4 4L11 10H4', G2) +
      P('M-20 -17V-14A20 6 0 0 0 20 -14V-17Z', G2) +
      E(0, -17, 20, 6, G1) +
      E(0, -17, 6, 2, G2),
  },
  spring: {
    box: [-45, -20, 90, 40],
    k: 0.8,
    draw: (c) => {
      // Side view of a helix: bold near strands and thin far strands, each a half wave with round turns.
      const n = 6
      const p = 84 / n
      const half = (x: number, y: number) =>
        pd`M${x} ${y}C${x + p * 0.3} ${y} ${x + p * 0.2} ${-y} ${x + p / 2} ${-y}`
      const xs = Array.from({ length: n }, (_, i) => -42 + p * i)
      return (
        T(c, xs.map((x) => half(x + p / 2, 17)).join('')) + tube(c, xs.map((x) => half(x, -17)).join(''), 4)
      )
    },
  },
  disc: {
    box: [-21, -48, 49, 96],
    k: 1,
    draw: (c) =>
      P('M0 -48H8A20 48 0 0 1 8 48H0Z', G2) +
      T(c, 'M4 -48A20 48 0 0 1 4 48') +
      E(0, 0, 20, 48, G1) +
      T(c, 'M0 -29A12 29 0 0 0 0 29A12 29 0 0 0 0 -29') +
      P('M-9 -17H0A7 17 0 0 1 0 17H-9Z', G1) +
      E(-9, 0, 7, 17, W0) +
      E(-9, 0, 2.6, 6.5, G2) +
      holeRing(-9, 0, 4.6, 11.5, c.v % 2 ? 4 : 5, 1.1, 2.4),
  },
  pad: {
    box: [-34, -22, 68, 37],
    k: 0.75,
    draw: (c) =>
      P('M-34 -10L-28 -16Q0 -28 28 -16L34 -10V-2H28V8Q0 0 -28 8V-2H-34Z', G2) +
      P('M-25 -7Q0 -19 25 -7V15Q0 7 -25 15Z', G2) +
      P('M-25 -10Q0 -22 25 -10V12Q0 4 -25 12Z', G1) +
      T(c, 'M0 -16V8M-25 -10V12'),
  },
  caliper: {
    box: [-40, -51, 85, 96],
    k: 0.95,
    draw: (c) => {
      const body =
        'M-30 -40H26Q40 -40 40 -26V26Q40 40 26 40H-30Q-40 40 -40 30V18H-12V-18H-40V-30Q-40 -40 -30 -40Z'
      return (
        shift(5, 5, P(body, G2)) +
        P(body, G1) +
        T(c, 'M-12 -18L-6 -26H40M-12 18H-6V-26') +
        C(16, 0, 14, G2) +
        C(16, 0, 10, W0) +
        C(16, 0, 5, G1) +
        C(-29, -29, 5, G2) +
        C(-29, 29, 5, G2) +
        C(-29, -29, 2, W0) +
        C(-29, 29, 2, W0) +
        P('M28 -40V-47H34V-40', W0) +
        R(27, -51, 8, 4, G2)
      )
    },
  },
  drum: {
    box: [-16, -44, 58, 88],
    k: 1,
    draw: (c) =>
      P('M0 -44H26A16 44 0 0 1 26 44H0Z', G2) +
      T(c, 'M9 -44A16 44 0 0 1 9 44M17 -44A16 44 0 0 1 17 44') +
      E(0, 0, 16, 44, G1) +
      T(c, 'M0 -37A13 37 0 0 0 0 37') +
      E(0, 0, 7, 18, W0) +
      E(0, 0, 3, 8, G2) +
      holeRing(0, 0, 4.6, 12.5, c.v % 2 ? 4 : 5, 1, 2.2, G2, -45),
  },
  bracket: {
    box: [-40, -22, 80, 46],
    k: 0.7,
    draw: () =>
      P('M-40 8L-14 -22H40L14 8Z', G1) +
      P('M-40 8H14V24H-40Z', G2) +
      P('M14 8L40 -22V-6L14 24Z', W0) +
      E(-12, -2, 5, 2.6, W0) +
      E(14, -14, 5, 2.6, W0) +
      C(-26, 16, 3, W0),
  },
  hose: {
    box: [-43, -27, 86, 50],
    k: 0.85,
    core: [-20, -6, 40, 12],
    draw: (c) =>
      tube(c, 'M-40 -14C-8 -14 8 14 40 14', 13) +
      E(-40, -14, 2.5, 6.5, W0) +
      E(40, 14, 2.5, 6.5, G2) +
      R(-35, -22, 5, 16, G2, 1) +
      R(30, 6, 5, 16, G2, 1) +
      R(-36, -27, 7, 5, W0) +
      R(29, 1, 7, 5, W0),
  },
  pipe: {
    box: [-48, -20, 96, 40],
    k: 0.8,
    core: [-4, -14, 8, 28],
    draw: (c) =>
      tube(c, 'M-40 -16H-12Q0 -16 0 -4V4Q0 16 12 16H40', 5, G1) +
      R(-48, -20, 9, 8, G2) +
      R(39, 12, 9, 8, G2) +
      T(c, 'M-48 -16h9M39 16h9'),
  },
  filter: {
    box: [-24, -41, 48, 84],
    k: 0.8,
    draw: (c) =>
      cylV(-34, 36, 24, 7, W0, G1) +
      T(c, `M-24 -30A24 7 0 0 0 24 -30M-24 20A24 7 0 0 0 24 20${cylLines(24, 7, 20, 36, 9)}`) +
      E(0, -34, 19, 5.5, NO) +
      holeRing(0, -34, 12, 3.4, 6, 1.6, 0.7) +
      E(0, -34, 6, 1.8, G2),
  },
  element: {
    box: [-25, -39, 50, 78],
    k: 0.8,
    draw: (c) =>
      P('M-25 -32V32A25 7 0 0 0 25 32V-32Z', G1) +
      T(c, `M-25 26A25 7 0 0 0 25 26${cylLines(25, 7, -27, 26, 16)}`) +
      P('M-25 -32V-27A25 7 0 0 0 25 -27V-32Z', W0) +
      E(0, -32, 25, 7, W0) +
      E(0, -32, 10, 2.8, G2),
  },
  belt: {
    box: [-53, -19, 106, 38],
    k: 1,
    reach: 0.9,
    draw: (c) => {
      const loop = 'M-34 -15H34A15 15 0 0 1 34 15H-34A15 15 0 0 1 -34 -15Z'
      return tube(c, loop, 8, G1) + T(c, loop)
    },
  },
  pulley: {
    box: [-12, -42, 38, 84],
    k: 0.85,
    draw: (c) =>
      P('M0 -42H14A12 42 0 0 1 14 42H0Z', G2) +
      T(
        c,
        rep(3, (i) => `M${3.5 * (i + 1)} -42A12 42 0 0 1 ${3.5 * (i + 1)} 42`),
      ) +
      E(0, 0, 12, 42, G1) +
      E(0, 0, 9, 32, W0) +
      E(0, 0, 5, 15, G1) +
      E(0, 0, 2.2, 7, G2) +
      holeRing(0, 0, 3.5, 11, 3, 0.8, 1.6, W0),
  },
  chain: {
    box: [-52.5, -18.5, 105, 37],
    k: 1,
    reach: 0.9,
    draw: (c) =>
      tube(c, 'M-34 -14H34A14 14 0 0 1 34 14H-34A14 14 0 0 1 -34 -14Z', 9, G1) +
      T(
        c,
        rep(12, (i) => `M${-33 + i * 6} -18.5v9M${-33 + i * 6} 9.5v9`),
      ),
  },
  gear: {
    box: [-20, -44, 48, 88],
    k: 0.85,
    draw: () =>
      P('M0 -44H8A20 44 0 0 1 8 44H0Z', G2) +
      P(teeth(20, 44, 0.14, 14), G1) +
      E(0, 0, 8, 17, W0) +
      E(0, 0, 4, 9, G2) +
      R(-1, -11, 2, 3, G2),
  },
  gasket: {
    box: [-46, -26, 94, 54],
    k: 0.8,
    draw: (c) =>
      R(-44, -24, 92, 52, G2, 8) +
      R(-46, -26, 92, 52, G1, 8) +
      C(-18, 0, 12, W0) +
      R(6, -11, 26, 22, W0, 6) +
      T(
        c,
        'M-18 -15A15 15 0 0 0 -18 15A15 15 0 0 0 -18 -15M12 -14H26Q35 -14 35 -5V5Q35 14 26 14H12Q3 14 3 5V-5Q3 -14 12 -14',
      ) +
      dots(
        [
          [-38, -18],
          [38, -18],
          [-38, 18],
          [38, 18],
          [0, -19],
          [0, 19],
        ],
        3,
        3,
        W0,
      ),
  },
  seal: {
    box: [-13, -32, 32, 64],
    k: 0.55,
    draw: (c) =>
      P('M0 -32H6A13 32 0 0 1 6 32H0Z', G2) +
      E(0, 0, 13, 32, G1) +
      T(c, 'M0 -25A10.5 25 0 0 0 0 25A10.5 25 0 0 0 0 -25') +
      E(0, 0, 7, 17, W0) +
      T(c, 'M1.5 -21A8.5 21 0 0 1 1.5 21'),
  },
  cover: {
    box: [-50, -32, 100, 55],
    k: 1,
    draw: (c) =>
      P('M-46 16V6Q-44 -22 -16 -24H18Q44 -22 46 6V16Z', G1) +
      T(c, 'M-38 6Q-36 -14 -14 -16H16Q36 -14 38 6M-30 0V14M-15 -4V14M0 -4V14M15 -4V14M30 0V14') +
      R(8, -28, 20, 5, W0) +
      R(6, -32, 24, 5, G2, 2) +
      R(-50, 16, 100, 7, G2) +
      rep(4, (i) => R(-44 + i * 26.7, 11, 8, 5, W0)),
  },
  housing: {
    box: [-40, -30, 72, 66],
    k: 1,
    draw: () =>
      R(-40, -14, 56, 50, G1) +
      P('M-40 -14L-24 -30H32L16 -14Z', W0) +
      P('M16 -14L32 -30V20L16 36Z', G2) +
      C(-12, 11, 15, W0) +
      C(-12, 11, 9, G2) +
      dots(
        [
          [-34, -8],
          [10, -8],
          [-34, 30],
          [10, 30],
        ],
        2.5,
        2.5,
        W0,
      ) +
      E(4, -22, 6, 3, G2),
  },
  sensor: {
    box: [-46, -20, 90, 29],
    k: 0.75,
    core: [-46, -6, 40, 12],
    draw: (c) =>
      R(-46, -4, 14, 8, G1) +
      R(-32, -9, 9, 18, G2) +
      T(c, 'M-32 -3h9M-32 3h9') +
      R(-23, -6, 14, 12, W0) +
      tube(c, 'M-9 0C8 0 8 -10 28 -10', 4, G2) +
      R(28, -17, 16, 14, G1, 2) +
      T(c, 'M32 -17V-20H40V-17M36 -13v6'),
  },
  connector: {
    box: [-26, -22, 44, 36],
    k: 0.55,
    draw: () =>
      R(-26, -12, 36, 26, G1) +
      P('M-26 -12L-18 -18H18L10 -12Z', W0) +
      P('M10 -12L18 -18V8L10 14Z', G2) +
      P('M-14 -15L-11 -22H-1L-4 -15Z', G2) +
      P('M-21 -5h5v4h-5zM-13 -5h5v4h-5zM-5 -5h5v4h-5zM-21 4h5v4h-5zM-13 4h5v4h-5zM-5 4h5v4h-5z', G2),
  },
  bulb: {
    box: [-15, -35, 30, 67],
    k: 0.55,
    draw: (c) =>
      P('M-7 6Q-15 -6 -15 -20A15 15 0 0 1 15 -20Q15 -6 7 6Z', W0) +
      T(c, 'M-4 4V-14M4 4V-14M-6 -14l2 -3 2 3 2 -3 2 3 2 -3M-10 -22Q-9 -28 -4 -31') +
      R(-12, 6, 24, 4, G2) +
      R(-9, 10, 18, 18, G1) +
      T(c, 'M-9 14l18 3M-9 19l18 3M-9 24l18 3') +
      R(-3, 28, 6, 4, G2),
  },
  lamp: {
    box: [-48, -32, 100, 60],
    k: 1,
    draw: (c) => {
      // A headlamp unit: swept housing, projector lens, reflector bowl and a running-light strip.
      const outline = 'M-48 -12Q-46 -26 -28 -26H38Q48 -26 48 -16V4Q48 14 38 16L-30 24Q-48 26 -48 10Z'
      return (
        P('M-36 -26V-32H-26V-26M22 -26V-32H32V-26', G2) +
        shift(4, 4, P(outline, G2)) +
        P(outline, W0) +
        T(c, 'M-43 -11Q-41 -21 -27 -21H36Q43 -21 43 -14V2Q43 10 35 11L-29 19Q-43 20 -43 8Z') +
        R(0, -17, 36, 22, G1, 8) +
        C(18, -6, 4, W0) +
        C(-22, -4, 12, G1) +
        C(-22, -4, 7.5, W0) +
        C(-22, -4, 2.5, G2) +
        P('M-37 13L36 5L36.5 8.5L-36 17Z', G2)
      )
    },
  },
  panel: {
    box: [-48, -24, 96, 50],
    k: 1,
    draw: (c) => {
      if (c.v % 3 === 1) {
        return (
          P('M-44 -24H34L46 -4V22Q46 26 42 26H-40Q-44 26 -44 22Z', G1) +
          P('M-38 -18H30L40 -2H-38Z', W0) +
          R(18, 4, 12, 4, G2, 2) +
          T(c, 'M-40 12H42')
        )
      }
      if (c.v % 3 === 2) {
        return (
          P('M-40 -20H40L48 16Q0 26 -48 16Z', G1) +
          T(c, 'M-34 -14H34M-42 12Q0 20 42 12M0 -14V18') +
          R(-6, -24, 12, 4, G2)
        )
      }
      return (
        P('M-48 -22H28Q46 -22 48 -4V22H26A23 23 0 0 0 -20 22H-48Z', G1) +
        T(c, 'M-44 -8Q0 -12 44 -4M-46 -18H28M24 22A21 21 0 0 0 -18 22')
      )
    },
  },
  glass: {
    box: [-48, -25, 96, 50],
    k: 1,
    draw: (c) =>
      P('M-34 -22Q0 -28 34 -22L48 22Q0 28 -48 22Z', W0) +
      T(c, 'M-31 -18Q0 -24 31 -18L43 19Q0 24 -43 19ZM-14 -6L-2 -15M-8 0L6 -11') +
      R(-4, -22, 8, 6, G2, 1),
  },
  handle: {
    box: [-44, -14, 88, 24],
    k: 0.7,
    draw: (c) =>
      R(-44, -8, 88, 18, G2, 9) +
      R(-40, -14, 80, 16, G1, 8) +
      T(c, 'M-32 -6H22') +
      C(30, -6, 4, W0) +
      T(c, 'M30 -8v4'),
  },
  lock: {
    box: [-27, -14, 61, 28],
    k: 0.6,
    draw: (c) =>
      P('M22 -4H34V10H28V4H22Z', G2) +
      P('M-20 -11H22V11H-20Z', G1) +
      E(-20, 0, 7, 14, G2) +
      E(-20, 0, 5, 11, W0) +
      T(c, 'M-20 -7V5M-20 -2h2M-20 2h-2M-8 -11V11M4 -11V11'),
  },
  hinge: {
    box: [-26, -30, 52, 60],
    k: 0.6,
    draw: (c) =>
      P('M-26 -30H-4V2H-26Z', G1) +
      P('M4 -2H26V30H4Z', G1) +
      C(-15, -20, 3, W0) +
      C(-15, -7, 3, W0) +
      C(15, 7, 3, W0) +
      C(15, 20, 3, W0) +
      R(-5, -16, 10, 32, G2, 2) +
      T(c, 'M-5 0H5') +
      E(0, -17, 4, 1.6, W0),
  },
  bearing: {
    box: [-20, -44, 48, 88],
    k: 0.7,
    draw: () =>
      P('M0 -44H8A20 44 0 0 1 8 44H0Z', G2) +
      E(0, 0, 20, 44, G1) +
      E(0, 0, 16.5, 35, W0) +
      dots(around(0, 0, 14.2, 30.5, 10, 0), 3.6, 3.6, G2) +
      E(0, 0, 12, 26, G1) +
      E(0, 0, 8, 17, W0),
  },
  hub: {
    box: [-23, -40, 64, 80],
    k: 0.9,
    draw: (c) =>
      P('M6 -18H34A7 18 0 0 1 34 18H6Z', G1) +
      P('M0 -40H6A16 40 0 0 1 6 40H0Z', G2) +
      E(0, 0, 16, 40, G1) +
      E(0, 0, 7, 16, W0) +
      E(0, 0, 3.5, 8, G2) +
      rep(5, (i) => {
        const a = ((-90 + 72 * i) * Math.PI) / 180
        const x = 11 * Math.cos(a)
        const y = 27 * Math.sin(a)
        return P(pd`M${x} ${y - 2}h-12v4h12Z`, W0)
      }) +
      T(c, 'M-5 -16V16'),
  },
  shaft: {
    box: [-48, -9, 94, 18],
    k: 0.9,
    draw: (c) =>
      P('M-46 -6H-22V-9H30V-6H46V6H30V9H-22V6H-46Z', G1) +
      T(c, 'M-46 -3H-28M-46 0H-28M-46 3H-28M34 -3H46M34 0H46M34 3H46M-25 -6V6') +
      E(-46, 0, 2, 6, W0),
  },
  arm: {
    box: [-46, -28, 91, 56],
    k: 0.95,
    draw: (c) =>
      P('M-38 -28L36 -7Q44 0 36 7L-38 28Q-46 26 -46 18L-22 2V-2L-46 -18Q-46 -26 -38 -28Z', G1) +
      T(c, 'M-30 -20L30 -3M-30 20L30 3') +
      C(-38, -20, 8, W0) +
      C(-38, -20, 3.5, G2) +
      C(-38, 20, 8, W0) +
      C(-38, 20, 3.5, G2) +
      R(36, -16, 4, 10, W0) +
      C(38, 0, 7, G2),
  },
  knuckle: {
    box: [-28, -46, 76, 90],
    k: 0.95,
    draw: () =>
      P('M-9 -46H9L11 -22Q28 -18 28 0Q28 18 11 22L9 40Q0 48 -9 40L-11 22Q-28 18 -28 0Q-28 -18 -11 -22Z', G1) +
      P('M24 -10L42 -18Q48 -16 46 -10L26 4Z', G1) +
      C(0, 0, 15, W0) +
      C(0, 0, 10, G2) +
      C(0, -38, 3, W0) +
      C(0, -29, 3, W0) +
      C(43, -14, 2.5, W0) +
      C(0, 38, 4, W0),
  },
  strut: {
    box: [-18, -46, 36, 94],
    k: 1,
    draw: (c) =>
      R(-2, -42, 4, 20, W0) +
      R(-5, -46, 10, 4, G2) +
      R(-8, -24, 16, 58, G1, 2) +
      E(0, -6, 18, 5, G2) +
      T(c, 'M-8 -18H8') +
      R(-12, 30, 24, 18, G2, 2) +
      C(0, 36, 3, W0) +
      C(0, 44, 2.5, W0),
  },
  boot: {
    box: [-47, -20, 91, 40],
    k: 0.75,
    draw: (c) => {
      const top: string[] = []
      for (let i = 0; i <= 8; i++) {
        const x = -38 + i * 9
        const r = 18 - i * 1.3 - (i % 2 ? 5 : 0)
        top.push(`${num(x)} ${num(-r)}`)
      }
      const bottom = [...top].reverse().map((p) => p.replace(/ -/, ' '))
      const ridges = rep(4, (i) => {
        const x = -38 + i * 18
        const r = 18 - i * 2.6
        return pd`M${x} ${-r}A3 ${r} 0 0 1 ${x} ${r}`
      })
      return (
        P(`M-42 -18L${top.join('L')}L40 -7H44V7H40L${bottom.join('L')}L-42 18Z`, G1) +
        T(c, ridges) +
        R(-45, -19, 5, 38, G2, 2) +
        R(37, -8, 5, 16, G2, 1)
      )
    },
  },
  mount: {
    box: [-36, -30, 72, 58],
    k: 0.7,
    draw: (c) =>
      R(-2.5, -30, 5, 12, W0) +
      R(-34, -18, 68, 6, G2) +
      P('M-24 -12Q-30 0 -24 12H24Q30 0 24 -12Z', G1) +
      T(c, 'M-12 2A12 6 0 0 1 12 2M-1.5 -28h3M-1.5 -25h3M-1.5 -22h3') +
      R(-26, 18, 5, 10, W0) +
      R(21, 18, 5, 10, W0) +
      R(-36, 12, 72, 6, G2),
  },
  plug: {
    box: [-48, -10, 92, 20],
    k: 0.65,
    draw: (c) =>
      R(-48, -2.5, 7, 5, W0) +
      P('M-41 -5H-12L-10 -7V7L-12 5H-41Z', W0) +
      T(c, 'M-37 -5v10M-33 -5v10M-29 -5v10M-25 -5v10') +
      R(-10, -10, 12, 20, G2) +
      T(c, 'M-10 -3.5h12M-10 3.5h12') +
      R(2, -8, 2, 16, G1) +
      R(4, -6, 32, 12, G1) +
      T(
        c,
        rep(7, (i) => `M${8 + i * 4} -6l2.5 12`),
      ) +
      P('M36 -1H40V-5M36 1H39', NO),
  },
  coil: {
    box: [-26, -48, 50, 96],
    k: 0.75,
    draw: (c) =>
      P('M-16 -44H-26V-32H-16Z', G2) +
      C(-21, -38, 2.5, W0) +
      P('M16 -44H24V-32H16Z', G2) +
      R(-16, -48, 32, 22, G1, 3) +
      T(c, 'M-12 -38h24M-12 -34h24') +
      R(-7, -26, 14, 50, W0) +
      R(-8, 22, 16, 22, G2, 4) +
      T(c, 'M0 44V48'),
  },
  injector: {
    box: [-9, -48, 33, 92],
    k: 0.7,
    draw: () =>
      R(-5, -48, 10, 12, W0, 2) +
      R(-6.5, -45, 13, 3, G2, 1.5) +
      P('M9 -30H20V-16H9Z', G2) +
      R(20, -32, 4, 18, W0) +
      R(-9, -38, 18, 40, G1, 3) +
      R(-5, 2, 10, 32, W0) +
      R(-6.5, 12, 13, 3, G2, 1.5) +
      P('M-3 34H3L1 44H-1Z', G1),
  },
  valve: {
    box: [-44, -16, 88, 32],
    k: 0.7,
    core: [-44, -3, 88, 6],
    draw: (c) =>
      R(-14, -2.5, 58, 5, W0) +
      P('M-40 -16Q-26 -6 -14 -2.5V2.5Q-26 6 -40 16Z', G1) +
      E(-40, 0, 4, 16, W0) +
      T(c, 'M36 -2.5v5M39 -2.5v5'),
  },
  piston: {
    box: [-26, -34, 52, 70],
    k: 0.75,
    draw: (c) =>
      cylV(-26, 28, 26, 8, G1, W0) +
      T(c, 'M-26 -19A26 8 0 0 0 26 -19M-26 -14A26 8 0 0 0 26 -14M-26 -9A26 8 0 0 0 26 -9') +
      E(-9, -26, 6, 2, G2) +
      E(9, -26, 6, 2, G2) +
      C(0, 10, 8, W0) +
      C(0, 10, 5, G2),
  },
  pump: {
    box: [-47, -28, 91, 58],
    k: 0.95,
    draw: (c) =>
      R(28, 6, 14, 10, W0) +
      E(42, 11, 2, 5, G2) +
      P('M-20 -28H14Q34 -28 34 -8V12Q34 30 16 30H-20Z', G1) +
      T(c, 'M-14 -22Q16 -26 26 -4') +
      C(-14, -22, 3, W0) +
      C(26, -20, 3, W0) +
      C(26, 22, 3, W0) +
      C(-14, 24, 3, W0) +
      P('M-40 -9H-20V9H-40Z', G1) +
      E(-42, 0, 5, 18, G1) +
      E(-42, 0, 2.5, 8, W0) +
      holeRing(-42, 0, 2.6, 12.5, 4, 0.8, 1.5, W0, -45),
  },
  fan: {
    box: [-44, -44, 88, 88],
    k: 1,
    draw: (c) =>
      R(-44, -44, 88, 88, G1, 10) +
      C(0, 0, 40, W0) +
      spin('M-5 -9Q-2 -30 10 -38Q16 -24 6 -8Z', 5 + 2 * (c.v % 2), G2) +
      C(0, 0, 10, G1) +
      C(0, 0, 4, W0),
  },
  radiator: {
    box: [-56, -42, 112, 74],
    k: 1,
    draw: (c) =>
      R(-40, -28, 80, 56, W0) +
      T(c, `M-36 -28v56${'m4 -56v56'.repeat(18)}`) +
      R(-56, -24, 8, 8, G1, 1) +
      R(48, 18, 8, 8, G1, 1) +
      R(-48, -32, 9, 64, G2, 3) +
      R(39, -32, 9, 64, G2, 3) +
      R(40, -39, 7, 7, W0) +
      R(38, -42, 11, 4, G1, 1),
  },
  tank: {
    box: [-36, -40, 77, 70],
    k: 0.8,
    draw: (c) =>
      R(-21, -32, 52, 58, G2, 8) +
      R(31, 14, 10, 5, G1, 1) +
      R(-36, 18, 10, 5, G1, 1) +
      R(-26, -28, 52, 58, W0, 8) +
      T(c, 'M-18 -4h10M-18 12h10M-13 -4v16') +
      R(-6, -32, 12, 4, G2) +
      R(-9, -40, 18, 8, G1, 2),
  },
  mirror: {
    box: [-48, -30, 92, 58],
    k: 0.9,
    draw: (c) =>
      P('M-40 -10H-48V14H-40Z', G2) +
      P('M-40 -20Q-40 -30 -28 -30H30Q44 -30 44 -14V12Q44 28 26 28H-22Q-40 28 -40 10Z', G1) +
      P('M-33 -21Q-33 -23 -30 -23H28Q37 -23 37 -13V10Q37 21 24 21H-20Q-33 21 -33 6Z', W0) +
      T(c, 'M-20 -8L-8 -18M-14 2L2 -14'),
  },
  wiper: {
    box: [-47, -26, 95, 51],
    k: 0.9,
    core: [-38, -20, 86, 8],
    draw: (c) =>
      R(-36, -14, 82, 2.5, G2) +
      R(-38, -20, 86, 6, G1, 2) +
      T(c, 'M-20 -20l4 -4h8l4 4M14 -20l4 -4h8l4 4') +
      tube(c, 'M-40 18L6 -16', 4.5, G1) +
      C(-40, 18, 7, G2) +
      C(-40, 18, 3, W0),
  },
  switch: {
    box: [-28, -20, 56, 47],
    k: 0.6,
    draw: (c) =>
      R(-10, 18, 20, 9, G2) +
      R(-28, -20, 56, 40, G1, 6) +
      R(-22, -14, 19, 28, W0, 3) +
      R(3, -14, 19, 28, W0, 3) +
      T(c, 'M-12.5 -8v10l-3 -3m3 3 3 -3M12.5 8v-10l-3 3m3 -3 3 3'),
  },
  relay: {
    box: [-20, -27, 38, 53],
    k: 0.5,
    draw: (c) =>
      P('M-16 16h3v10h-3zM-6 16h3v10h-3zM4 16h3v10h-3z', G2) +
      R(-20, -20, 30, 36, G1) +
      P('M-20 -20L-12 -27H18L10 -20Z', W0) +
      P('M10 -20L18 -27V9L10 16Z', G2) +
      T(c, 'M-15 -12h8v12h-8zM-15 0l8 -12M-1 -12v12m0 -6h5'),
  },
  fuse: {
    box: [-18, -30, 36, 59],
    k: 0.45,
    draw: (c) =>
      P('M-12 5h8v24h-8zM4 5h8v24h-8z', G2) +
      R(-15, -21, 30, 26, W0, 2) +
      R(-18, -30, 36, 9, G1, 2) +
      T(c, 'M-9 -10l3 6 3 -6 3 6 3 -6 3 6'),
  },
  module: {
    box: [-52, -30, 98, 52],
    k: 0.9,
    draw: (c) =>
      P('M-46 18h-6v-8h6', G1) +
      P('M-46 -6L-22 -30H46L22 -6Z', G1) +
      T(c, 'M-30 -16H32M-20 -24H40') +
      R(-46, -6, 68, 28, W0) +
      P('M22 -6L46 -30V-2L22 22Z', G2) +
      R(-40, 0, 24, 14, G2, 2) +
      R(-12, 0, 26, 14, G2, 2) +
      T(c, 'M-37 5h18M-37 9h18M-9 5h20M-9 9h20'),
  },
  cable: {
    box: [-54, -20, 102, 36],
    k: 0.85,
    core: [-20, -8, 40, 10],
    draw: (c) =>
      tube(c, 'M-40 -12C-8 -24 0 16 36 10', 5, G2) +
      C(-48, -12, 6, W0) +
      C(-48, -12, 2.5, G2) +
      R(-44, -15, 8, 6, G1) +
      R(36, 4, 12, 12, G1) +
      C(42, 10, 2.5, W0),
  },
  harness: {
    box: [-50, -32, 102, 62],
    k: 0.9,
    core: [-44, -3, 88, 6],
    draw: (c) =>
      tube(c, 'M-42 0H42M-18 0L-30 -22M8 0L22 -24M24 0L36 22M-30 0L-40 20', 5, G2) +
      P('M-8 -3h3v6h-3zM-25 -13h3v6h-3zM14 -12h3v6h-3zM29 9h3v6h-3z', '#222') +
      R(-50, -5, 8, 10, G1, 1) +
      R(42, -5, 8, 10, G1, 1) +
      R(-35, -30, 10, 8, G1, 1) +
      R(17, -32, 10, 8, G1, 1) +
      R(31, 22, 10, 8, G1, 1) +
      R(-45, 20, 10, 8, G1, 1),
  },
  battery: {
    box: [-40, -27, 76, 57],
    k: 0.95,
    draw: (c) =>
      R(-40, -12, 62, 42, W0) +
      P('M-40 -12L-26 -26H36L22 -12Z', G1) +
      P('M22 -12L36 -26V16L22 30Z', G2) +
      R(-34, 4, 50, 14, G1) +
      R(-24, -24, 8, 5, G2) +
      E(-20, -24, 4, 1.8, W0) +
      R(10, -24, 8, 5, G2) +
      E(14, -24, 4, 1.8, W0) +
      T(c, 'M-30 -2h6m-3 -3v6M16 -2h6'),
  },
  horn: {
    box: [-34, -36, 70, 66],
    k: 0.7,
    draw: () =>
      P('M14 -20L30 -36L36 -30L20 -14Z', G2) +
      C(32, -32, 2, W0) +
      C(4, 4, 26, G2) +
      P('M-26 2h-8v6h8', G1) +
      C(0, 0, 26, G1) +
      C(0, 0, 17, W0) +
      C(0, 0, 6, G2),
  },
  seat: {
    box: [-24, -50, 66, 94],
    k: 1,
    draw: (c) =>
      R(-14, 40, 54, 4, G2) +
      T(c, 'M-8 36v4M34 36v4M-15 -37V-31M-7 -37V-31') +
      P('M-10 18H34Q42 18 42 26V30Q42 36 34 36H-10Q-16 36 -16 28Z', G1) +
      P('M-8 24L-22 -24Q-24 -32 -16 -32H-6Q2 -32 4 -24L14 20Z', G1) +
      T(c, 'M-14 -20L-2 18M8 26H36') +
      R(-22, -50, 22, 13, W0, 6),
  },
  trim: {
    box: [-48, -14, 96, 22],
    k: 0.85,
    core: [-40, -10, 80, 10],
    draw: (c) =>
      R(-26.5, -1, 5, 8, G2) +
      R(-2.5, -4, 5, 8, G2) +
      R(21.5, -3, 5, 8, G2) +
      P('M-48 -4Q0 -22 48 -8V4Q0 -10 -48 8Z', G1) +
      T(c, 'M-46 0Q0 -16 46 -3'),
  },
  grille: {
    box: [-46, -24, 92, 48],
    k: 0.95,
    draw: () =>
      R(-46, -24, 92, 48, G1, 12) +
      R(-40, -18, 80, 36, W0, 8) +
      rep(4, (i) => R(-40, -12 + i * 8, 80, 3, G2)) +
      C(0, -2, 7, W0),
  },
  bumper: {
    box: [-48, -20, 96, 40],
    k: 1,
    draw: (c) =>
      P('M-48 -12Q-48 -20 -40 -20H40Q48 -20 48 -12L45 12Q42 20 32 20H-32Q-42 20 -45 12Z', G1) +
      T(c, 'M-44 -15H44M-20 6H20M-19 10H19') +
      R(-14, -13, 28, 8, W0, 1) +
      P('M-22 2H22L18 14H-18Z', NO) +
      E(-35, 5, 6, 4, W0) +
      E(35, 5, 6, 4, W0),
  },
  emblem: {
    box: [-28, -16, 57.5, 33.5],
    k: 0.55,
    draw: (c) =>
      E(1.5, 1.5, 28, 16, G2) +
      E(0, 0, 28, 16, W0) +
      E(0, 0, 22, 11, G1) +
      T(c, 'M-12 5L-5 -6L0 2L5 -6L12 5'),
  },
  wheel: {
    box: [-44, -44, 88, 88],
    k: 1,
    draw: (c) => {
      const n = 5 + (c.v % 2)
      return (
        C(0, 0, 44, G2) +
        C(0, 0, 40, W0) +
        T(c, 'M-37 0A37 37 0 0 0 37 0A37 37 0 0 0 -37 0') +
        spin('M-4 -11L-7 -36L7 -36L4 -11Z', n, G1) +
        C(0, 0, 12, G1) +
        dots(around(0, 0, 8, 8, n, 180 / n), 1.6, 1.6, W0) +
        C(0, 0, 4, W0)
      )
    },
  },
  tire: {
    box: [-20, -46, 60, 92],
    k: 1,
    draw: (c) => {
      const tread = rep(11, (i) => {
        const y = -40 + i * 8
        const x = 20 * Math.sqrt(1 - (y / 46) ** 2)
        return pd`M${x} ${y}l20 2`
      })
      return (
        P('M0 -46H20A20 46 0 0 1 20 46H0Z', G2) +
        T(c, `M7 -46A20 46 0 0 1 7 46M14 -46A20 46 0 0 1 14 46${tread}`) +
        E(0, 0, 20, 46, G1) +
        T(c, 'M0 -37A16 37 0 0 0 0 37A16 37 0 0 0 0 -37') +
        E(0, 0, 11, 26, W0)
      )
    },
  },
  muffler: {
    box: [-50, -24, 100, 41],
    k: 1,
    draw: (c) =>
      R(30, 2, 18, 8, W0) +
      E(48, 6, 2, 4, G2) +
      T(c, 'M-10 -16V-24M18 -16V-24') +
      cylH(-28, 30, 8, 17, G1, W0) +
      T(c, 'M-20 -17A8 17 0 0 1 -20 17M22 -17A8 17 0 0 1 22 17') +
      P('M-28 -4H-48V4H-28', W0) +
      E(-48, 0, 1.5, 4, G2),
  },
  catalyst: {
    box: [-45, -14, 90, 28],
    k: 0.95,
    draw: (c) =>
      R(32, -5, 10, 10, G1) +
      E(42, 0, 3, 10, G2) +
      P('M18 -14L32 -6V6L18 14Z', G1) +
      cylH(-18, 18, 6, 14, G1, W0) +
      T(c, 'M-8 -14V14M2 -14V14M12 -14V14') +
      P('M-18 -14L-32 -6V6L-18 14Z', G1) +
      R(-42, -5, 10, 10, G1) +
      E(-42, 0, 3, 10, G2),
  },
  motor: {
    box: [-40, -26, 76, 44],
    k: 0.8,
    draw: (c) =>
      R(14, -26, 12, 8, G2, 1) +
      cylH(-20, 28, 8, 18, G1, W0) +
      T(c, 'M-12 -18A8 18 0 0 1 -12 18') +
      holeRing(-20, 0, 4.5, 11, 2, 1, 2, G2, -90) +
      R(-40, -2.5, 20, 5, W0) +
      R(-40, -5, 6, 10, G2, 1),
  },
  compressor: {
    box: [-36, -28, 79, 54],
    k: 0.95,
    draw: (c) =>
      R(4, -28, 8, 8, G2, 1) +
      R(18, -28, 8, 8, G2, 1) +
      cylH(-10, 34, 9, 20, G1, G1) +
      T(c, 'M4 -20V20M20 -20V20') +
      P('M-26 -26H-18A10 26 0 0 1 -18 26H-26Z', G2) +
      T(c, 'M-22 -26A10 26 0 0 1 -22 26') +
      E(-26, 0, 10, 26, G1) +
      E(-26, 0, 6, 16, NO) +
      E(-26, 0, 4, 10, W0) +
      E(-26, 0, 1.5, 3.5, G2),
  },
  cap: {
    box: [-17, -14, 34, 28],
    k: 0.5,
    draw: (c) =>
      E(0, 10, 13, 3.5, G2) +
      cylV(-8, 6, 17, 5, G1, W0) +
      T(c, cylLines(17, 5, -8, 6, 8)) +
      R(-12, -14, 24, 6, G1, 2),
  },
  bushing: {
    box: [-10, -22, 36, 44],
    k: 0.55,
    draw: () =>
      P('M0 -22H16A10 22 0 0 1 16 22H0Z', G2) +
      E(0, 0, 10, 22, G1) +
      E(0, -14, 2.5, 3.5, W0) +
      E(0, 14, 2.5, 3.5, W0) +
      P('M-6 -8H0V8H-6Z', W0) +
      E(-6, 0, 3.5, 8, W0) +
      E(-6, 0, 1.8, 4.5, G2),
  },
  bar: {
    box: [-49, -21, 98, 44],
    k: 0.9,
    core: [-30, -18, 60, 6],
    draw: (c) =>
      tube(c, 'M-44 16L-36 -8Q-32 -16 -24 -16H24Q32 -16 36 -8L44 16', 5, G1) +
      C(-44, 18, 5, G1) +
      C(-44, 18, 2, W0) +
      C(44, 18, 5, G1) +
      C(44, 18, 2, W0) +
      R(-20, -21, 9, 10, G2, 2) +
      R(11, -21, 9, 10, G2, 2),
  },
  link: {
    box: [-39, -21, 78, 42],
    k: 0.7,
    core: [-36, -4, 72, 8],
    draw: (c) =>
      R(-34, -21, 4, 14, W0) +
      R(30, 7, 4, 14, W0) +
      T(c, 'M-34 -19h4M-34 -17h4M30 17h4M30 19h4') +
      R(-30, -2.5, 60, 5, W0) +
      C(-32, 0, 7, G1) +
      C(32, 0, 7, G1) +
      R(-36, -13, 8, 4, G2) +
      R(28, 9, 8, 4, G2),
  },
  bottle: {
    box: [-16, -42, 45, 80],
    k: 0.7,
    draw: (c) =>
      tube(c, 'M16 -20Q26 -20 26 -8V4Q26 10 16 10', 5, G1) +
      P('M-16 -22Q-16 -30 -8 -30H-6V-35H6V-30H8Q16 -30 16 -22V34Q16 38 12 38H-12Q-16 38 -16 34Z', W0) +
      R(-12, -8, 24, 28, G1, 2) +
      T(c, 'M-8 -2h16M-8 3h10M-8 12h16') +
      R(-7, -42, 14, 7, G2, 1),
  },
  pedal: {
    box: [-24, -48, 42, 90],
    k: 0.8,
    core: [-8, -40, 16, 70],
    draw: (c) =>
      tube(c, 'M0 -38Q10 0 -4 26', 10, G1) +
      R(-10, -48, 20, 16, G2, 3) +
      C(0, -40, 4, W0) +
      P('M-24 26L14 18L18 34L-21 42Z', G1) +
      T(c, 'M-18 31l30 -6M-17 36l30 -6'),
  },
  joint: {
    box: [-30, -36, 60, 60],
    k: 0.65,
    draw: (c) =>
      R(-3, -36, 6, 22, W0) +
      T(c, 'M-3 -32h6M-3 -29h6M-3 -26h6') +
      R(-6, -24, 12, 5, G2) +
      P('M-10 -4Q-14 -14 -6 -18H6Q14 -14 10 -4Z', G2) +
      C(0, 8, 16, G1) +
      P('M-30 4H30V12H-30Z', G2) +
      C(-24, 8, 2, W0) +
      C(24, 8, 2, W0) +
      T(c, 'M-10 16Q0 22 10 16'),
  },
}

// ---------------------------------------------------------------------------------------------------------
// Seeded randomness: the same input must give byte-identical SVG.

function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function hashString(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

type Rng = () => number
type Part = IllustrationInput['parts'][number]

// ---------------------------------------------------------------------------------------------------------
// Layouts: each returns parts fitted into slots that do not overlap, plus what goes under them.

interface Layout {
  placed: Placed[]
  /** Drawn beneath the parts: explode axes or wiring. */
  under: string
  /** Lines the callout markers should keep off. */
  lines: Seg[]
}

function fitPart(
  part: Part,
  slot: Box,
  rng: Rng,
  opts: { fill?: number; flip?: boolean; v?: number; pref?: number; maxScale?: number } = {},
): Placed {
  const def = SHAPES[part.shape]
  const [, , bw, bh] = def.box
  const jitter = 0.93 + rng() * 0.07
  const fill = opts.fill ?? 0.45 + 0.55 * def.k
  const s = Math.min(Math.min(slot.w / bw, slot.h / bh) * fill, opts.maxScale ?? MAX_SCALE) * jitter
  const v = opts.v ?? Math.floor(rng() * 4)
  return makePlaced(
    part,
    s,
    slot.x + slot.w / 2,
    slot.y + slot.h / 2,
    opts.flip ?? false,
    v,
    opts.pref ?? -Math.PI / 2,
  )
}

/** A part scaled by s with the middle of its box at (cx, cy), mirrored left to right when flip is set. */
function makePlaced(
  part: Part,
  s: number,
  cx: number,
  cy: number,
  flip: boolean,
  v: number,
  pref: number,
): Placed {
  const def = SHAPES[part.shape]
  const [bx, by, bw, bh] = def.box
  const [kx, ky, kw, kh] = def.core ?? def.box
  const sx = flip ? -s : s
  const x1 = cx + sx * (kx - bx - bw / 2)
  const x2 = cx + sx * (kx + kw - bx - bw / 2)
  return {
    callout: part.callout,
    shape: part.shape,
    s,
    cx,
    cy,
    flip,
    v,
    box: { x: cx - (s * bw) / 2, y: cy - (s * bh) / 2, w: s * bw, h: s * bh },
    core: { x: Math.min(x1, x2), y: cy + s * (ky - by - bh / 2), w: s * kw, h: s * kh },
    reach: def.reach ?? 0.6,
    pref,
  }
}

const centre = { x: (AREA.x0 + AREA.x1) / 2, y: (AREA.y0 + AREA.y1) / 2 }
const awayFromCentre = (x: number, y: number): number => Math.atan2(y - centre.y, x - centre.x)

/** Parts threaded on one to three parallel slanted explode axes, in callout order. */
function layoutAxis(parts: Part[], rng: Rng): Layout {
  const n = parts.length
  const length = AREA.x1 - AREA.x0 - 20
  const slope = rng() < 0.5 ? 1 : -1
  // Long parts (bolts, shafts) are held to the width of a big part so they do not crowd the axis.
  const wanted = (part: Part, h: number) => {
    const { box, k } = SHAPES[part.shape]
    return Math.min((h * k * box[2]) / box[3], h * k) + AXIS_GAP
  }
  // Fewest axes that still leave every part at least 70% of its wanted width.
  let axes = 1
  let height = 0
  let tan = 0
  for (axes = 1; axes <= 3; axes++) {
    // Flatter axes when there are more of them, so the bands still fit one above the other.
    const [deg, spread] = (
      [
        [12, 8],
        [7, 5],
      ] as const
    )[axes - 1] ?? [4, 4]
    tan = Math.tan(((deg + rng() * spread) * Math.PI) / 180)
    height = Math.min(230, (AREA.y1 - AREA.y0 - 30 - 40 * (axes - 1) - length * tan) / axes)
    const total = parts.reduce((sum, p) => sum + wanted(p, height), 0)
    if (total / axes <= length / 0.7 || axes === 3) break
  }
  const widths = parts.map((p) => wanted(p, height))
  // Split the callout sequence where the running width crosses each axis's share.
  const total = widths.reduce((a, b) => a + b, 0)
  const groups: number[][] = Array.from({ length: axes }, () => [])
  let run = 0
  for (let i = 0; i < n; i++) {
    const w = widths[i] ?? 0
    const g = Math.min(axes - 1, Math.floor(((run + w / 2) / total) * axes))
    groups[g]?.push(i)
    run += w
  }
  const placed: Placed[] = []
  const lines: Seg[] = []
  let under = ''
  const x0 = AREA.x0 + 10
  const gap = height + 40
  const top = AREA.y0 + 15 + height / 2
  groups.forEach((members, g) => {
    const axisY = (x: number) => top + g * gap + (slope > 0 ? x - x0 : x0 + length - x) * tan
    const sum = members.reduce((a, i) => a + (widths[i] ?? 0), 0)
    const factor = length / sum
    let x = x0
    members.forEach((i, j) => {
      const part = parts[i]
      if (!part) return
      const w = (widths[i] ?? 0) * factor
      const cx = x + w / 2
      const cy = axisY(cx)
      const [, , bw, bh] = SHAPES[part.shape].box
      const jitter = 0.93 + rng() * 0.07
      const s = Math.min((w - AXIS_GAP) / bw, (height * SHAPES[part.shape].k) / bh, MAX_SCALE) * jitter
      // Alternate above and below the axis so neighbouring numbers do not crowd each other.
      const pref = Math.atan(tan * slope) + ((j + g) % 2 ? Math.PI / 2 : -Math.PI / 2)
      placed.push(makePlaced(part, s, cx, cy, false, Math.floor(rng() * 4), pref))
      x += w
    })
    const seg: Seg = [x0 - 6, axisY(x0 - 6), x0 + length + 6, axisY(x0 + length + 6)]
    lines.push(seg)
    under += pd`M${seg[0]} ${seg[1]}L${seg[2]} ${seg[3]}`
  })
  return {
    placed,
    under: `<path d="${under}" fill="none" stroke="#444" stroke-width=".7" stroke-dasharray="18 4 3 4"/>`,
    lines,
  }
}

/** Cells of a rectangle split into n near-square pieces, in reading order. */
function gridCells(r: Box, n: number): Box[] {
  if (n <= 0) return []
  let best = { cols: 1, rows: n, score: Number.POSITIVE_INFINITY }
  for (let cols = 1; cols <= n; cols++) {
    const rows = Math.ceil(n / cols)
    const aspect = r.w / cols / (r.h / rows)
    const score = Math.abs(Math.log(aspect / 1.2)) + (cols * rows - n) * 0.15
    if (score < best.score) best = { cols, rows, score }
  }
  const cells: Box[] = []
  const h = r.h / best.rows
  for (let row = 0; row < best.rows; row++) {
    // A short last row is centred rather than left-aligned, as a draughtsman would.
    const inRow = Math.min(best.cols, n - row * best.cols)
    const w = r.w / best.cols
    const offset = ((best.cols - inRow) * w) / 2
    for (let col = 0; col < inRow; col++) cells.push({ x: r.x + offset + col * w, y: r.y + row * h, w, h })
  }
  return cells
}

const inset = (b: Box, d: number): Box => ({ x: b.x + d, y: b.y + d, w: b.w - 2 * d, h: b.h - 2 * d })

// What a draughtsman puts in the middle of an assembly view, best first: the casting everything bolts to.
const MAIN_PARTS: PartShape[] = [
  'housing',
  'pump',
  'caliper',
  'knuckle',
  'disc',
  'drum',
  'hub',
  'strut',
  'lamp',
  'radiator',
  'compressor',
  'cover',
  'module',
  'battery',
  'fan',
  'tank',
  'motor',
  'seat',
  'bumper',
  'panel',
  'wheel',
  'tire',
  'muffler',
  'catalyst',
  'mirror',
  'arm',
  'filter',
]

/** A central main part with the smaller parts around it on the cells of a ring, clockwise from top left. */
function layoutAssembly(parts: Part[], rng: Rng): Layout {
  const rank = (p: Part) => {
    const i = MAIN_PARTS.indexOf(p.shape)
    return i >= 0 ? i : MAIN_PARTS.length + (1 - SHAPES[p.shape].k)
  }
  const mainIndex = parts.reduce((best, p, i) => (rank(p) < rank(parts[best] ?? p) ? i : best), 0)
  const others = parts.filter((_, i) => i !== mainIndex)
  const m = others.length
  const grids: [number, number][] = [
    [3, 3],
    [4, 3],
    [5, 3],
    [5, 4],
    [6, 4],
    [6, 5],
    [7, 5],
    [7, 6],
    [8, 6],
  ]
  const [cols, rows] = grids.find(([c, r]) => 2 * c + 2 * r - 4 >= m) ?? [8, 6]
  const cw = (AREA.x1 - AREA.x0) / cols
  const ch = (AREA.y1 - AREA.y0) / rows
  const ring: Box[] = []
  const cell = (c: number, r: number): Box => ({ x: AREA.x0 + c * cw, y: AREA.y0 + r * ch, w: cw, h: ch })
  for (let c = 0; c < cols; c++) ring.push(cell(c, 0))
  for (let r = 1; r < rows - 1; r++) ring.push(cell(cols - 1, r))
  for (let c = cols - 1; c >= 0; c--) ring.push(cell(c, rows - 1))
  for (let r = rows - 2; r >= 1; r--) ring.push(cell(0, r))
  const capacity = ring.length
  const offset = rng() * (capacity / Math.max(m, 1))
  const placed: Placed[] = []
  const main = parts[mainIndex]
  if (!main) return { placed, under: '', lines: [] }
  const mid: Box = { x: AREA.x0 + cw, y: AREA.y0 + ch, w: cw * (cols - 2), h: ch * (rows - 2) }
  const hub = fitPart(main, inset(mid, 12), rng, { fill: 0.95, pref: -Math.PI / 3 })
  placed.push(hub)
  const used = new Set<number>()
  const lines: Seg[] = []
  let under = ''
  others.forEach((part, i) => {
    let idx = Math.floor(offset + (i * capacity) / m) % capacity
    while (used.has(idx)) idx = (idx + 1) % capacity
    used.add(idx)
    const slot = ring[idx]
    if (!slot) return
    // Held to the main part's scale so a bulb never comes out as big as the lamp it goes in.
    const maxScale = hub.s * SHAPES[part.shape].k * 0.9
    const p = fitPart(part, inset(slot, 10), rng, { fill: 0.6 + 0.4 * SHAPES[part.shape].k, maxScale })
    p.pref = awayFromCentre(p.cx, p.cy)
    placed.push(p)
    // A thin assembly line from each part to where it goes on the main part, as on exploded views;
    // it runs under both drawings, so only the stretch between them shows.
    const tx = hub.core.x + hub.core.w * (0.3 + 0.4 * ((p.cx - AREA.x0) / (AREA.x1 - AREA.x0)))
    const ty = hub.core.y + hub.core.h * (0.3 + 0.4 * ((p.cy - AREA.y0) / (AREA.y1 - AREA.y0)))
    const seg: Seg = [p.cx, p.cy, tx, ty]
    lines.push(seg)
    under += pd`M${p.cx} ${p.cy}L${tx} ${ty}`
  })
  return {
    placed,
    under: `<path d="${under}" fill="none" stroke="#666" stroke-width=".6" stroke-dasharray="6 3"/>`,
    lines,
  }
}

// Body panels in a rough front-end arrangement: bonnet on top, wings left and right, grille in the middle,
// lamps either side and the bumper below; fasteners and small parts fill the strips left over.
const PANEL_SLOTS: Box[] = [
  { x: 250, y: 34, w: 300, h: 122 },
  { x: 226, y: 326, w: 348, h: 112 },
  { x: 34, y: 56, w: 196, h: 176 },
  { x: 570, y: 56, w: 196, h: 176 },
  { x: 290, y: 174, w: 220, h: 130 },
  { x: 34, y: 252, w: 176, h: 96 },
  { x: 590, y: 252, w: 176, h: 96 },
]
const PANEL_SMALL: Box[] = [
  { x: 34, y: 452, w: 732, h: 84 },
  { x: 34, y: 364, w: 176, h: 80 },
  { x: 590, y: 364, w: 176, h: 80 },
]
const PANEL_PREF: Partial<Record<PartShape, number[]>> = {
  bumper: [1, 0, 4],
  grille: [4, 1, 0],
  lamp: [5, 6, 2, 3],
  panel: [2, 3, 0, 1, 4],
  glass: [0, 4],
  mirror: [2, 3, 5, 6],
  trim: [1, 4, 0],
  seat: [0, 2, 3],
  radiator: [4, 0],
}
// Slots 3 and 6 are the right-hand side, where a wing or lamp is the mirror image of the left one.
const RIGHT_SLOTS = new Set([3, 6])

function layoutPanel(parts: Part[], rng: Rng): Layout {
  const isBig = (p: Part) => PANEL_PREF[p.shape] !== undefined || SHAPES[p.shape].k >= 0.95
  const big = parts.filter(isBig).slice(0, PANEL_SLOTS.length)
  const small = parts.filter((p) => !big.includes(p))
  const taken = new Map<number, Part>()
  const settled = new Set<Part>()
  // Panels with a natural place get it first; the rest take whatever big slot is left.
  for (const part of big) {
    const slot = (PANEL_PREF[part.shape] ?? []).find((i) => !taken.has(i))
    if (slot === undefined) continue
    taken.set(slot, part)
    settled.add(part)
  }
  for (const part of big) {
    if (settled.has(part)) continue
    const slot = PANEL_SLOTS.findIndex((_, i) => !taken.has(i))
    if (slot >= 0) taken.set(slot, part)
  }
  const placed: Placed[] = []
  for (const [i, part] of [...taken].sort((a, b) => a[1].callout - b[1].callout)) {
    const slot = PANEL_SLOTS[i]
    if (!slot) continue
    const v = i === 0 ? 2 : i === 2 || i === 3 ? 0 : 1
    const fill = 0.45 + 0.5 * SHAPES[part.shape].k
    const p = fitPart(part, inset(slot, 10), rng, { fill, flip: RIGHT_SLOTS.has(i), v })
    p.pref = awayFromCentre(p.cx, p.cy)
    placed.push(p)
  }
  // Free big slots join the strips; each region takes a share of the small parts by area.
  const regions = [...PANEL_SLOTS.filter((_, i) => !taken.has(i)), ...PANEL_SMALL]
  const area = regions.reduce((a, r) => a + r.w * r.h, 0)
  const shares = regions.map((r) => (small.length * r.w * r.h) / area)
  const counts = shares.map(Math.floor)
  let left = small.length - counts.reduce((a, b) => a + b, 0)
  const byRemainder = shares.map((s, i) => [s - Math.floor(s), i] as const).sort((a, b) => b[0] - a[0])
  for (const [, i] of byRemainder) {
    if (left <= 0) break
    counts[i] = (counts[i] ?? 0) + 1
    left--
  }
  const cells = regions.flatMap((r, i) => gridCells(r, counts[i] ?? 0))
  small.forEach((part, i) => {
    const cell = cells[i]
    if (!cell) return
    const p = fitPart(part, inset(cell, 12), rng)
    p.pref = awayFromCentre(p.cx, p.cy)
    placed.push(p)
  })
  return { placed, under: '', lines: [] }
}

/** Components in rows, each dropped onto a bus wire; the buses join a trunk down the left to earth. */
function layoutCircuit(parts: Part[], rng: Rng): Layout {
  const n = parts.length
  const rows = n <= 6 ? 2 : n <= 12 ? 3 : n <= 20 ? 4 : 5
  const perRow = Math.ceil(n / rows)
  const trunkX = AREA.x0 + 8
  const band = (AREA.y1 - AREA.y0) / rows
  const placed: Placed[] = []
  const lines: Seg[] = []
  let wires = ''
  let dots = ''
  for (let r = 0; r < rows; r++) {
    const members = parts.slice(r * perRow, (r + 1) * perRow)
    if (members.length === 0) continue
    const top = AREA.y0 + r * band
    const busY = top + band * 0.86
    const cellW = (AREA.x1 - trunkX - 10) / perRow
    let lastX = trunkX
    members.forEach((part, i) => {
      const slot: Box = { x: trunkX + 10 + i * cellW, y: top, w: cellW, h: band * 0.74 }
      const p = fitPart(part, inset(slot, 14), rng, { pref: -Math.PI / 4 - rng() * 0.5 })
      placed.push(p)
      // The drop starts under the part's middle, so it always meets the drawing whatever its outline.
      const dropX = p.core.x + p.core.w / 2
      wires += pd`M${dropX} ${p.core.y + p.core.h / 2}V${busY}`
      dots += pd`M${dropX} ${busY}h0`
      lines.push([dropX, p.box.y + p.box.h, dropX, busY])
      lastX = dropX
    })
    wires += pd`M${trunkX} ${busY}H${lastX}`
    lines.push([trunkX, busY, lastX, busY])
  }
  const lastBus = AREA.y0 + (rows - 1) * band + band * 0.86
  const firstBus = AREA.y0 + band * 0.86
  const earth = lastBus + 16
  wires += pd`M${trunkX} ${firstBus}V${earth}M${trunkX - 8} ${earth}h16M${trunkX - 5} ${earth + 3}h10M${trunkX - 2} ${earth + 6}h4`
  lines.push([trunkX, firstBus, trunkX, earth])
  return {
    placed,
    under: `<path d="${wires}" fill="none" stroke="#222" stroke-width="1.1"/><path d="${dots}" stroke="#222" stroke-width="4.4" stroke-linecap="round"/>`,
    lines,
  }
}

// ---------------------------------------------------------------------------------------------------------
// Callout markers: each part gets the best free spot near it, scored so that markers keep off other parts,
// leaders do not cross, and numbers sit where a reader looks first.

function dist(ax: number, ay: number, bx: number, by: number): number {
  const dx = ax - bx
  const dy = ay - by
  return Math.sqrt(dx * dx + dy * dy)
}

/** Whether two boxes, given by their corners, come within pad of each other. */
function near(ax0: number, ay0: number, ax1: number, ay1: number, b: Box, pad: number): boolean {
  return ax1 + pad > b.x && ax0 - pad < b.x + b.w && ay1 + pad > b.y && ay0 - pad < b.y + b.h
}

function segPointDist(s: Seg, px: number, py: number): number {
  const [x1, y1, x2, y2] = s
  const dx = x2 - x1
  const dy = y2 - y1
  const len = dx * dx + dy * dy
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / len))
  return dist(px, py, x1 + t * dx, y1 + t * dy)
}

// The geometry below runs some hundred thousand times per sheet, so it avoids closures and allocations
// (tsx wraps every function it creates in a naming helper, which made closures here the main cost).

function orient(px: number, py: number, qx: number, qy: number, rx: number, ry: number): number {
  return Math.sign((qx - px) * (ry - py) - (qy - py) * (rx - px))
}

function crosses(a1x: number, a1y: number, a2x: number, a2y: number, b: Seg): boolean {
  const [b1x, b1y, b2x, b2y] = b
  return (
    orient(a1x, a1y, a2x, a2y, b1x, b1y) * orient(a1x, a1y, a2x, a2y, b2x, b2y) < 0 &&
    orient(b1x, b1y, b2x, b2y, a1x, a1y) * orient(b1x, b1y, b2x, b2y, a2x, a2y) < 0
  )
}

function segsCross(a: Seg, b: Seg): boolean {
  return crosses(a[0], a[1], a[2], a[3], b)
}

function inBox(x: number, y: number, b: Box): boolean {
  return x > b.x && x < b.x + b.w && y > b.y && y < b.y + b.h
}

function segHitsBox(s: Seg, b: Box): boolean {
  const [x1, y1, x2, y2] = s
  if (inBox(x1, y1, b) || inBox(x2, y2, b)) return true
  // Both ends outside: the segment meets the box only if it crosses one of its diagonals.
  const r = b.x + b.w
  const bt = b.y + b.h
  return crosses(b.x, b.y, r, bt, s) || crosses(r, b.y, b.x, bt, s)
}

function circleHitsBox(x: number, y: number, r: number, b: Box): boolean {
  const nx = Math.max(b.x, Math.min(x, b.x + b.w))
  const ny = Math.max(b.y, Math.min(y, b.y + b.h))
  return dist(x, y, nx, ny) < r
}

const MARKER_MIN = { x0: 24, y0: 24, x1: WIDTH - 24, y1: HEIGHT - 24 }

function placeMarkers(placed: Placed[], lines: Seg[]): Marker[] {
  const markers: Marker[] = []
  const shrunk = placed.map((q) => inset(q.box, Math.min(3, q.box.w / 3, q.box.h / 3)))
  for (const p of placed) {
    const hw = p.box.w / 2
    const hh = p.box.h / 2
    // Penalties only ever add up, so a candidate is dropped as soon as it is worse than the best so far.
    const score = (
      mx: number,
      my: number,
      ax: number,
      ay: number,
      reach: number,
      ang: number,
      bound: number,
    ): number => {
      if (mx < MARKER_MIN.x0 || mx > MARKER_MIN.x1 || my < MARKER_MIN.y0 || my > MARKER_MIN.y1)
        return Infinity
      if (circleHitsBox(mx, my, MARKER_R + 3, TITLE_BLOCK)) return Infinity
      for (const m of markers) if (dist(m.x, m.y, mx, my) < MARKER_GAP) return Infinity
      const leader: Seg = [ax, ay, mx, my]
      const x0 = Math.min(ax, mx)
      const x1 = Math.max(ax, mx)
      const y0 = Math.min(ay, my)
      const y1 = Math.max(ay, my)
      const pad = MARKER_R + 3
      let sc = reach * 1.3 + 45 * (1 - Math.cos(ang - p.pref))
      for (let i = 0; i < placed.length; i++) {
        const q = placed[i]
        if (!q || !near(x0, y0, x1, y1, q.box, pad)) continue
        if (q === p) {
          if (circleHitsBox(mx, my, MARKER_R + 2, q.box)) sc += 800
          continue
        }
        if (circleHitsBox(mx, my, MARKER_R + 3, q.box)) sc += 500
        const small = shrunk[i]
        if (small && segHitsBox(leader, small)) sc += 160
      }
      if (sc >= bound) return sc
      for (const m of markers) {
        const mb = {
          x: Math.min(m.ax, m.x),
          y: Math.min(m.ay, m.y),
          w: Math.abs(m.x - m.ax),
          h: Math.abs(m.y - m.ay),
        }
        if (!near(x0, y0, x1, y1, mb, pad)) continue
        const other: Seg = [m.ax, m.ay, m.x, m.y]
        if (segPointDist(other, mx, my) < MARKER_R + 3) sc += 300
        if (segPointDist(leader, m.x, m.y) < MARKER_R + 3) sc += 300
        if (segsCross(leader, other)) sc += 220
      }
      for (const l of lines) if (segPointDist(l, mx, my) < MARKER_R + 2) sc += 70
      return sc
    }
    let best = { sc: Infinity, x: 0, y: 0, ax: p.cx, ay: p.cy }
    for (let a = 0; a < 24; a++) {
      const ang = (a * Math.PI) / 12
      const dx = Math.cos(ang)
      const dy = Math.sin(ang)
      const edge = Math.min(
        Math.abs(dx) > 1e-9 ? hw / Math.abs(dx) : Infinity,
        Math.abs(dy) > 1e-9 ? hh / Math.abs(dy) : Infinity,
      )
      const kx = p.core.x + p.core.w / 2
      const ky = p.core.y + p.core.h / 2
      const coreEdge = Math.min(
        Math.abs(dx) > 1e-9 ? p.core.w / 2 / Math.abs(dx) : Infinity,
        Math.abs(dy) > 1e-9 ? p.core.h / 2 / Math.abs(dy) : Infinity,
      )
      const ax = kx + dx * coreEdge * p.reach
      const ay = ky + dy * coreEdge * p.reach
      for (const reach of [8, 16, 26, 38, 54, 74, 98]) {
        const mx = p.cx + dx * (edge + reach + MARKER_R)
        const my = p.cy + dy * (edge + reach + MARKER_R)
        const sc = score(mx, my, ax, ay, reach, ang, best.sc)
        if (sc < best.sc) best = { sc, x: mx, y: my, ax, ay }
      }
    }
    if (best.sc === Infinity) {
      // Nothing near is free: take the nearest free spot anywhere on the sheet.
      for (let x = MARKER_MIN.x0; x <= MARKER_MIN.x1; x += 8) {
        for (let y = MARKER_MIN.y0; y <= MARKER_MIN.y1; y += 8) {
          const ang = Math.atan2(y - p.cy, x - p.cx)
          const sc = score(x, y, p.cx, p.cy, dist(x, y, p.cx, p.cy), ang, best.sc)
          if (sc < best.sc) best = { sc, x, y, ax: p.cx, ay: p.cy }
        }
      }
    }
    markers.push({ callout: p.callout, x: best.x, y: best.y, ax: best.ax, ay: best.ay })
  }
  return markers
}

// ---------------------------------------------------------------------------------------------------------
// Assembling the sheet.

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

function partSvg(p: Placed): string {
  const [bx, by, bw, bh] = SHAPES[p.shape].box
  const mx = bx + bw / 2
  const my = by + bh / 2
  const sx = p.flip ? -p.s : p.s
  const tx = p.cx - sx * mx
  const ty = p.cy - p.s * my
  const body = SHAPES[p.shape].draw({ lw: LINE / p.s, v: p.v })
  return (
    `<g class="part" data-callout="${p.callout}" transform="translate(${num(tx)} ${num(ty)}) ` +
    `scale(${p.flip ? `${num(sx, 3)} ${num(p.s, 3)}` : num(p.s, 3)})" stroke-width="${num(LINE / p.s, 2)}">${body}</g>`
  )
}

/** Rough advance of the title in em, CJK glyphs being square and Latin ones narrower. */
const textEm = (s: string): number =>
  [...s].reduce((a, ch) => a + ((ch.codePointAt(0) ?? 0) > 0x2e80 ? 1 : 0.6), 0)

function titleBlock(title: string, imageId: string): string {
  const { x, y, w, h } = TITLE_BLOCK
  const room = w - 16
  const titleSize = Math.min(13, room / Math.max(textEm(title), 1))
  const idSize = Math.min(10, room / Math.max(textEm(imageId), 1))
  return (
    `<g fill="none" stroke="#222" stroke-width=".8"><rect x="${x}" y="${y}" width="${w}" height="${h}"/>` +
    `<path d="M${x} ${y + 26}H${x + w}"/></g>` +
    `<g font-family="sans-serif" fill="#222"><text x="${x + 8}" y="${y + 18}" font-size="${num(titleSize)}">` +
    `${escapeXml(title)}</text><text x="${x + 8}" y="${y + 38}" font-size="${num(idSize)}" fill="#444">` +
    `${escapeXml(imageId)}</text></g>`
  )
}

function validate(input: IllustrationInput): void {
  const { parts } = input
  if (parts.length === 0 || parts.length > MAX_PARTS) {
    throw new RangeError(`an illustration holds 1 to ${MAX_PARTS} parts, got ${parts.length}`)
  }
  const seen = new Set<number>()
  for (const p of parts) {
    if (!Number.isInteger(p.callout) || p.callout < 1 || p.callout > MAX_PARTS) {
      throw new RangeError(`callout ${p.callout} is outside 1..${MAX_PARTS}`)
    }
    if (seen.has(p.callout)) throw new RangeError(`callout ${p.callout} appears twice`)
    seen.add(p.callout)
    if (!Object.hasOwn(SHAPES, p.shape)) throw new RangeError(`unknown part shape ${String(p.shape)}`)
  }
}

export function drawIllustration(input: IllustrationInput): DrawnIllustration {
  validate(input)
  const rng = mulberry32((input.seed ^ hashString(`${input.imageId}|${input.layout}`)) >>> 0)
  const parts = [...input.parts].sort((a, b) => a.callout - b.callout)
  const layout =
    input.layout === 'axis'
      ? layoutAxis(parts, rng)
      : input.layout === 'assembly'
        ? layoutAssembly(parts, rng)
        : input.layout === 'panel'
          ? layoutPanel(parts, rng)
          : layoutCircuit(parts, rng)
  const markers = placeMarkers(layout.placed, layout.lines)

  const leaders = markers
    .map((m) => {
      const d = dist(m.ax, m.ay, m.x, m.y)
      const ex = m.x - ((m.x - m.ax) / d) * MARKER_R
      const ey = m.y - ((m.y - m.ay) / d) * MARKER_R
      return pd`M${m.ax} ${m.ay}L${ex} ${ey}`
    })
    .join('')
  const callouts = [...markers]
    .sort((a, b) => a.callout - b.callout)
    .map(
      (m) =>
        `<g class="callout" data-callout="${m.callout}"><circle cx="${num(m.x)}" cy="${num(m.y)}" r="${MARKER_R}"/>` +
        `<text x="${num(m.x)}" y="${num(m.y + 4.2)}" stroke="none" fill="#222">${m.callout}</text></g>`,
    )
    .join('')

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" ` +
    `aria-label="${escapeXml(`${input.title} ${input.imageId}`)}">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>` +
    `<rect x="10" y="10" width="${WIDTH - 20}" height="${HEIGHT - 20}" fill="none" stroke="#222" stroke-width="1"/>` +
    layout.under +
    `<g fill="#fff" stroke="#222" stroke-linejoin="round" stroke-linecap="round">` +
    layout.placed.map(partSvg).join('') +
    `</g><path d="${leaders}" fill="none" stroke="#444" stroke-width=".8"/>` +
    `<g fill="#fff" stroke="#222" stroke-width="1.2" font-family="sans-serif" font-size="12" text-anchor="middle">` +
    `${callouts}</g>${titleBlock(input.title, input.imageId)}</svg>`

  return {
    svg,
    width: WIDTH,
    height: HEIGHT,
    callouts: markers
      .map((m) => ({ callout: m.callout, x: Math.round(m.x * 10) / 10, y: Math.round(m.y * 10) / 10 }))
      .sort((a, b) => a.callout - b.callout),
  }
}
