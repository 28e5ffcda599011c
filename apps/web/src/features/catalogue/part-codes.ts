// Turns pasted or typed text into part codes for the part-code query, and the codes to and from the URL
// (?codes=A,B,C), so both parts-search screens read a query the same way; and which answer rows are a part.
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
}

// A whole part number has at least this many characters once normalised; shorter space-separated pieces
// are the groups of one number written with spaces, such as '5Q0 927 078 G' or 'N 592 672 00'.
const WHOLE_NUMBER_MIN = 6

function splitLine(line: string): string[] {
  return line
    .split(/[,，;；、\t]+/)
    .map((piece) => piece.trim().replace(/\s+/g, ' '))
    .flatMap((piece) => {
      const tokens = piece.split(' ')
      const separate =
        tokens.length > 1 && tokens.every((t) => normalizePartNumber(t).length >= WHOLE_NUMBER_MIN)
      return separate ? tokens : [piece]
    })
}

/** One code a line, or several on a line separated by commas, semicolons, tabs or spaces. */
export function parseCodes(text: string): ParsedCodes {
  const seen = new Set<string>()
  const codes: string[] = []
  let duplicates = 0
  for (const code of text.split(/\r?\n/).flatMap(splitLine)) {
    const number = normalizePartNumber(code)
    if (!number) continue
    if (seen.has(number)) {
      duplicates += 1
      continue
    }
    seen.add(number)
    codes.push(code)
  }
  return { codes, duplicates }
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
