// The catalogue inside a desktop host, with the simulated host's objects injected before the app starts (as
// `npm run host:sim` does): the dealer's stock and price in the part-code query and the part detail, filled
// into a new quotation line, update4spricelist sent once with the raw answer; a failing host leaving the
// catalogue's data with no error shown; the VIN's plate and model from the host; nothing outside a host.
import { checkDigit, DEMO_SITE_KEYS, type PartDetailAnswer, type VinHistoryAnswer } from '@epc/shared'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { decryptContent } from '../../server/src/call/envelope-codec'
import { type FixturePart, hostFixture } from '../host-sim/fixture'
import { DEFAULT_HOST_SIM, type HostSimCall, type HostSimOptions, hostInitScript } from '../host-sim/install'
import { accountWithApi, screenshot, signIn } from './support'

// Each test has its own account and page: they run side by side.
test.describe.configure({ mode: 'parallel', timeout: 120_000 })

const fixture = hostFixture()

/** A part the dealer has in stock, may sell, and lists with a replacement (8021 answers both lists). */
function stockedPart(index = 0): FixturePart {
  const parts = Object.values(fixture.parts).filter(
    (p) => p.upper.STOCK_QUANTITY > 0 && p.upper.SLFLAG === 0 && p.replace.some((n) => fixture.parts[n]),
  )
  const part = parts[index]
  if (!part) throw new Error('no stocked part in the host fixture')
  return part
}

async function withHost(page: Page, options: Partial<HostSimOptions> = {}) {
  await page.addInitScript({
    content: hostInitScript({ fixture, options: { ...DEFAULT_HOST_SIM, ...options } }),
  })
}

const hostCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __hostSim: { calls: HostSimCall[] } }).__hostSim.calls)

/** The payloads of every call of a path the page sends, opened from their envelopes. */
function watchCalls(page: Page, path: string): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = []
  page.on('request', (req) => {
    if (!req.url().endsWith(path)) return
    const body = req.postDataJSON() as { content: string }
    sent.push(decryptContent(DEMO_SITE_KEYS, body.content) ?? {})
  })
  return sent
}

const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const money = (value: number) => `¥${yuan.format(value)}`

const listRows = (page: Page) => page.getByTestId('sheet-list').locator('tbody tr.ant-table-row')
const lineRows = (page: Page) => page.getByTestId('sheet-lines').locator('tbody tr.ant-table-row')
const dialog = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) })
const button = (scope: Locator | Page, label: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${[...label].join('\\s*')}$`) })
/** Anything that would tell the clerk something went wrong. */
const alarms = (page: Page) =>
  page.locator('.ant-message-warning, .ant-message-error, .ant-notification-notice, .ant-modal-confirm')

async function openAddPart(page: Page) {
  await page.goto('/quoteOrder')
  await listRows(page).first().click()
  await page
    .getByTestId('sheet-detail')
    .getByRole('button', { name: /添加配件/ })
    .click()
  const add = dialog(page, '添加配件')
  await expect(add).toBeVisible()
  return add
}

test('inside a host: dealer stock and price shown, filled into a quotation line, reported once', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const part = stockedPart()
  const { PART_NO, NETWR, PRICE, STOCK_QUANTITY, STORAGE_POSITION } = part.upper
  const catalogue = await api<PartDetailAnswer>('/api/epc/partdetail', { part_number: PART_NO })
  expect(catalogue.price).not.toBe(NETWR)
  const history = await api<VinHistoryAnswer>('/api/epc/vinhistory', {})
  await api<string>('/api/epc/createquoteordermaster', { VIN: history.demo[0]?.vin })
  await withHost(page)
  const reports = watchCalls(page, '/api/author/update4spricelist')
  const lines = watchCalls(page, '/api/epc/createquoteorderdetail')
  await signIn(page, account)

  // The part-code query: the dealer's own stock and price beside the catalogue's.
  await page.goto(`/partsSearchNew?codes=${encodeURIComponent(PART_NO)}`)
  const table = page.getByTestId('parts-result')
  await expect(table.getByTestId('host-stock-cell')).toHaveText(String(STOCK_QUANTITY))
  await expect(table.getByTestId('host-price-cell')).toHaveText(money(NETWR))
  await expect(table).toContainText(money(catalogue.price ?? 0))
  await screenshot(page, 'host-parts-query')

  // The part detail: the host's rows (the part and its replacement) and, once reported, 店端4S价 with its date.
  await table.getByRole('button', { name: PART_NO, exact: true }).click()
  const detail = page.getByTestId('part-detail')
  const host = detail.getByTestId('host-stock')
  const own = host.locator('tbody tr.ant-table-row').first()
  await expect(own).toContainText(PART_NO)
  await expect(own).toContainText(money(NETWR))
  await expect(own).toContainText(money(PRICE))
  await expect(own).toContainText(STORAGE_POSITION)
  await expect(host.getByText('替换件').first()).toBeVisible()
  const dealer = detail.getByTestId('dealer-prices')
  await expect(dealer).toContainText(money(NETWR))
  await expect(dealer).toContainText(/4S建议零售价 · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 上报/)
  await screenshot(page, 'host-part-detail')

  // One look-up for both screens, one report of it, carrying the host's answer as received.
  const [lookup, ...more] = (await hostCalls(page)).filter((c) => c.object === 'getstock8021')
  expect(more).toEqual([])
  expect(lookup?.args).toEqual([PART_NO, ''])
  expect(typeof lookup?.answer).toBe('string')
  await expect.poll(() => reports.length).toBe(1)
  expect(reports[0]).toEqual({ partNumber: PART_NO, pb: 1, json: lookup?.answer, name: account.company })
  // Closing and opening the part again neither asks nor reports again.
  await page.keyboard.press('Escape')
  await expect(detail).toBeHidden()
  await table.getByRole('button', { name: PART_NO, exact: true }).click()
  await expect(detail.getByTestId('dealer-prices')).toBeVisible()
  expect((await hostCalls(page)).filter((c) => c.object === 'getstock8021')).toHaveLength(1)
  expect(reports).toHaveLength(1)

  // A new quotation line: the dealer's stock, sale price and 进价 win over the catalogue's.
  const add = await openAddPart(page)
  await add.getByLabel('配件编码').fill(PART_NO)
  await add.getByLabel('配件编码').press('Enter')
  await expect(add.getByTestId('host-part-stock')).toContainText(`本店库存 ${STOCK_QUANTITY}`)
  await expect(add.getByTestId('host-part-stock')).toContainText(`储位 ${STORAGE_POSITION}`)
  await expect(add.getByLabel('配件名称')).toHaveValue(catalogue.part_name_cn)
  await expect(add.getByLabel('销售价')).toHaveValue(String(NETWR))
  await expect(add.getByLabel('进价')).toHaveValue(String(PRICE))
  await screenshot(page, 'host-add-part')
  await button(add, '添加').click()
  await expect(add).toBeHidden()
  await expect(lineRows(page)).toHaveCount(1)
  await expect(lineRows(page).first()).toContainText(money(NETWR))
  await expect(lineRows(page).first()).toContainText(money(PRICE))
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatchObject({
    part_number: PART_NO,
    sale_prices: NETWR,
    purchase_price: PRICE,
    available_stock: STOCK_QUANTITY,
  })
  // The host's replacement flag is never the line's flag (which means "add the duplicate anyway").
  expect(lines[0]).not.toHaveProperty('flag')
  await expect(alarms(page)).toHaveCount(0)
})

test('a failing host leaves the catalogue data in place, with no error shown and nothing reported', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const { PART_NO } = stockedPart(1).upper
  const catalogue = await api<PartDetailAnswer>('/api/epc/partdetail', { part_number: PART_NO })
  // Each broken answer with a part of its own: a failed look-up is remembered for a minute like any other.
  const broken = [
    { switches: { fail: 'throw' }, number: stockedPart(2).upper.PART_NO },
    { switches: { fail: 'none', malformed: true }, number: stockedPart(3).upper.PART_NO },
  ] as const
  const prices = new Map<string, number | null>()
  for (const b of broken) {
    prices.set(
      b.number,
      (await api<PartDetailAnswer>('/api/epc/partdetail', { part_number: b.number })).price,
    )
  }
  const history = await api<VinHistoryAnswer>('/api/epc/vinhistory', {})
  await api<string>('/api/epc/createquoteordermaster', { VIN: history.demo[0]?.vin })
  // A CefSharp host with a Toyota DMS (8002) that answers code 500.
  await withHost(page, { style: 'cefsharp', maker: '8002', fail: 'code' })
  const reports = watchCalls(page, '/api/author/update4spricelist')
  await signIn(page, account)

  await page.goto(`/partsSearchNew?codes=${encodeURIComponent(PART_NO)}`)
  const table = page.getByTestId('parts-result')
  await expect(table).toContainText(money(catalogue.price ?? 0))
  await table.getByRole('button', { name: PART_NO, exact: true }).click()
  const detail = page.getByTestId('part-detail')
  await expect(detail.getByTestId('host-stock')).toHaveText('店端系统暂无此配件的库存信息')
  await expect(detail.getByTestId('stock-table')).toBeVisible()
  await expect(detail).toContainText(money(catalogue.price ?? 0))
  await expect(detail.getByTestId('dealer-prices')).toHaveCount(0)
  expect((await hostCalls(page)).map((c) => c.object)).toEqual(['getstock8002'])

  // The add-part dialog with a host that throws, then one answering cut-off JSON: the catalogue's price.
  const add = await openAddPart(page)
  for (const { switches, number } of broken) {
    await page.evaluate(
      (o) => (window as unknown as { __hostSim: { set(o: object): void } }).__hostSim.set(o),
      switches,
    )
    await add.getByLabel('配件编码').fill(number)
    await add.getByLabel('配件编码').press('Enter')
    await expect(add.getByLabel('销售价')).toHaveValue(String(prices.get(number)))
    await expect(add.getByTestId('part-stock')).toContainText('库存')
    await expect(add.getByTestId('host-part-stock')).toHaveCount(0)
  }
  await expect
    .poll(async () => (await hostCalls(page)).map((c) => [c.object, c.args[0]]))
    .toEqual(broken.map((b) => ['getstock8002', b.number]))
  await expect(alarms(page)).toHaveCount(0)
  expect(reports).toEqual([])
})

test('the sheet dialog fills plate and model of a VIN from the host, else from the server', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const history = await api<VinHistoryAnswer>('/api/epc/vinhistory', {})
  const vin = history.demo[0]?.vin ?? ''
  const vehicle = fixture.vins[vin]
  if (!vehicle) throw new Error('the demo VIN is not in the host fixture')
  // The same make and plant with a serial the dealer never saw, its check digit made right.
  const strangerBase = `${vin.slice(0, 8)}0${vin.slice(9, 11)}987654`
  const stranger = `${strangerBase.slice(0, 8)}${checkDigit(strangerBase)}${strangerBase.slice(9)}`
  expect(fixture.vins[stranger]).toBeUndefined()
  // WebView2 this time, with both makers' objects and 0401.
  await withHost(page, { style: 'webview2', maker: 'both' })
  await signIn(page, account)

  await page.goto('/quoteOrder')
  await page.getByRole('button', { name: '新建报价单' }).first().click()
  const form = dialog(page, '新建报价单')
  await form.getByLabel('车架号').fill(vin)
  await expect(form.getByLabel('车牌号')).toHaveValue(vehicle.PLATE_NO)
  await expect(form.getByLabel('车型')).toHaveValue(vehicle.MODEL_NAME)
  await expect(form.getByText('已从店端系统填入车牌号和车型')).toBeVisible()
  expect((await hostCalls(page)).filter((c) => c.object === 'getstock0401').map((c) => c.args)).toEqual([
    [vin],
  ])

  // A VIN the dealer does not know: the server's fill (the clerk cleared the host's plate and model).
  await form.getByLabel('车牌号').fill('')
  await form.getByLabel('车型').fill('')
  await form.getByLabel('车架号').fill(stranger)
  await expect(form.getByText(/已从车型库填入车型|车型库中未找到唯一车型/)).toBeVisible()
  await expect(form.getByLabel('车牌号')).toHaveValue('')
  await expect(alarms(page)).toHaveCount(0)
})

test('outside a host nothing of the host shows and nothing is reported', async ({ page, request }) => {
  const { account } = await accountWithApi(request)
  const { PART_NO } = stockedPart().upper
  const reports = watchCalls(page, '/api/author/update4spricelist')
  await signIn(page, account)
  await page.goto(`/partsSearchNew?codes=${encodeURIComponent(PART_NO)}`)
  const table = page.getByTestId('parts-result')
  await table.getByRole('button', { name: PART_NO, exact: true }).click()
  const detail = page.getByTestId('part-detail')
  await expect(detail.getByTestId('stock-table')).toBeVisible()
  await expect(detail.getByText('本店库存（店端系统）')).toHaveCount(0)
  await expect(page.getByText('本店库存')).toHaveCount(0)
  await expect(alarms(page)).toHaveCount(0)
  expect(reports).toEqual([])
})
