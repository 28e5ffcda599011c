// The export's rules without a browser: file names, formula neutralising, and the workbook read back with
// read-excel-file (numbers as numbers, the total exact to the fen, no formula anywhere).
import { strFromU8, unzipSync } from 'fflate'
import readXlsxFile from 'read-excel-file/node'
import { describe, expect, it } from 'vitest'
import writeXlsxFile from 'write-excel-file/node'
import { linesTotal } from '../totals'
import type { SheetLine, SheetRow } from '../types'
import { exportFileName, safeText, sheetRows, today } from './excel'

const quote: SheetRow = {
  Id: 1,
  OrderId: 'BJ202611220001',
  CreateTime: '2026-11-22 10:30:45',
  carNo: '京A12345',
  carType: '迈腾 2020款 330TSI DSG 领先型',
  VIN: 'LFV3A23C0L3000001',
  ClientName: '张先生',
  remark: '@SUM(A1)',
  makeorder_user: '李师傅',
  total_Money: 0,
}

const line = (over: Partial<SheetLine>): SheetLine => ({
  Id: 1,
  OrderId: quote.OrderId,
  part_number: '5G0 807 217 GRU',
  part_name: '前保险杠',
  Amount: 1,
  price: 0,
  money: 0,
  available_stock: 3,
  area_stock: '',
  purchase_price: null,
  addedBy: '',
  addedAgain: false,
  replacedBy: null,
  ...over,
})

const lines = [
  line({ Id: 1, Amount: 2, price: 1234.5, money: 2469 }),
  line({
    Id: 2,
    part_number: '06L 115 562 B',
    part_name: '=1+2',
    Amount: 4.5,
    price: 0.1,
    money: 0.45,
  }),
  line({ Id: 3, part_number: 'N 910 455 01', part_name: '螺栓', Amount: 3, price: 0.7, money: 2.1 }),
]

async function roundTrip(data: ReturnType<typeof sheetRows>) {
  const buffer = await writeXlsxFile(data).toBuffer()
  const [sheet] = await readXlsxFile(buffer)
  const xml = strFromU8(unzipSync(new Uint8Array(buffer))['xl/worksheets/sheet1.xml'] ?? new Uint8Array())
  return { rows: sheet?.data ?? [], xml }
}

describe('safeText', () => {
  it('prefixes text a spreadsheet would evaluate', () => {
    expect(safeText('=1+2')).toBe("'=1+2")
    expect(safeText('+86')).toBe("'+86")
    expect(safeText('-1')).toBe("'-1")
    expect(safeText('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(safeText('\t=1')).toBe("'\t=1")
    expect(safeText('前保险杠 =1')).toBe('前保险杠 =1')
    expect(safeText(null)).toBe('')
  })
})

describe('exportFileName', () => {
  it('names a quotation by plate and car type', () => {
    expect(exportFileName('quote', { ...quote, carType: '迈腾' })).toBe('京A12345_迈腾_报价单.xlsx')
  })
  it('strips characters a file name may not hold', () => {
    expect(exportFileName('quote', { ...quote, carNo: '京A:12/345', carType: '迈腾*"新"?' })).toBe(
      '京A 12 345_迈腾 新_报价单.xlsx',
    )
  })
  it('falls back to the order number', () => {
    expect(exportFileName('quote', { ...quote, carNo: '', carType: ' ' })).toBe('BJ202611220001_报价单.xlsx')
    // A long name is cut before the label, never through it.
    const long = exportFileName('quote', { ...quote, carNo: '京A12345678901234', carType: '迈'.repeat(100) })
    expect(long).toMatch(/^京A12345678901234_迈+_报价单\.xlsx$/)
    expect(long.length).toBe(120 + '.xlsx'.length)
  })
  it('names a purchase order by supplier and creation time', () => {
    const order: SheetRow = { ...quote, OrderId: 'CG202611220001', ClientName: '宏达配件' }
    expect(exportFileName('purchase', order)).toBe('宏达配件_20261122103045_采购单.xlsx')
  })
})

describe('today', () => {
  it("prints Beijing's date, not the browser's", () => {
    // 2026-11-27 23:30 UTC is already the 28th in Beijing; 15:59 UTC is still the 27th.
    expect(today(new Date(Date.UTC(2026, 10, 27, 23, 30)))).toBe('2026-11-28')
    expect(today(new Date(Date.UTC(2026, 10, 27, 15, 59)))).toBe('2026-11-27')
  })
})

describe('sheetRows', () => {
  it('adds the lines in fen', () => {
    expect(linesTotal(lines).money).toBe(2471.55)
    expect(linesTotal([line({ money: 0.1 }), line({ money: 0.2 })]).money).toBe(0.3)
  })

  it('reads back with title, header fields, numbers and the exact total, and no formula', async () => {
    const { rows, xml } = await roundTrip(sheetRows('quote', quote, lines, '测试修理厂', '2026-11-23'))
    expect(rows[0]?.[0]).toBe('测试修理厂 报价单')
    const flat = rows.map((r) => r.filter((c) => c !== null))
    expect(flat).toContainEqual(['单号', 'BJ202611220001', '打印日期', '2026-11-23'])
    expect(flat).toContainEqual(['车牌号', '京A12345', '车架号(VIN)', 'LFV3A23C0L3000001'])
    expect(flat).toContainEqual(['车型', '迈腾 2020款 330TSI DSG 领先型'])
    expect(flat).toContainEqual(['报价类型', "'@SUM(A1)", '客户名称', '张先生'])
    expect(flat).toContainEqual(['制单人', '李师傅', '创建时间', '2026-11-22 10:30:45'])
    const header = rows.findIndex((r) => r[0] === '序号')
    expect(rows[header]).toEqual(['序号', '配件编码', '配件名称', '数量', '单价', '金额', '库存'])
    expect(rows[header + 1]).toEqual([1, '5G0 807 217 GRU', '前保险杠', 2, 1234.5, 2469, 3])
    expect(rows[header + 2]).toEqual([2, '06L 115 562 B', "'=1+2", 4.5, 0.1, 0.45, 3])
    expect(rows[header + 4]?.[0]).toBe('合计')
    expect(rows[header + 4]?.[5]).toBe(2471.55)
    expect(xml).not.toContain('<f>')
    expect(xml).toContain('<mergeCell ref="A1:G1"')
  })

  it('writes a purchase order with the supplier and the purchase price', async () => {
    const order: SheetRow = { ...quote, ClientName: '宏达配件', remark: '月结' }
    const purchase = [line({ price: 88.8, Amount: 2, money: 177.6 })]
    const { rows } = await roundTrip(sheetRows('purchase', order, purchase, '测试修理厂'))
    expect(rows[0]?.[0]).toBe('测试修理厂 采购单')
    const flat = rows.map((r) => r.filter((c) => c !== null))
    expect(flat).toContainEqual(['供应商', '宏达配件', '备注', '月结'])
    const header = rows.findIndex((r) => r[0] === '序号')
    expect(rows[header]?.[4]).toBe('进价')
    expect(rows[header + 1]?.slice(3, 6)).toEqual([2, 88.8, 177.6])
    expect(rows[header + 2]?.[5]).toBe(177.6)
  })
})
