// The car seen from above (front up) for the accident query: the bands around it and the roof stand for the
// five top collision zones, the body panels for their sub zones; each is a button that toggles its zone.
import type { AccidentZone } from '@epc/shared'
import type { KeyboardEvent, ReactNode } from 'react'
import styles from './CarOutline.module.css'

export const SELECTED_FILL = '#d4380d'
const WIDTH = 360
const HEIGHT = 620

type Look = 'band' | 'body' | 'glass' | 'lamp' | 'wheel' | 'frame'

interface Shape {
  d: string
  /** Drawn a second time mirrored about the centre line (left and right pieces of one zone). */
  both?: boolean
  /** Drawn mirrored only: a right-side piece. */
  flip?: boolean
}

const box = (x: number, y: number, w: number, h: number) => `M ${x} ${y} h ${w} v ${h} h ${-w} Z`
const rounded = (x: number, y: number, w: number, h: number, r: number) =>
  `M ${x + r} ${y} H ${x + w - r} A ${r} ${r} 0 0 1 ${x + w} ${y + r} V ${y + h - r} A ${r} ${r} 0 0 1 ${x + w - r} ${y + h} H ${x + r} A ${r} ${r} 0 0 1 ${x} ${y + h - r} V ${y + r} A ${r} ${r} 0 0 1 ${x + r} ${y} Z`
const mirrored = (shapes: Shape[]): Shape[] => shapes.map((s) => ({ ...s, flip: true }))

// Left-side pieces; the right side is the same drawing flipped.
const SIDE: Record<string, { look: Look; shapes: Shape[] }> = {
  frontDoor: { look: 'body', shapes: [{ d: box(90, 240, 26, 90) }] },
  rearDoor: { look: 'body', shapes: [{ d: box(90, 332, 26, 88) }] },
  quarter: { look: 'body', shapes: [{ d: 'M 90 422 H 116 L 118 502 H 90 Z' }] },
  sill: { look: 'frame', shapes: [{ d: box(81, 240, 8, 180) }] },
  mirror: { look: 'body', shapes: [{ d: 'M 89 234 L 64 230 Q 60 240 64 250 L 89 250 Z' }] },
  wheel: { look: 'wheel', shapes: [{ d: rounded(71, 140, 17, 60, 5) }, { d: rounded(71, 432, 17, 60, 5) }] },
}

const GEOMETRY: Record<string, { look: Look; shapes: Shape[]; label?: { x: number; y: number } }> = {
  front: { look: 'band', shapes: [{ d: 'M 56 8 H 304 L 272 60 H 88 Z' }], label: { x: 180, y: 40 } },
  rear: { look: 'band', shapes: [{ d: 'M 88 562 H 272 L 304 614 H 56 Z' }], label: { x: 180, y: 594 } },
  left: { look: 'band', shapes: [{ d: 'M 8 40 L 52 80 V 540 L 8 580 Z' }], label: { x: 30, y: 310 } },
  right: { look: 'band', shapes: [{ d: 'M 352 40 L 308 80 V 540 L 352 580 Z' }], label: { x: 330, y: 310 } },
  roof: { look: 'frame', shapes: [{ d: box(118, 252, 124, 196) }], label: { x: 180, y: 441 } },

  'front.bumper': {
    look: 'body',
    shapes: [{ d: 'M 100 97 Q 104 81 128 77 Q 180 69 232 77 Q 256 81 260 97 Z' }],
  },
  'front.headlamp': { look: 'lamp', shapes: [{ d: 'M 97 100 H 136 L 132 115 L 99 119 Z', both: true }] },
  'front.radiator': { look: 'frame', shapes: [{ d: 'M 140 100 H 220 L 216 115 H 144 Z' }] },
  'front.hood': { look: 'body', shapes: [{ d: 'M 117 121 H 243 L 237 207 H 123 Z' }] },
  'front.fender': { look: 'body', shapes: [{ d: 'M 90 122 H 113 L 117 208 L 115 238 H 90 Z', both: true }] },
  'front.windshield': { look: 'glass', shapes: [{ d: 'M 125 210 H 235 L 226 249 H 134 Z' }] },

  'roof.pillar': { look: 'frame', shapes: [{ d: 'M 117 210 H 123 L 133 249 H 120 Z', both: true }] },
  'roof.trim': { look: 'frame', shapes: [{ d: box(121, 256, 8, 166), both: true }] },
  'roof.panel': { look: 'body', shapes: [{ d: box(133, 256, 94, 166) }] },
  'roof.sunroof': { look: 'glass', shapes: [{ d: rounded(147, 268, 66, 72, 6) }] },

  'rear.glass': { look: 'glass', shapes: [{ d: 'M 128 451 H 232 L 240 482 H 120 Z' }] },
  'rear.trunk': { look: 'body', shapes: [{ d: 'M 119 485 H 241 L 243 521 H 117 Z' }] },
  'rear.lamp': { look: 'lamp', shapes: [{ d: 'M 91 505 H 115 V 527 L 99 531 Z', both: true }] },
  'rear.floor': { look: 'frame', shapes: [{ d: box(117, 524, 126, 8) }] },
  'rear.bumper': {
    look: 'body',
    shapes: [{ d: 'M 100 535 H 260 Q 256 547 232 550 Q 180 557 128 550 Q 104 547 100 535 Z' }],
  },

  ...Object.fromEntries(
    Object.entries(SIDE).flatMap(([key, piece]) => [
      [`left.${key}`, piece],
      [`right.${key}`, { ...piece, shapes: mirrored(piece.shapes) }],
    ]),
  ),
}

const BODY_OUTLINE =
  'M 128 76 Q 180 68 232 76 Q 266 82 270 118 L 270 500 Q 268 540 232 548 Q 180 554 128 548 Q 92 540 90 500 L 90 118 Q 94 82 128 76 Z'

const LOOK_FILL: Record<Look, string> = {
  band: '#fafafa',
  body: '#f0f2f5',
  glass: '#d6e8fa',
  lamp: '#fff1d6',
  wheel: '#595959',
  frame: '#e4e6ea',
}

export type ZoneState = 'off' | 'on' | 'implied'

function Zone({
  code,
  name,
  state,
  onToggle,
  onHover,
}: {
  code: string
  name: string
  state: ZoneState
  onToggle: (code: string) => void
  onHover: (name: string | null) => void
}): ReactNode {
  const geometry = GEOMETRY[code]
  if (!geometry) return null
  const { look, shapes, label } = geometry
  const selected = state !== 'off'
  const fill = selected ? SELECTED_FILL : LOOK_FILL[look]
  const opacity = !selected ? 1 : look === 'band' || look === 'frame' ? 0.3 : state === 'implied' ? 0.45 : 0.6
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return
    event.preventDefault()
    onToggle(code)
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG region cannot be a <button>; it gets the role instead.
    <g
      role="button"
      tabIndex={0}
      aria-label={name}
      aria-pressed={selected}
      data-zone={code}
      data-selected={selected || undefined}
      className={`${styles.zone} ${look === 'band' ? styles.band : ''}`}
      onClick={() => onToggle(code)}
      onKeyDown={onKeyDown}
      onMouseEnter={() => onHover(name)}
      onMouseLeave={() => onHover(null)}
    >
      <title>{name}</title>
      {shapes.flatMap((shape) => {
        const props = { d: shape.d, fill, fillOpacity: opacity, className: styles.shape }
        const mirror = `translate(${WIDTH} 0) scale(-1 1)`
        return shape.both
          ? [<path key={shape.d} {...props} />, <path key={`${shape.d}|m`} {...props} transform={mirror} />]
          : [<path key={shape.d} {...props} transform={shape.flip ? mirror : undefined} />]
      })}
      {label && (
        <text
          x={label.x}
          y={label.y}
          textAnchor="middle"
          className={styles.label}
          fill={selected ? SELECTED_FILL : '#595959'}
          writingMode={label.x < 60 || label.x > 300 ? 'tb' : undefined}
        >
          {name}
        </text>
      )}
    </g>
  )
}

/** Zones whose code this drawing does not know (an imported catalogue) are left to the checklist. */
export function CarOutline({
  zones,
  stateOf,
  onToggle,
  onHover,
  width = 280,
}: {
  zones: AccidentZone[]
  stateOf: (code: string) => ZoneState
  onToggle: (code: string) => void
  onHover: (name: string | null) => void
  width?: number
}) {
  // Top zones first, so the body panels lie over the roof frame and take its clicks.
  const all = [...zones.map((z) => ({ code: z.code, name: z.name })), ...zones.flatMap((z) => z.children)]
  return (
    // biome-ignore lint/a11y/useSemanticElements: an <svg> groups its regions with the role; a <fieldset> cannot hold SVG.
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={width}
      height={(width * HEIGHT) / WIDTH}
      className={styles.outline}
      role="group"
      aria-label="车身碰撞部位"
      data-testid="car-outline"
    >
      <path d={BODY_OUTLINE} fill="#ffffff" stroke="#8c8c8c" strokeWidth={1.5} />
      {all.map((z) => (
        <Zone
          key={z.code}
          code={z.code}
          name={z.name}
          state={stateOf(z.code)}
          onToggle={onToggle}
          onHover={onHover}
        />
      ))}
    </svg>
  )
}
