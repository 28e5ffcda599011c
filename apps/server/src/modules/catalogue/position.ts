// Where on the car a fitted part or an accident zone sits: its side (左/右) and its end (前/后). The importer
// reads it from the name's position words when the file leaves it empty; the accident answer filters on it.

/** Stored form: the side, then the end, each left out when there is none: '', '左', '右前', '后'. */
export type Position = '' | '左' | '右' | '前' | '后' | '左前' | '左后' | '右前' | '右后'

// Words holding a position character that say nothing about where the part sits: a rear-view mirror has no
// end, 前氧/后氧 sensors sit up- and downstream in the exhaust, and 左右/前后 mean both.
const NOT_POSITIONS = /后视镜|后处理|前氧|后氧|左右|前后/gu
// Chinese part names lead with their position (右后车门锁, 左外后视镜总成); lists sometimes add it after
// the name instead (车门锁 左后, 车门锁（右前）), as a word of position characters only.
const ANY_POSITION = /[左右前后]/u
const LEADING = /^[左右前后上下内外中侧]+/u
const WORD_ONLY = /^[左右前后上下内外中侧]+$/u
const SEPARATORS = /[\s\-—_/\\|()（）[\]【】,，、;；:：]+/u

function compose(chars: string): Position {
  const hasLeft = chars.includes('左')
  const hasRight = chars.includes('右')
  const hasFront = chars.includes('前')
  const hasRear = chars.includes('后')
  const side = hasLeft === hasRight ? '' : hasLeft ? '左' : '右'
  const end = hasFront === hasRear ? '' : hasFront ? '前' : '后'
  return `${side}${end}` as Position
}

/** The position a name's position words give: 右后车门锁 → 右后, 外后视镜总成 → '', 前保险杠皮 → 前. */
export function positionOfName(name: string): Position {
  // Most names hold no side or end at all; millions of parts pass through here on an import.
  if (!ANY_POSITION.test(name)) return ''
  const words = name.replace(NOT_POSITIONS, '·').split(SEPARATORS).filter(Boolean)
  let chars = LEADING.exec(words[0] ?? '')?.[0] ?? ''
  for (const word of words.slice(1)) if (WORD_ONLY.test(word)) chars += word
  return compose(chars)
}

/** The explicit word a catalogue file uses for "no position", where the name's words would mislead. */
export const NO_POSITION = '无'

/**
 * A file's position column: undefined when empty (then the name decides), '' for 无, else the side and end
 * it gives; null when it is not a position.
 */
export function parsePosition(value: string): Position | undefined | null {
  if (value === '') return undefined
  if (value === NO_POSITION) return ''
  if (!/^[左右]?[前后]?$/u.test(value)) return null
  return value as Position
}

const sideOf = (p: Position) => (p.startsWith('左') ? '左' : p.startsWith('右') ? '右' : '')
const endOf = (p: Position) => (p.endsWith('前') ? '前' : p.endsWith('后') ? '后' : '')

/** A sub zone says what it adds; the side or end it leaves open is its parent's (发动机盖区 is at the front). */
export function withinParent(own: Position, parent: Position): Position {
  return `${sideOf(own) || sideOf(parent)}${endOf(own) || endOf(parent)}` as Position
}

/**
 * Whether a hit in a zone reaches a part there: on each axis either says nothing or both say the same, so a
 * left zone never reaches a right part, and a side-neutral part (前保险杠皮) is reached from either side.
 */
export function zoneReaches(zone: Position, part: Position): boolean {
  const side = [sideOf(zone), sideOf(part)]
  const end = [endOf(zone), endOf(part)]
  return (!side[0] || !side[1] || side[0] === side[1]) && (!end[0] || !end[1] || end[0] === end[1])
}
