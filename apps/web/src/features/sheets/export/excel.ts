// Excel export of one quotation or purchase order (spec sections 5, 8, 9): the guard the sheet pages call
// first, the file name, the sheet's rows, and the download. write-excel-file is loaded only here, on demand.
import { type SheetKind, SheetMessages } from '@epc/shared'
import type { CellObject, Row, SheetData } from 'write-excel-file/browser'
import { feedback } from '../../../lib/feedback'
import { formatBeijingTime } from '../../../lib/format'
import { SHEET_TEXTS } from '../texts'
import { linesTotal } from '../totals'
import type { SheetLine, SheetRow } from '../types'

const label = (kind: SheetKind) => SHEET_TEXTS[kind].name

/** The spec's texts say 报价单; a purchase order gets the same sentence about a 采购单. */
function say(text: string, kind: SheetKind): string {
  return text.replace('报价单', label(kind))
}

/**
 * What the 导出Excel button checks before exporting: a selected sheet (请选择所要导出的报价单) whose lines
 * have been read (`unread` says they are loading or failed to load: not an empty sheet, which would send the
 * clerk to add them again) and hold at least one (导出失败，该报价单暂无配件信息). Shows the warning and
 * answers false otherwise.
 */
export function canExport(
  kind: SheetKind,
  sheet: SheetRow | null | undefined,
  lines: readonly SheetLine[] | null | undefined,
  unread?: 'loading' | 'failed',
): sheet is SheetRow {
  if (!sheet) {
    feedback.warning(say(SheetMessages.exportNeedsSheet, kind))
    return false
  }
  if (unread === 'failed') {
    feedback.warning('配件明细加载失败，请重新加载后再导出')
    return false
  }
  if (unread === 'loading') {
    feedback.warning('配件明细加载中，请稍候再导出')
    return false
  }
  if (!lines?.length) {
    feedback.warning(say(SheetMessages.exportEmpty, kind))
    return false
  }
  return true
}

/**
 * Text that a spreadsheet would read as a formula (= + - @, or a tab or carriage return first) gets a
 * leading apostrophe. The apostrophe stays visible, on purpose: the cell shows exactly what was typed plus
 * one harmless character, and neither Excel nor WPS evaluates it when the cell is edited or the sheet is
 * saved as CSV and opened again (OWASP's advice for CSV injection).
 */
export function safeText(value: string | null | undefined): string {
  const text = value ?? ''
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/** Characters Windows, macOS or a browser's download refuse in a file name, and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const UNSAFE_FILE_CHARS = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g

function fileNamePart(value: string | null | undefined): string {
  return (value ?? '').replace(UNSAFE_FILE_CHARS, ' ').replace(/\s+/g, ' ').trim()
}

/**
 * 京A12345_迈腾_报价单.xlsx, or 供应商_20261122103045_采购单.xlsx (creation time without separators). A sheet
 * without plate and car type (or supplier) is named by its number instead.
 */
export function exportFileName(kind: SheetKind, sheet: SheetRow): string {
  const parts =
    kind === 'quote'
      ? [sheet.carNo, sheet.carType]
      : [sheet.ClientName, (sheet.CreateTime ?? '').replace(/\D/g, '')]
  const named = parts.map(fileNamePart).filter(Boolean)
  // Long car-type names would make an unwieldy file name; 120 characters leave room for the folder. The cut
  // falls before the label, which always ends the name.
  const tail = `_${label(kind)}`
  const stem = (named.length ? named : [fileNamePart(sheet.OrderId)]).join('_')
  return `${[...stem].slice(0, 120 - tail.length).join('')}${tail}.xlsx`
}

/** The date the sheet prints: Beijing's, as every time the server writes, whatever the browser's zone (a
 * browser set to UTC would print the day before between 00:00 and 08:00). */
export function today(now = new Date()): string {
  return formatBeijingTime(now.getTime()).slice(0, 10)
}

const COLUMNS = 7
const border = { borderStyle: 'thin', borderColor: '#8c8c8c' } as const
const labelCell = (value: string): CellObject => ({ value, fontWeight: 'bold', backgroundColor: '#f5f5f5' })
const textCell = (value: string | null | undefined, span = 1): CellObject => ({
  value: safeText(value),
  type: String,
  columnSpan: span,
  wrap: true,
})
/** A cell spanning `span` columns: the covered cells stay in the row as null, as write-excel-file wants. */
const spanned = (cell: CellObject): Row => [cell, ...Array<null>((cell.columnSpan ?? 1) - 1).fill(null)]

/** A row of two label/value pairs: label, value over 2 columns, label, value over 3 columns. */
function pairRow(a: [string, string | null | undefined], b?: [string, string | null | undefined]): Row {
  if (!b) return [labelCell(a[0]), ...spanned(textCell(a[1], COLUMNS - 1))]
  return [labelCell(a[0]), ...spanned(textCell(a[1], 2)), labelCell(b[0]), ...spanned(textCell(b[1], 3))]
}

const num = (value: number, format: string): CellObject => ({ value, type: Number, format, ...border })

/** The sheet's rows: title, header fields, the line table and the total (spec section 9). */
export function sheetRows(
  kind: SheetKind,
  sheet: SheetRow,
  lines: readonly SheetLine[],
  companyName: string,
  printDate = today(),
): SheetData {
  const title = [companyName.trim(), label(kind)].filter(Boolean).join(' ')
  const head: Row[] = [
    spanned({
      value: safeText(title),
      type: String,
      columnSpan: COLUMNS,
      fontSize: 16,
      fontWeight: 'bold',
      align: 'center',
      height: 30,
      alignVertical: 'center',
    }),
    pairRow(['单号', sheet.OrderId], ['打印日期', printDate]),
    pairRow(['车牌号', sheet.carNo], ['车架号(VIN)', sheet.VIN]),
    pairRow(['车型', sheet.carType]),
    kind === 'quote'
      ? pairRow(['报价类型', sheet.remark], ['客户名称', sheet.ClientName])
      : pairRow(['供应商', sheet.ClientName], ['备注', sheet.remark]),
    pairRow(['制单人', sheet.makeorder_user], ['创建时间', sheet.CreateTime]),
    [],
  ]
  // The price column as the print and the screen name it: a purchase order's is the purchase price.
  const price = kind === 'quote' ? '单价' : '进价'
  const header: Row = ['序号', '配件编码', '配件名称', '数量', price, '金额', '库存'].map((value) => ({
    value,
    fontWeight: 'bold',
    align: 'center',
    backgroundColor: '#fafafa',
    ...border,
  }))
  const body: Row[] = lines.map((line, i) => [
    { value: i + 1, type: Number, align: 'center', ...border },
    { value: safeText(line.part_number), type: String, ...border },
    { value: safeText(line.part_name), type: String, wrap: true, ...border },
    // Whole quantities show as 2, part quantities (4.5 L of oil) with two decimals.
    num(Number(line.Amount), Number.isInteger(Number(line.Amount)) ? '0' : '0.00'),
    num(Number(line.price), '0.00'),
    num(Number(line.money), '0.00'),
    num(Number(line.available_stock ?? 0), '0'),
  ])
  const total: Row = [
    ...spanned({ value: '合计', columnSpan: 5, fontWeight: 'bold', align: 'right', ...border }),
    { ...num(linesTotal(lines).money, '0.00'), fontWeight: 'bold' },
    { ...border },
  ]
  return [...head, header, ...body, total]
}

/** Builds the workbook and hands it to the browser as a download; any failure says 报价单导出失败. */
export async function exportSheet(
  kind: SheetKind,
  sheet: SheetRow,
  lines: SheetLine[],
  companyName: string,
): Promise<void> {
  if (!lines.length) {
    feedback.warning(say(SheetMessages.exportEmpty, kind))
    return
  }
  try {
    const { default: writeXlsxFile } = await import('write-excel-file/browser')
    await writeXlsxFile(sheetRows(kind, sheet, lines, companyName), {
      sheet: label(kind),
      columns: [
        { width: 6 },
        { width: 20 },
        { width: 30 },
        { width: 8 },
        { width: 12 },
        { width: 13 },
        { width: 8 },
      ],
    }).toFile(exportFileName(kind, sheet))
  } catch {
    feedback.warning(say(SheetMessages.exportFailed, kind))
  }
}
