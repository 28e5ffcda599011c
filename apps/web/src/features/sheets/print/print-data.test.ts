// The printed total and the capital-numeral amount under it.
import { describe, expect, it } from 'vitest'
import type { SheetLine, SheetRow } from '../types'
import { capitalAmount, money, printData, quantity } from './print-data'

describe('capitalAmount', () => {
  it.each([
    [0, '零元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [0.5, '伍角整'],
    [0.05, '伍分'],
    [1.05, '壹元零伍分'],
    [2471.55, '贰仟肆佰柒拾壹元伍角伍分'],
    [1005, '壹仟零伍元整'],
    [1000000, '壹佰万元整'],
    [1000100, '壹佰万零壹佰元整'],
    [100010000, '壹亿零壹万元整'],
    [120000.3, '壹拾贰万元叁角整'],
    [-8, '负捌元整'],
  ])('%s → %s', (value, text) => {
    expect(capitalAmount(value)).toBe(text)
  })
})

describe('printData', () => {
  it('is type 0 for a quote and totals the lines in fen with 2 decimals', () => {
    const sheet = { OrderId: 'BJ1', carNo: '京A1', ClientName: '' } as SheetRow
    const lines = [{ money: 0.1 }, { money: 0.2 }, { money: 1000 }] as SheetLine[]
    const data = printData('quote', sheet, lines, '测试修理厂')
    expect(data.type).toBe(0)
    expect(data.total).toBe('1000.30')
    expect(data.UserCompanyName).toBe('测试修理厂')
    expect(printData('purchase', sheet, [], '').type).toBe(1)
    expect(printData('purchase', sheet, [], '').total).toBe('0.00')
  })

  it('writes money with 2 decimals and quantities with up to 2', () => {
    expect(money(1234.5)).toBe('1,234.50')
    expect(quantity(2)).toBe('2')
    expect(quantity(4.5)).toBe('4.5')
  })
})
