// The print data of spec section 3 (type 0 quote, otherwise purchase order; the sheet's fields, the company
// name, the lines and the total with 2 decimals), and how the printed sheet writes numbers and money.
import type { SheetKind } from '@epc/shared'
import { linesTotal } from '../totals'
import type { SheetLine, SheetRow } from '../types'

export interface PrintData {
  type: 0 | 1
  data: Pick<SheetRow, 'carNo' | 'carType' | 'VIN' | 'remark' | 'makeorder_user' | 'OrderId' | 'ClientName'>
  UserCompanyName: string
  dataList: SheetLine[]
  /** The sum of the lines' money, with 2 decimals. */
  total: string
}

export const kindOfType = (type: string | null): SheetKind => (type === '0' ? 'quote' : 'purchase')

export function printData(kind: SheetKind, sheet: SheetRow, lines: SheetLine[], company: string): PrintData {
  return {
    type: kind === 'quote' ? 0 : 1,
    data: {
      carNo: sheet.carNo,
      carType: sheet.carType,
      VIN: sheet.VIN,
      remark: sheet.remark,
      makeorder_user: sheet.makeorder_user,
      OrderId: sheet.OrderId,
      ClientName: sheet.ClientName,
    },
    UserCompanyName: company,
    dataList: lines,
    total: linesTotal(lines).money.toFixed(2),
  }
}

const twoDecimals = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const upToTwo = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 })

/** 1,234.50 */
export const money = (value: number | string) => twoDecimals.format(Number(value))
/** 2, or 4.5 for part quantities. */
export const quantity = (value: number | string) => upToTwo.format(Number(value))

const DIGITS = '零壹贰叁肆伍陆柒捌玖'
const SMALL_UNITS = ['', '拾', '佰', '仟']
const BIG_UNITS = ['', '万', '亿', '万亿']

/** The amount in capital numerals as Chinese invoices and quotations write it: 贰仟肆佰柒拾壹元伍角伍分. */
export function capitalAmount(value: number | string): string {
  const fen = Math.round(Math.abs(Number(value)) * 100)
  if (!Number.isFinite(fen) || fen === 0) return '零元整'
  const yuan = Math.floor(fen / 100)
  const jiao = Math.floor(fen / 10) % 10
  const cents = fen % 10
  let text = ''
  if (yuan > 0) {
    const digits = String(yuan)
    let pendingZero = false
    for (let i = 0; i < digits.length; i++) {
      const d = Number(digits[i])
      const pos = digits.length - 1 - i
      if (d === 0) pendingZero = true
      else {
        if (pendingZero) text += '零'
        pendingZero = false
        text += (DIGITS[d] ?? '') + SMALL_UNITS[pos % 4]
      }
      // The end of a group of four digits names the group (万, 亿) unless the whole group is zero.
      if (pos % 4 === 0 && pos > 0 && Math.floor(yuan / 10 ** pos) % 10000 > 0) text += BIG_UNITS[pos / 4]
    }
    text += '元'
  }
  if (jiao > 0) text += `${DIGITS[jiao]}角`
  else if (yuan > 0 && cents > 0) text += '零'
  if (cents > 0) text += `${DIGITS[cents]}分`
  else text += '整'
  return (Number(value) < 0 ? '负' : '') + text
}
