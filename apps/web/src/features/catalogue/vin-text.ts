// What a VIN box keeps of typed or pasted text: VIN characters plus the I/O/Q look-alikes (so the correction
// can be offered), upper-case, at most 17.
import { normalizeVin, VIN_LENGTH, VinMessages } from '@epc/shared'
import { feedback } from '../../lib/feedback'

/** What the box keeps of typed or pasted text: VIN characters plus the I/O/Q look-alikes, upper-case. */
export function cleanVinInput(raw: string): string {
  const { vin, invalidChars, corrections } = normalizeVin(raw)
  const bad = new Set(invalidChars.map((c) => c.position))
  const lookalike = new Map(corrections.map((c) => [c.position, c.from]))
  let kept = ''
  for (let i = 0; i < vin.length; i++) {
    const position = i + 1
    if (bad.has(position)) continue
    kept += lookalike.get(position) ?? vin[i]
  }
  return kept.slice(0, VIN_LENGTH)
}

/**
 * A VIN box's change: the text it keeps, and 车架号含有无效字符 when it dropped a character (a symbol, a
 * Chinese character), so that a clerk is not left with 16/17 and 请输入17位车架号 for a character they typed.
 */
export function vinTyped(raw: string): string {
  if (normalizeVin(raw).invalidChars.length) feedback.warning(VinMessages.invalidChars)
  return cleanVinInput(raw)
}
