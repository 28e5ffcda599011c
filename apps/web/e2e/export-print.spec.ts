// Excel export and printing of quotations and purchase orders in Chromium against the real server: sheets and
// lines are made through the API, the .xlsx the browser downloads is read back with read-excel-file (numbers
// as numbers, the total exact, no formula), and the A4 print view is checked in the DOM and as a PDF.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { PurchaseLine, QuotationLine } from '@epc/shared'
import { type Download, expect, type Page, test } from '@playwright/test'
import { strFromU8, unzipSync } from 'fflate'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import readXlsxFile from 'read-excel-file/node'
import { type Api, accountWithApi, installClock, runTimers, screenshot, signIn } from './support'

// Each test makes its data through the API and opens windows; a busy machine needs more than the default.
test.describe.configure({ timeout: 120_000 })

const VIN = 'LFV3A23C0L3000001'

/** Part names and remarks a spreadsheet would run as formulas must arrive as text. */
const LINES = [
  { part_number: '5G0 807 217 GRU', part_name: '前保险杠', Amount: 2, price: 1234.5 },
  { part_number: '06L 115 562 B', part_name: '=1+2', Amount: 4.5, price: 0.1 },
  { part_number: 'N 910 455 01', part_name: '螺栓', Amount: 3, price: 0.7 },
  // 1.5 × 33.33 = 49.995, rounded half up to 50.00 by the server.
  { part_number: '3G0 941 005 F', part_name: '左前大灯总成', Amount: 1.5, price: 33.33 },
]

async function makeQuote(api: Api, lines = LINES) {
  const orderId = await api<string>('/api/epc/createquoteordermaster', {
    VIN,
    carNo: '京A12345',
    carType: '迈腾',
    ClientName: '张先生',
    remark: '@SUM(A1)',
    makeorder_user: '李师傅',
  })
  for (const line of lines) {
    await api('/api/epc/createquoteorderdetail', {
      OrderId: orderId,
      part_number: line.part_number,
      part_name: line.part_name,
      Amount: line.Amount,
      sale_prices: line.price,
      available_stock: 7,
    })
  }
  return {
    orderId,
    lines: await api<QuotationLine[]>('/api/epc/queryquoteorderdetail', { OrderId: orderId }),
  }
}

async function makePurchase(api: Api) {
  const orderId = await api<string>('/api/epc/createpurchaseordermaster', {
    ClientName: '宏达配件',
    VIN,
    carNo: '京A12345',
    carType: '迈腾',
    remark: '月结',
    makeorder_user: '李师傅',
  })
  for (const line of LINES) {
    await api('/api/epc/createpurchaseorderdetail', {
      OrderId: orderId,
      part_number: line.part_number,
      part_name: line.part_name,
      Amount: line.Amount,
      tax_prices: line.price,
      available_stock: 3,
    })
  }
  return {
    orderId,
    lines: await api<PurchaseLine[]>('/api/epc/querypurchaseorderdetail', { OrderId: orderId }),
  }
}

const fen = (yuan: number) => Math.round(yuan * 100)
const totalOf = (lines: { money: number }[]) => lines.reduce((sum, l) => sum + fen(l.money), 0) / 100

/** Clicks and answers the download, read back: file name, rows, and the worksheet's XML. */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()])
  return readBack(file)
}

async function readBack(file: Download) {
  const buffer = readFileSync(await file.path())
  const [sheet] = await readXlsxFile(buffer)
  const xml = strFromU8(unzipSync(new Uint8Array(buffer))['xl/worksheets/sheet1.xml'] ?? new Uint8Array())
  const rows = sheet?.data ?? []
  return {
    name: file.suggestedFilename(),
    rows,
    xml,
    /** The header rows without the empty cells of merged values. */
    fields: rows.map((r) => r.filter((c) => c !== null)),
    header: rows.findIndex((r) => r[0] === '序号'),
  }
}

/** Chromium's A4 PDF of the page as printed, read back: the text of each page without white space. */
async function printedPages(page: Page, name: string): Promise<string[]> {
  const pdf = await page.pdf({
    path: resolve(import.meta.dirname, `../../../test-results/screens/${name}.pdf`),
    format: 'A4',
    preferCSSPageSize: true,
    printBackground: true,
  })
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: true }).promise
  const pages: string[] = []
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent()
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join('')
        .replace(/\s+/g, ''),
    )
  }
  return pages
}

/** Each line as exported: 序号, 配件编码, 配件名称, 数量, 单价 (进价 on a purchase order), 金额, 库存. */
function expectLines(
  rows: unknown[][],
  header: number,
  price: '单价' | '进价',
  lines: { part_number: string; part_name: string; Amount: number; money: number }[],
  priceOf: (i: number) => number,
  stock: number,
) {
  expect(rows[header]).toEqual(['序号', '配件编码', '配件名称', '数量', price, '金额', '库存'])
  lines.forEach((line, i) => {
    const name = line.part_name.startsWith('=') ? `'${line.part_name}` : line.part_name
    expect(rows[header + 1 + i]).toEqual([
      i + 1,
      line.part_number,
      name,
      line.Amount,
      priceOf(i),
      line.money,
      stock,
    ])
  })
  const total = rows[header + 1 + lines.length]
  expect(total?.[0]).toBe('合计')
  expect(total?.[5]).toBe(totalOf(lines))
}

test('a quotation exports from /quoteOrder: title, vehicle, numbers as numbers, exact total, no formula', async ({
  page,
}) => {
  const { account, api } = await accountWithApi(page.request)
  const { orderId, lines } = await makeQuote(api)
  expect(lines.map((l) => l.money)).toEqual([2469, 0.45, 2.1, 50])
  await signIn(page, account)
  await page.goto(`/quoteOrder?OrderId=${orderId}`)
  const detail = page.getByTestId('sheet-detail')
  await expect(detail).toContainText(orderId)
  await expect(detail).toContainText('=1+2')

  const file = await download(page, () => detail.getByRole('button', { name: '导出Excel' }).click())
  expect(file.name).toBe('京A12345_迈腾_报价单.xlsx')
  expect(file.rows[0]?.[0]).toBe(`${account.company} 报价单`)
  // Beijing's date, whatever the zone of the browser and of this machine.
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
  expect(file.fields).toContainEqual(['单号', orderId, '打印日期', today])
  expect(file.fields).toContainEqual(['车牌号', '京A12345', '车架号(VIN)', VIN])
  expect(file.fields).toContainEqual(['车型', '迈腾'])
  expect(file.fields).toContainEqual(['报价类型', "'@SUM(A1)", '客户名称', '张先生'])
  expect(file.fields.find((r) => r[0] === '制单人')?.[1]).toBe('李师傅')
  expectLines(file.rows, file.header, '单价', lines, (i) => lines[i]?.sale_prices ?? 0, 7)
  expect(file.rows[file.header + 1 + lines.length]?.[5]).toBe(2521.55)
  // Stored as numbers with 2 decimals shown, and nothing in the sheet is a formula.
  expect(file.xml).not.toMatch(/<f[ >]/)
  expect(file.xml).toContain('<mergeCell ref="A1:G1"')
})

test('a purchase order exports from /purchaseOrders and from the print view, named by supplier and time', async ({
  page,
}) => {
  const { account, api } = await accountWithApi(page.request)
  const { orderId, lines } = await makePurchase(api)
  await signIn(page, account)
  await page.goto(`/purchaseOrders?OrderId=${orderId}`)
  const detail = page.getByTestId('sheet-detail')
  await expect(detail).toContainText(orderId)
  const file = await download(page, () => detail.getByRole('button', { name: '导出Excel' }).click())
  expect(file.name).toMatch(/^宏达配件_20\d{12}_采购单\.xlsx$/)
  expect(file.rows[0]?.[0]).toBe(`${account.company} 采购单`)
  expect(file.fields).toContainEqual(['供应商', '宏达配件', '备注', '月结'])
  expect(file.fields).toContainEqual(['车牌号', '京A12345', '车架号(VIN)', VIN])
  expectLines(file.rows, file.header, '进价', lines, (i) => lines[i]?.tax_prices ?? 0, 3)
  expect(file.xml).not.toMatch(/<f[ >]/)

  // The print view's toolbar exports the same file.
  await page.goto(`/printSheet?type=1&OrderId=${orderId}&noprint=1`)
  const sheet = page.getByTestId('print-sheet')
  await expect(sheet).toContainText(orderId)
  await expect(sheet.getByRole('heading', { name: '采购单' })).toBeVisible()
  await expect(sheet).toContainText('宏达配件')
  await expect(sheet.getByRole('columnheader', { name: '进价' })).toBeVisible()
  await expect(sheet).toContainText('供应商签字')
  await screenshot(page, 'print-purchase-screen')
  const again = await download(page, () => page.getByRole('button', { name: '导出Excel' }).click())
  expect(again.name).toBe(file.name)
  expect(again.rows.slice(1)).toEqual(file.rows.slice(1))

  // Printed: the supplier, every line at its purchase price, and the total.
  await page.emulateMedia({ media: 'print' })
  const text = (await printedPages(page, 'print-purchase')).join('')
  await page.emulateMedia({ media: 'screen' })
  expect(text).toContain('采购单')
  expect(text).toContain('宏达配件')
  const yuan = (n: number) =>
    n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  for (const line of lines) {
    expect(text).toContain(line.part_number.replace(/\s+/g, ''))
    expect(text).toContain(yuan(line.tax_prices))
  }
  expect(text).toContain(`¥${yuan(totalOf(lines))}`)
})

test('the print view lays a quotation out on A4 and prints it to PDF with every part and the total', async ({
  page,
}) => {
  const { account, api } = await accountWithApi(page.request)
  // Enough lines for a second page, so the column headings repeat there.
  const many = Array.from({ length: 34 }, (_, i) => ({
    part_number: `1K0 ${String(100 + i)} 0${String(i % 10)}1 A`,
    part_name: i % 3 ? `前减振器支柱轴承 ${i + 1}` : `发动机支架 ${i + 1}`,
    Amount: (i % 4) + 1,
    price: Number((12.34 * (i + 1)).toFixed(2)),
  }))
  // And the largest price the server takes, nine times: ¥89,999,991.00 must stay within its cell.
  const big = { part_number: '4G0 199 000 X', part_name: '发动机总成', Amount: 9, price: 9_999_999 }
  const { orderId, lines } = await makeQuote(api, [...LINES, ...many, big])
  const total = totalOf(lines)
  const shown = total.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  await signIn(page, account)
  await page.setViewportSize({ width: 900, height: 1200 })
  await page.goto(`/printSheet?type=0&OrderId=${orderId}&noprint=1`)
  await expect(page).toHaveTitle(/打印/)
  const sheet = page.getByTestId('print-sheet')
  await expect(sheet.getByTestId('print-company')).toHaveText(account.company)
  await expect(sheet.getByRole('heading', { name: '报价单' })).toBeVisible()
  await expect(sheet).toContainText(`单号：${orderId}`)
  await expect(sheet).toContainText('京A12345')
  await expect(sheet).toContainText(VIN)
  await expect(sheet).toContainText('@SUM(A1)')
  await expect(sheet.getByTestId('print-lines').locator('tbody tr')).toHaveCount(lines.length)
  await expect(sheet.getByTestId('print-total')).toHaveText(`¥${shown}`)
  await expect(sheet).toContainText('制单人：李师傅')
  await expect(sheet).toContainText('客户签字')
  await screenshot(page, 'print-quote-screen')

  // As printed: no toolbar, and the paper fills the A4 width.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByTestId('print-toolbar')).toBeHidden()
  await page.setViewportSize({ width: 794, height: 1123 })
  const spilt = await sheet
    .getByTestId('print-lines')
    .locator('td')
    .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent))
  expect(spilt).toEqual([])
  await screenshot(page, 'print-quote-a4')
  const pages = await printedPages(page, 'print-quote')
  await page.emulateMedia({ media: 'screen' })
  expect(pages.length).toBeGreaterThanOrEqual(2)
  const text = pages.join('')
  for (const line of lines) expect(text).toContain(line.part_number.replace(/\s+/g, ''))
  expect(text).toContain(`¥${shown}`)
  expect(text).toContain(account.company)
  // The headings repeat on the second page; the total and the signatures come once, at the end.
  expect(pages[1]).toContain('配件编码')
  expect(text.split('合计金额').length).toBe(2)
  expect(pages.at(-1)).toContain('客户签字')
})

test('the print view prints once by itself; an empty sheet does not export; it needs a login', async ({
  page,
  browser,
}) => {
  const { account, api } = await accountWithApi(page.request)
  const { orderId } = await makeQuote(api, LINES.slice(0, 2))
  const empty = await api<string>('/api/epc/createquoteordermaster', { VIN, carNo: '京B00001' })
  await page.context().addInitScript(() => {
    const w = window as unknown as { print: () => void; printed: number }
    w.printed = 0
    w.print = () => {
      w.printed += 1
    }
  })
  await installClock(page)
  await signIn(page, account)

  // 打印 on the sheet page opens the print view in a new window, which prints once.
  await page.goto(`/quoteOrder?OrderId=${orderId}`)
  await expect(page.getByTestId('sheet-detail')).toContainText(orderId)
  const [view] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByTestId('sheet-detail').getByRole('button', { name: '打印' }).click(),
  ])
  await view.waitForURL(/\/printSheet\?/)
  const url = new URL(view.url())
  expect(url.searchParams.get('type')).toBe('0')
  expect(url.searchParams.get('OrderId')).toBe(orderId)
  await expect(view.getByTestId('print-sheet')).toContainText(orderId)
  await expect.poll(() => view.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
  // Nothing the view schedules afterwards prints it again.
  await runTimers(view, 5000)
  expect(await view.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
  await view.close()

  // A sheet without lines prints its header but says why it cannot be exported.
  await page.goto(`/printSheet?type=0&OrderId=${empty}&noprint=1`)
  await expect(page.getByTestId('print-lines').locator('tbody')).toHaveText('抱歉，暂无数据')
  await expect(page.getByTestId('print-total')).toHaveText('¥0.00')
  await page.getByRole('button', { name: '导出Excel' }).click()
  await expect(page.getByText('导出失败，该报价单暂无配件信息')).toBeVisible()

  // A number that is not one of the company's sheets shows nothing to print.
  await page.goto('/printSheet?type=0&OrderId=BJ000000000000')
  await expect(page.getByText('抱歉，暂无数据')).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(0)

  // Without a login the guard sends the visitor to /login and back afterwards.
  const visitor = await browser.newPage()
  await visitor.goto(`${new URL(page.url()).origin}/printSheet?type=0&OrderId=${orderId}`)
  await expect(visitor).toHaveURL(/\/login\?redirect=%2FprintSheet/)
  await visitor.close()
})
