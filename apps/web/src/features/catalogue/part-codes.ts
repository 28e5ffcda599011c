// Turns pasted or typed text into part codes for the part-code query, and the codes to and from the URL
// (?codes=A,B,C, and &qty=4,,2 for the quantities pasted rows gave them), so both parts-search screens read a
// query the same way; and which answer rows are a part.
import { MAX_PART_CODES, normalizePartNumber, type PartsQueryRow } from '@epc/shared'

/** A row that describes a part (found, by prefix, or the replacement of an old number). */
export type PartsSearchHit = Extract<PartsQueryRow, { status: 'found' | 'prefix' | 'superseded' }>

export function isPartHit(row: PartsQueryRow): row is PartsSearchHit {
  return row.status === 'found' || row.status === 'prefix' || row.status === 'superseded'
}

export interface ParsedCodes {
  /** Every distinct code, as typed (inner spaces kept: the server ignores them). */
  codes: string[]
  /** Codes left out because the same number (ignoring case, spaces, dashes) came earlier. */
  duplicates: number
  /** Words that are no part number, left out: names, amounts, quantities beside a code (a spreadsheet's row). */
  ignored: number
  /** The quantity a row gave its code (by normalised number; a number listed twice, the sum). */
  quantities: Map<string, number>
}

// A whole part number has at least this many characters once normalised; shorter space-separated pieces
// are the groups of one number written with spaces, such as '5Q0 927 078 G' or 'N 592 672 00'.
const WHOLE_NUMBER_MIN = 6
/** A name's word: part numbers hold no Chinese. */
const HAN = /\p{Script=Han}/u
/** An amount: a currency sign or decimals (120.00, ¥46.5). */
const AMOUNT = /^[¥￥]|^\d+\.\d{1,2}$/
/** A quantity: a cell of a row copied from a spreadsheet, beside the code (alone on a line it is a code). */
const QUANTITY = /^\d{1,3}$/

const whole = (token: string) => normalizePartNumber(token).length >= WHOLE_NUMBER_MIN

/** A line's codes, its quantity (a row of one code and one quantity after it) and the words left out. */
function splitLine(line: string): { codes: string[]; quantity: number | null; ignored: number } {
  const cells = line
    .split(/[,，;；、\t]+/)
    .map((cell) => cell.trim().split(/\s+/).filter(Boolean))
    .filter((tokens) => tokens.length)
  const row = cells.length > 1
  const codes: string[] = []
  // Quantities after the code: one before it is more likely a row number (序号).
  const quantities: number[] = []
  let ignored = 0
  for (const tokens of cells) {
    const [only = ''] = tokens
    if (row && tokens.length === 1 && QUANTITY.test(only)) {
      ignored += 1
      if (codes.length) quantities.push(Number(only))
      continue
    }
    // A row's cell holding a name (any Chinese in it, 小灯泡 W5W too) or an amount is no code.
    if (row && (tokens.some((t) => HAN.test(t)) || (tokens.length === 1 && AMOUNT.test(only)))) {
      ignored += 1
      continue
    }
    // Typed on one line with spaces: the Chinese words and amounts beside a code are left out.
    const kept = tokens.filter((t) => !HAN.test(t) && !AMOUNT.test(t))
    ignored += tokens.length - kept.length
    const [first = '', ...rest] = kept
    if (!first) continue
    if (rest.length && kept.every(whole)) codes.push(...kept)
    else if (rest.length && whole(first) && rest.every((t) => QUANTITY.test(t))) {
      // A whole number, then its quantity ('5Q0927078G 2'); a number written in groups starts short.
      ignored += rest.length
      codes.push(first)
      quantities.push(...rest.map(Number))
    } else codes.push(kept.join(' '))
  }
  const [quantity] = quantities
  return {
    codes,
    quantity: codes.length === 1 && quantities.length === 1 && quantity ? quantity : null,
    ignored,
  }
}

/**
 * One code a line, or several on a line separated by commas, semicolons, tabs or spaces. Rows copied from a
 * spreadsheet or an invoice keep only their codes, and their quantity: names, amounts and quantities beside
 * them are left out of the codes.
 */
export function parseCodes(text: string): ParsedCodes {
  const seen = new Set<string>()
  const codes: string[] = []
  const quantities = new Map<string, number>()
  let duplicates = 0
  let ignored = 0
  for (const line of text.split(/\r?\n/)) {
    const split = splitLine(line)
    ignored += split.ignored
    for (const code of split.codes) {
      const number = normalizePartNumber(code)
      if (!number) continue
      if (split.quantity) quantities.set(number, (quantities.get(number) ?? 0) + split.quantity)
      if (seen.has(number)) {
        duplicates += 1
        continue
      }
      seen.add(number)
      codes.push(code)
    }
  }
  return { codes, duplicates, ignored, quantities }
}

/**
 * The text with one code, standing as a cell or word of its own, replaced by another (a candidate chosen for
 * it): the rest of its line, a pasted quantity too, stays. Null when the code is not found so in the text.
 */
export function replaceCode(text: string, code: string, next: string): string | null {
  const escaped = code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const edge = '[\\s,，;；、]'
  const at = new RegExp(`(^|${edge})${escaped}(?=$|${edge})`, 'm')
  return at.test(text) ? text.replace(at, (_, before: string) => `${before}${next}`) : null
}

/** The codes a query may hold: the first MAX_PART_CODES, and how many were left out. */
export function limitCodes(codes: string[]): { codes: string[]; dropped: number } {
  return { codes: codes.slice(0, MAX_PART_CODES), dropped: Math.max(0, codes.length - MAX_PART_CODES) }
}

export function codesFromParam(value: string | null): string[] {
  return limitCodes(parseCodes((value ?? '').replaceAll(',', '\n')).codes).codes
}

export function codesToParam(codes: string[]): string {
  return codes.join(',')
}

/**
 * The URL's quantities for the codes of a query, in their order (`4,,2`); empty when no code has one, so a
 * query of codes alone keeps the address it had.
 */
export function quantitiesToParam(codes: string[], quantities: ReadonlyMap<string, number>): string {
  const list = codes.map((code) => quantities.get(normalizePartNumber(code)) ?? '')
  return list.some((q) => q !== '') ? list.join(',') : ''
}

/** The quantities of the URL's codes, by normalised number: the n-th quantity is the n-th code's. */
export function quantitiesFromParam(codesParam: string, qtyParam: string | null): Map<string, number> {
  const quantities = new Map<string, number>()
  const given = (qtyParam ?? '').split(',')
  codesParam.split(',').forEach((code, i) => {
    const quantity = given[i]?.trim() ?? ''
    const number = normalizePartNumber(code)
    if (number && QUANTITY.test(quantity) && Number(quantity) > 0) quantities.set(number, Number(quantity))
  })
  return quantities
}

/**
 * The box's text for codes and their quantities: one code a line, its quantity after a tab as a spreadsheet's
 * row has it, so that parseCodes reads both back. A code of digits short enough to read as a quantity goes
 * alone (beside another cell it would be taken for one).
 */
export function codesToText(codes: string[], quantities: ReadonlyMap<string, number>): string {
  return codes
    .map((code) => {
      const quantity = quantities.get(normalizePartNumber(code))
      return quantity && !QUANTITY.test(code.trim()) ? `${code}\t${quantity}` : code
    })
    .join('\n')
}
