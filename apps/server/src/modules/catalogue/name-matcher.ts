// The one matcher of generic part names, asked by the glossary and by the in-model name search: it forgives
// what a counter clerk types under pressure (full-width, traditional and regional characters, spaces and
// capitals, homophone typos, words in another order) and ranks exact characters over sound over partial.
import { NAME_VARIANTS } from '@epc/shared/name-variants'
import { Converter } from 'opencc-js/t2cn'
import { pinyin } from 'pinyin-pro'

// Taiwan and Hong Kong forms both come out simplified from 'tw'; the same converter runs on names and queries.
const toSimplified = Converter({ from: 'tw', to: 'cn' })
const VARIANTS = new Map(NAME_VARIANTS.map((v) => [v.variant, v.standard]))
const VARIANT_RE = new RegExp([...VARIANTS.keys()].sort((a, b) => b.length - a.length).join('|'), 'g')
// Most text holds no variant: a class of their first characters says so before the replacing runs.
const MAY_HAVE_VARIANT = new RegExp(`[${[...new Set(NAME_VARIANTS.map((v) => v.variant[0]))].join('')}]`)
// Spaces, punctuation and symbols separate words and are otherwise ignored (前-雾灯, 雾灯（左）).
const SEPARATORS = /[\s\p{P}\p{S}]+/gu
// biome-ignore lint/suspicious/noControlCharactersInRegex: any character outside ASCII is the point
const NOT_ASCII = /[^\u0000-\u007f]/
const LATIN = /^[a-z0-9]+$/

/**
 * The matcher's rules, each of which can be left out: the unit tests show that each rule's queries fail
 * without it. width: full-width to half-width (NFKC); case; separators: spaces and punctuation ignored;
 * simplified: traditional to simplified; variants: the regional table; sound: pinyin and initials; tokens:
 * words in any order; partial: a name inside a longer query.
 */
export type MatcherRule =
  | 'width'
  | 'case'
  | 'separators'
  | 'simplified'
  | 'variants'
  | 'sound'
  | 'tokens'
  | 'partial'

type Rules = ReadonlySet<MatcherRule>
const ALL_RULES: Rules = new Set()

/** Full-width to half-width, lower case, traditional to simplified, regional variants; spaces kept. */
function fold(text: string, off: Rules): string {
  let s = off.has('width') ? text : text.normalize('NFKC')
  if (!off.has('case')) s = s.toLowerCase()
  // Plain ASCII (pinyin, initials, codes) has nothing to convert; skipping it keeps typed pinyin cheap.
  if (!NOT_ASCII.test(s)) return s
  if (!off.has('simplified') && hasTraditional(s)) s = toSimplified(s)
  if (off.has('variants') || !MAY_HAVE_VARIANT.test(s)) return s
  return s.replace(VARIANT_RE, (v) => VARIANTS.get(v) ?? v)
}

// Whether the converter changes a character on its own, asked once per character: text with no such
// character is left as it is (the converter costs microseconds a call, a look-up almost nothing).
const traditional = new Map<string, boolean>()

function hasTraditional(text: string): boolean {
  for (const char of text) {
    let changes = traditional.get(char)
    if (changes === undefined) {
      changes = toSimplified(char) !== char
      traditional.set(char, changes)
    }
    if (changes) return true
  }
  return false
}

function strip(folded: string, off: Rules): string {
  return off.has('separators') ? folded : folded.replace(SEPARATORS, '')
}

/** A name or query as matched: folded, with spaces and punctuation removed. */
export function normalizeName(text: string, off: Rules = ALL_RULES): string {
  return strip(fold(text, off), off)
}

/** How a text sounds: one syllable per Chinese character, a run of Latin letters and digits as one. */
interface Sound {
  syllables: string[]
  /** Where each syllable's characters start in the normalised text. */
  starts: number[]
  /** ' sha che pian ': syllables between spaces, so a search never matches across a syllable's border. */
  key: string
  /** 'shachepian', as the importer stores a name's pinyin. */
  full: string
  /** 'scp'; a Latin run stays whole, as the importer stores it. */
  initials: string
}

const HAN = /\p{Script=Han}/u
// A character's commonest reading, asked of pinyin-pro once; at most the Han characters in Unicode.
const commonReadings = new Map<string, string>()

function commonReading(char: string): string {
  let reading = commonReadings.get(char)
  if (reading === undefined) {
    reading = HAN.test(char) ? pinyin(char, { toneType: 'none', v: true }) || char : ''
    commonReadings.set(char, reading)
  }
  return reading
}

/** A character's pinyin ('' for anything not Han). */
type Reader = (char: string) => string

/**
 * Names and queries are read character by character, the same way, so a query sounds like a name exactly
 * when its characters do; reading a whole query in context costs pinyin-pro 10-80 µs, a map look-up per
 * character almost nothing. A character takes the reading it has in the names (刹 is sha in 刹车片, though
 * alone it reads cha), otherwise its commonest one.
 */
function soundOf(normalized: string, read: Reader): Sound {
  const syllables: string[] = []
  const starts: number[] = []
  let initials = ''
  let run = ''
  let at = 0
  const endRun = () => {
    if (!run) return
    syllables.push(run)
    starts.push(at - run.length)
    initials += run
    run = ''
  }
  for (const char of normalized) {
    const reading = read(char)
    if (reading) {
      endRun()
      syllables.push(reading)
      starts.push(at)
      initials += reading[0]
    } else run += char
    at += char.length
  }
  endRun()
  return { syllables, starts, key: ` ${syllables.join(' ')} `, full: syllables.join(''), initials }
}

/** The readings characters have in names, read in context: the commonest one of each character. */
function readingsInNames(names: string[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>()
  for (const name of names)
    for (const item of pinyin(name, { toneType: 'none', type: 'all', nonZh: 'consecutive', v: true })) {
      if (!item.isZh) continue
      const of = counts.get(item.origin) ?? new Map<string, number>()
      of.set(item.pinyin, (of.get(item.pinyin) ?? 0) + 1)
      counts.set(item.origin, of)
    }
  const readings = new Map<string, string>()
  for (const [char, of] of counts) {
    let best = ''
    let most = 0
    for (const [reading, n] of of) if (n > most) [best, most] = [reading, n]
    readings.set(char, best)
  }
  return readings
}

/** A generic name or one of its aliases, as indexed. */
interface Form {
  entry: number
  /** As stored and shown. */
  text: string
  alias: boolean
  norm: string
  sound: Sound
}

export interface NameEntry {
  id: number
  name: string
  aliases: string[]
}

/** Where a text matched: start and length in its characters. */
export type Span = [number, number]

export type MatchKind = 'exact' | 'sound' | 'partial'

export interface NameMatch {
  id: number
  /** Exact characters (as typed, or every word of it), same sound (pinyin, initials, homophone), or partial. */
  kind: MatchKind
  /** Lower first: see RANK. */
  rank: number
  /** The name or alias that matched, as stored. */
  text: string
  alias: boolean
  /** How the query reached it: its characters, typed pinyin or initials, or the pinyin of its characters. */
  via: 'chars' | 'pinyin' | 'initials' | 'sound'
  /** What to highlight in `text`. */
  spans: Span[]
}

// Exact characters, then same sound, then partial, so an exact query is never drowned by its homophones.
export const RANK = {
  name: 0,
  alias: 1,
  contains: 2,
  tokens: 3,
  soundEqual: 4,
  soundContains: 5,
  soundTokens: 6,
  partial: 7,
  partialSound: 8,
} as const

function kindOf(rank: number): MatchKind {
  return rank <= RANK.tokens ? 'exact' : rank <= RANK.soundTokens ? 'sound' : 'partial'
}

export interface Query {
  norm: string
  /** Words typed apart (灯 雾); pinyin typed with spaces (kong qi lv) is one word. */
  tokens: string[]
  latin: boolean
  sound: Sound
}

function analyseQuery(raw: string, off: Rules, read: Reader): Query {
  const folded = fold(raw, off)
  const norm = strip(folded, off)
  const latin = LATIN.test(norm)
  const tokens = latin || off.has('tokens') ? [norm] : folded.split(SEPARATORS).filter(Boolean)
  return { norm, tokens, latin, sound: soundOf(norm, read) }
}

/** Where syllables first stand in a row among a text's, or -1. */
function syllablesAt(own: readonly string[], syllables: readonly string[]): number {
  if (!syllables.length) return -1
  next: for (let at = 0; at + syllables.length <= own.length; at++) {
    for (let j = 0; j < syllables.length; j++) if (own[at + j] !== syllables[j]) continue next
    return at
  }
  return -1
}

/** The characters of syllables [from, from + count) of a form. */
function soundSpan(form: Form, from: number, count: number): Span {
  const { starts } = form.sound
  const start = starts[from] ?? 0
  const end = starts[from + count] ?? form.norm.length
  return [start, end - start]
}

/** The characters typed pinyin covers when it starts on a syllable; the whole text otherwise. */
function latinSpan(form: Form, at: number, length: number): Span {
  const { syllables } = form.sound
  let offset = 0
  let from = 0
  while (from < syllables.length && offset < at) offset += syllables[from++]?.length ?? 0
  if (offset !== at) return [0, form.norm.length]
  let count = 0
  for (let left = length; left > 0 && from + count < syllables.length; count++)
    left -= syllables[from + count]?.length ?? 0
  return soundSpan(form, from, count)
}

// The longest piece indexed: three letters of pinyin are rare enough to leave a few texts to search.
const PIECE = 3

/**
 * Many short texts (names' pinyin, initials, part names) searched for a needle through their pieces: every run
 * of up to three characters of every text is indexed, so a search reads only the texts holding the needle's
 * rarest piece. Scanning all of them (one string of 30,000 letters for the names' pinyin) cost a
 * typed-pinyin query 10-13 µs, most of its matching: letters such as h and s start a candidate everywhere.
 */
class PieceIndex {
  private readonly pieces = new Map<string, number[]>()

  constructor(private readonly texts: readonly string[]) {
    texts.forEach((text, i) => {
      for (let at = 0; at < text.length; at++)
        for (let length = 1; length <= PIECE && at + length <= text.length; length++) {
          const piece = text.slice(at, at + length)
          const list = this.pieces.get(piece)
          if (!list) this.pieces.set(piece, [i])
          else if (list[list.length - 1] !== i) list.push(i)
        }
    })
  }

  /** Each text holding `needle`, in the texts' order, with where it first does. */
  find(needle: string): Map<number, number> {
    const found = new Map<number, number>()
    if (!needle) return found
    const length = Math.min(PIECE, needle.length)
    let holding: number[] | undefined
    for (let at = 0; at + length <= needle.length; at++) {
      const list = this.pieces.get(needle.slice(at, at + length)) ?? []
      if (!holding || list.length < holding.length) holding = list
      if (!list.length) break
    }
    for (const i of holding ?? []) {
      const at = (this.texts[i] as string).indexOf(needle)
      if (at >= 0) found.set(i, at)
    }
    return found
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/** Every run of at least `min` consecutive items, as the joined text of each. */
/** Every stretch of at least `min` characters of a text (a query holds at most 40). */
function* stretches(text: string, min: number) {
  for (let from = 0; from < text.length; from++)
    for (let to = from + min; to <= text.length; to++) yield text.slice(from, to)
}

/** Every run of at least `min` syllables, as a key ' a b '. */
function* syllableRuns(syllables: readonly string[], min: number) {
  for (let from = 0; from < syllables.length; from++) {
    let key = ' '
    for (let to = from; to < syllables.length; to++) {
      key += `${syllables[to]} `
      if (to - from + 1 >= min) yield key
    }
  }
}

// Two rows of the edit-distance table, kept between calls: a suggestion compares the query with every name.
let prevRow = new Int32Array(64)
let nextRow = new Int32Array(64)

/** Edit distance of two strings, or Infinity once it must exceed `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return Number.POSITIVE_INFINITY
  if (b.length >= prevRow.length) {
    prevRow = new Int32Array(b.length + 1)
    nextRow = new Int32Array(b.length + 1)
  }
  for (let j = 0; j <= b.length; j++) prevRow[j] = j
  for (let i = 1; i <= a.length; i++) {
    nextRow[0] = i
    let low = i
    const ca = a.charCodeAt(i - 1)
    for (let j = 1; j <= b.length; j++) {
      const replace = (prevRow[j - 1] as number) + (ca === b.charCodeAt(j - 1) ? 0 : 1)
      const insert = (nextRow[j - 1] as number) + 1
      const remove = (prevRow[j] as number) + 1
      let v = replace
      if (insert < v) v = insert
      if (remove < v) v = remove
      nextRow[j] = v
      if (v < low) low = v
    }
    if (low > max) return Number.POSITIVE_INFINITY
    const t = prevRow
    prevRow = nextRow
    nextRow = t
  }
  return prevRow[b.length] as number
}

/** How often each letter and digit occurs in a text (pinyin is lower-case Latin and digits), and which occur. */
interface Letters {
  counts: Uint8Array
  slots: number[]
  length: number
}

function lettersOf(text: string): Letters {
  const counts = new Uint8Array(37)
  const slots: number[] = []
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    const slot = c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? c - 22 : 36
    if (!counts[slot]) slots.push(slot)
    counts[slot] = (counts[slot] as number) + 1
  }
  return { counts, slots, length: text.length }
}

/**
 * A lower bound of the edit distance: the letters one text has more of than the other, the larger side. The
 * sides differ by the texts' lengths, so only the typed text's few letters are counted, not all 37 slots of
 * every name a suggestion compares it with.
 */
function bagDistance(typed: Letters, other: Letters): number {
  let more = 0
  for (const slot of typed.slots) {
    const d = (typed.counts[slot] as number) - (other.counts[slot] as number)
    if (d > 0) more += d
  }
  return Math.max(more, more + other.length - typed.length)
}

export interface Suggestion {
  /** The name or alias to search for instead. */
  text: string
  /** The generic names it stands for. */
  ids: number[]
  distance: number
}

interface Candidate extends NameMatch {
  order: number
  /** Among equal ranks, lower first: see offer. */
  extra: number
}

/** The generic names (678 at most) indexed once per catalogue version; every query runs against them. */
export class NameMatcher {
  private readonly ids: number[]
  private readonly forms: Form[] = []
  /** Each entry's forms: its name, then its aliases. */
  private readonly formsOf = new Map<number, Form[]>()
  private readonly byNorm = new Map<string, Form[]>()
  private readonly byKey = new Map<string, Form[]>()
  private readonly byFull = new Map<string, Form[]>()
  /** The distinct pinyin of names and aliases by length, for 您是不是要找. */
  private readonly byLength = new Map<number, { full: string; letters: Letters; forms: Form[] }[]>()
  /**
   * Where each character and each two in a row, and each syllable and each two in a row, stand in the names:
   * (form, position) pairs. A query is looked up by its first two, which far fewer names hold than its first
   * one (机 and ji are in scores of names).
   */
  private readonly charAt = new Map<string, [number, number][]>()
  private readonly syllableAt = new Map<string, [number, number][]>()
  private readonly fulls: PieceIndex
  private readonly initials: PieceIndex
  private readonly off: Rules
  private readonly read: Reader

  /** `without` leaves rules out, for the tests that show what each rule is for. */
  constructor(entries: NameEntry[], without: MatcherRule[] = []) {
    this.off = new Set(without)
    const texts = entries.flatMap((e) => [e.name, ...e.aliases].map((t) => normalizeName(t, this.off)))
    const inNames = readingsInNames(texts)
    this.read = (char) => inNames.get(char) ?? commonReading(char)
    this.ids = entries.map((e) => e.id)
    entries.forEach((e, entry) => {
      const texts: [string, boolean][] = [
        [e.name, false],
        ...e.aliases.map((a): [string, boolean] => [a, true]),
      ]
      for (const [text, alias] of texts) {
        const norm = normalizeName(text, this.off)
        if (norm) this.forms.push({ entry, text, alias, norm, sound: soundOf(norm, this.read) })
      }
    })
    for (const f of this.forms) {
      push(this.formsOf, f.entry, f)
      push(this.byNorm, f.norm, f)
      push(this.byKey, f.sound.key, f)
      push(this.byFull, f.sound.full, f)
    }
    for (const [full, forms] of this.byFull)
      push(this.byLength, full.length, { full, letters: lettersOf(full), forms })
    this.forms.forEach((f, i) => {
      for (let at = 0; at < f.norm.length; at++) {
        push(this.charAt, f.norm[at] as string, [i, at])
        if (at + 1 < f.norm.length) push(this.charAt, f.norm.slice(at, at + 2), [i, at])
      }
      const { syllables } = f.sound
      syllables.forEach((syllable, at) => {
        push(this.syllableAt, syllable, [i, at])
        if (at + 1 < syllables.length) push(this.syllableAt, `${syllable} ${syllables[at + 1]}`, [i, at])
      })
    })
    this.fulls = new PieceIndex(this.forms.map((f) => f.sound.full))
    this.initials = new PieceIndex(this.forms.map((f) => f.sound.initials))
  }

  /** Where the first one or two characters of a text stand in the names. */
  private charPlaces(text: string): [number, number][] {
    return this.charAt.get(text.slice(0, 2)) ?? []
  }

  /** Where the first one or two syllables stand in the names. */
  private syllablePlaces(syllables: string[]): [number, number][] {
    const key = syllables.length > 1 ? `${syllables[0]} ${syllables[1]}` : (syllables[0] as string)
    return this.syllableAt.get(key) ?? []
  }

  /** Each name or alias holding the characters, with where it first does. */
  private findChars(text: string): Map<number, number> {
    const found = new Map<number, number>()
    for (const [i, at] of this.charPlaces(text))
      if (!found.has(i) && this.forms[i]?.norm.startsWith(text, at)) found.set(i, at)
    return found
  }

  /** Each name or alias holding the syllables in a row, with the syllable they start at. */
  private findSyllables(syllables: string[]): Map<number, number> {
    const found = new Map<number, number>()
    next: for (const [i, at] of this.syllablePlaces(syllables)) {
      if (found.has(i)) continue
      const own = (this.forms[i] as Form).sound.syllables
      for (let j = 1; j < syllables.length; j++) if (own[at + j] !== syllables[j]) continue next
      found.set(i, at)
    }
    return found
  }

  /** The query as matched: normalised, its words, whether it is typed pinyin, and how it sounds. */
  analyse(raw: string): Query {
    return analyseQuery(raw, this.off, this.read)
  }

  /**
   * Every generic name the query reaches, best first; a query of only spaces and marks reaches none. `q`: the
   * query as `analyse` answered it, when the caller has it already.
   */
  match(raw: string, q: Query = this.analyse(raw)): NameMatch[] {
    const { off } = this
    if (!q.norm) return []
    const best = new Map<number, Candidate>()
    const literal = raw.trim()
    const offer = (form: Form, rank: number, via: NameMatch['via'], spans: Span[]) => {
      // Among equal ranks: the text closest in length to the query, the name before an alias, and the
      // alias as typed before its variant (火咀 before 火嘴).
      const extra =
        Math.abs(form.norm.length - q.norm.length) * 4 +
        (form.alias ? 2 : 0) +
        (form.text === literal ? 0 : 1)
      const known = best.get(form.entry)
      if (known && (known.rank < rank || (known.rank === rank && known.extra <= extra))) return
      best.set(form.entry, {
        id: this.ids[form.entry] ?? 0,
        order: form.entry,
        rank,
        kind: kindOf(rank),
        text: form.text,
        alias: form.alias,
        via,
        // Spans are found in the normalised text; one that changed length (spaces, marks) lights up whole.
        spans: form.norm.length === form.text.length ? spans : [[0, form.text.length]],
        extra,
      })
    }
    const whole = (f: Form): Span[] => [[0, f.norm.length]]

    for (const [i, at] of this.findChars(q.norm)) {
      const f = this.forms[i] as Form
      if (f.norm === q.norm) offer(f, f.alias ? RANK.alias : RANK.name, 'chars', whole(f))
      else offer(f, RANK.contains, 'chars', [[at, q.norm.length]])
    }
    if (off.has('sound')) {
      // Characters only.
    } else if (q.latin) {
      for (const [i, at] of this.fulls.find(q.norm)) {
        const f = this.forms[i] as Form
        const equal = f.sound.full === q.norm
        offer(f, equal ? RANK.soundEqual : RANK.soundContains, 'pinyin', [latinSpan(f, at, q.norm.length)])
      }
      for (const [i, at] of this.initials.find(q.norm)) {
        const f = this.forms[i] as Form
        if (at !== 0) continue
        const equal = f.sound.initials === q.norm
        offer(f, equal ? RANK.soundEqual : RANK.soundContains, 'initials', [soundSpan(f, 0, q.norm.length)])
      }
      // Pinyin holding a whole name's (waiqiulong holds qiulong): partial.
      if (!off.has('partial'))
        for (const part of stretches(q.norm, 4))
          for (const f of this.byFull.get(part) ?? [])
            if (f.sound.syllables.length >= 2) offer(f, RANK.partialSound, 'pinyin', whole(f))
    } else {
      const qs = q.sound
      for (const [i, at] of this.findSyllables(qs.syllables)) {
        const f = this.forms[i] as Form
        const span = [soundSpan(f, at, qs.syllables.length)]
        if (f.sound.key === qs.key) offer(f, RANK.soundEqual, 'sound', span)
        // One syllable alone sounds like too much (骗 like every 片), so a homophone inside a name needs two.
        else if (qs.syllables.length >= 2) offer(f, RANK.soundContains, 'sound', span)
      }
      // A longer query holding a name's sound: partial.
      if (!off.has('partial'))
        for (const part of syllableRuns(qs.syllables, 2))
          for (const f of this.byKey.get(part) ?? []) offer(f, RANK.partialSound, 'sound', whole(f))
    }
    // A longer query holding a name (外球笼 holds 球笼).
    if (!off.has('partial') && !q.latin)
      for (const part of stretches(q.norm, 2))
        for (const f of this.byNorm.get(part) ?? []) offer(f, RANK.partial, 'chars', whole(f))
    if (q.tokens.length > 1) this.matchTokens(q.tokens, offer)

    return [...best.values()]
      .sort((a, b) => a.rank - b.rank || a.extra - b.extra || a.order - b.order)
      .map(({ order: _o, extra: _e, ...hit }) => hit)
  }

  /** Names holding every word of the query, each in the name or an alias, in any order. */
  private matchTokens(
    tokens: string[],
    offer: (f: Form, rank: number, via: NameMatch['via'], s: Span[]) => void,
  ) {
    const bySound = !this.off.has('sound')
    const words = tokens.map((token) => ({ token, syllables: soundOf(token, this.read).syllables }))
    // Only the names holding the rarest word can hold them all, and only they are read word by word: a word
    // such as 灯 is in dozens of names, and noting its places in each was most of such a query's time.
    const places = (w: (typeof words)[number]) =>
      this.charPlaces(w.token).length + (bySound ? this.syllablePlaces(w.syllables).length : 0)
    const rarest = words.reduce((a, b) => (places(b) < places(a) ? b : a))
    const entries = new Set<number>()
    for (const i of this.findChars(rarest.token).keys()) entries.add((this.forms[i] as Form).entry)
    if (bySound)
      for (const i of this.findSyllables(rarest.syllables).keys()) entries.add((this.forms[i] as Form).entry)
    next: for (const entry of entries) {
      // The spans each form got, the last word's first (among forms holding as many words, the first noted is
      // shown); whether a word was only found by its sound.
      const spans = new Map<Form, Span[]>()
      let sound = false
      for (let k = words.length - 1; k >= 0; k--) {
        const { token, syllables } = words[k] as (typeof words)[number]
        let found = false
        for (const f of this.formsOf.get(entry) ?? []) {
          const at = f.norm.indexOf(token)
          if (at < 0) continue
          push(spans, f, [at, token.length])
          found = true
        }
        // By sound only in a name none of whose forms holds the characters, and only in the first form.
        if (!found && bySound)
          for (const f of this.formsOf.get(entry) ?? []) {
            const at = syllablesAt(f.sound.syllables, syllables)
            if (at < 0) continue
            push(spans, f, soundSpan(f, at, syllables.length))
            found = sound = true
            break
          }
        if (!found) continue next
      }
      // Shown on the form that holds the most words (the name first among equals).
      let form: Form | undefined
      let best: Span[] = []
      for (const [f, s] of spans) if (s.length > best.length) [form, best] = [f, s]
      if (form) offer(form, sound ? RANK.soundTokens : RANK.tokens, sound ? 'sound' : 'chars', best)
    }
  }

  /**
   * 您是不是要找: the names and aliases whose pinyin is nearest the query's (edit distance), for a query that
   * reached nothing; at most `limit`, nearest first. Up to 8 letters allow one edit, longer ones one in four,
   * three at most.
   */
  suggest(raw: string, limit = 5, q: Query = this.analyse(raw)): Suggestion[] {
    const typed = q.latin ? q.norm : q.sound.full
    if (typed.length < 2) return []
    const max = Math.min(3, Math.max(1, Math.floor(typed.length / 4)))
    const typedLetters = lettersOf(typed)
    const byText = new Map<string, Suggestion & { order: number }>()
    for (let length = typed.length - max; length <= typed.length + max; length++) {
      for (const { full, letters, forms } of this.byLength.get(length) ?? []) {
        // Letters one has and the other lacks need an edit each: most names are ruled out by that alone.
        if (bagDistance(typedLetters, letters) > max) continue
        const d = distance(typed, full, max)
        if (d > max) continue
        this.collect(byText, forms, d)
      }
    }
    return [...byText.values()]
      .sort((a, b) => a.distance - b.distance || a.order - b.order)
      .slice(0, limit)
      .map(({ order: _o, ...s }) => s)
  }

  private collect(byText: Map<string, Suggestion & { order: number }>, forms: Form[], d: number) {
    for (const f of forms) {
      const id = this.ids[f.entry] ?? 0
      const known = byText.get(f.text)
      if (!known) byText.set(f.text, { text: f.text, ids: [id], distance: d, order: f.entry })
      else if (!known.ids.includes(id)) known.ids.push(id)
    }
  }
}

export interface PartName {
  /** 0 for parts without a generic name. */
  genericId: number
  name: string
  pinyin: string
  initials: string
}

/** Which of a part name's own texts a query is found in: its characters, its pinyin, its initials. */
export type PartNameVia = 'name' | 'pinyin' | 'initials'

/**
 * The distinct names of the catalogue's parts (a few hundred to a few thousand), so the name search tests a
 * part's own name, pinyin and initials once per name instead of once per part, and learns which generic
 * names' parts it must read. Texts are compared in lower case, as `like` did in the SQL these tests ran as.
 * Each text's pieces are indexed (PieceIndex): a search looks at the names holding its rarest piece only.
 */
export class PartNameIndex {
  private readonly parts: PartName[]
  private readonly texts: Record<PartNameVia, string[]>
  private readonly indexes: Record<PartNameVia, PieceIndex>

  constructor(parts: PartName[]) {
    this.parts = parts
    this.texts = {
      name: parts.map((p) => p.name.toLowerCase()),
      pinyin: parts.map((p) => p.pinyin.toLowerCase()),
      initials: parts.map((p) => p.initials.toLowerCase()),
    }
    this.indexes = {
      name: new PieceIndex(this.texts.name),
      pinyin: new PieceIndex(this.texts.pinyin),
      initials: new PieceIndex(this.texts.initials),
    }
  }

  private find(via: PartNameVia, text: string): Iterable<number> {
    return this.indexes[via].find(text).keys()
  }

  /**
   * The part names holding every word, else (with `sound`) the pinyin in their pinyin, else (with `initials`
   * too) in their initials, each with how it was found; the generic names of those parts go into `reach`.
   */
  match(words: string[], sound: string, initials: boolean, reach: Set<number>): Map<string, PartNameVia> {
    const found = new Map<string, PartNameVia>()
    const add = (i: number, via: PartNameVia) => {
      const part = this.parts[i] as PartName
      if (!found.has(part.name)) found.set(part.name, via)
      reach.add(part.genericId)
    }
    const [first, ...rest] = words
    if (first)
      for (const i of this.find('name', first))
        if (rest.every((w) => this.texts.name[i]?.includes(w))) add(i, 'name')
    if (sound) for (const i of this.find('pinyin', sound)) add(i, 'pinyin')
    if (sound && initials) for (const i of this.find('initials', sound)) add(i, 'initials')
    return found
  }
}
