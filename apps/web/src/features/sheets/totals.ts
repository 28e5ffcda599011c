// The sums a sheet shows, exports and prints: quantities and money added in fen, as the server does.
import { sumYuan } from '@epc/shared'
import type { SheetLine } from './types'

export function linesTotal(lines: readonly Pick<SheetLine, 'Amount' | 'money'>[]) {
  return { amount: sumYuan(lines.map((l) => l.Amount)), money: sumYuan(lines.map((l) => l.money)) }
}
