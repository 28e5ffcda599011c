// The catalogue's add buttons in Chromium against the real server: a partsDetail row, the part-detail drawer,
// a /partsSearchNew row, the /partsSearch card and the smart-search lists open the sheet page in a new window
// whose `db` parameter carries the parts (number, quantity, price, stock). Part numbers come from the API.
import type {
  AccidentAnswer,
  GroupTreeAnswer,
  IllustrationAnswer,
  MaintenanceAnswer,
  PartDetailAnswer,
  VinHistoryAnswer,
} from '@epc/shared'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { readPendingParts } from '../src/features/sheets/links'
import {
  type Api,
  accountWithApi,
  resize,
  screenshot,
  screenshotWidths,
  signIn,
  type TestAccount,
} from './support'

// Each test makes its data through the API and opens windows; a busy machine needs more than the default.
test.describe.configure({ timeout: 120_000 })

const MAGOTAN = '迈腾 2020款 330TSI DSG 领先型'

interface Pending {
  disp_number: string
  part_name_cn: string
  available_stock: number
  sale_price: number | null
  purchase_price: number | null
  quantity?: number
}

/** The 迈腾 demo model and an illustration of it with a part used more than once, if there is one. */
async function magotanIllustration(api: Api) {
  const history = await api<VinHistoryAnswer>('/api/epc/vinhistory', {})
  const demo = history.demo.find((d) => d.car_name === MAGOTAN)
  if (!demo) throw new Error(`no demo VIN for ${MAGOTAN}`)
  const tree = await api<GroupTreeAnswer>('/api/epc/grouptree', { ModelId: demo.ModelId })
  const imageids = tree.groups.flatMap((g) => g.subs.flatMap((s) => s.illustrations.map((i) => i.imageid)))
  let fallback: IllustrationAnswer | undefined
  for (const imageid of imageids.slice(0, 8)) {
    const ill = await api<IllustrationAnswer>('/api/epc/illustration', { ModelId: demo.ModelId, imageid })
    fallback ??= ill
    if (ill.parts.length > 3 && ill.parts.some((p) => p.quantity > 1)) return { demo, ill }
  }
  if (!fallback) throw new Error('no illustration')
  return { demo, ill: fallback }
}

/** Clicks `button` and answers the sheet window it opens: its path and the parts its `db` carries. */
async function sheetWindow(page: Page, button: Locator | (() => Promise<void>)) {
  // The page drops `db` from its address once read, so the link is taken from the window's first request.
  const opened = page
    .context()
    .waitForEvent(
      'request',
      (r) => r.isNavigationRequest() && /\/(quoteOrder|purchaseOrders)\?db=/.test(r.url()),
    )
  const click = typeof button === 'function' ? button() : button.click()
  const [popup, request] = await Promise.all([page.context().waitForEvent('page'), opened, click])
  // The server served the app (a link longer than it takes is answered 431).
  expect((await request.response())?.status()).toBe(200)
  await expect(popup.locator('#root > *').first()).toBeAttached()
  const url = new URL(request.url())
  const parts = readPendingParts(url.searchParams.get('db')) as Pending[]
  await popup.close()
  return { path: url.pathname, parts }
}

/** A table row's add menu: its trigger, then 加入报价单 or 加入采购单. */
function fromRowMenu(page: Page, row: Locator, label: '加入报价单' | '加入采购单') {
  return async () => {
    await row.getByRole('button', { name: '加入报价单/采购单' }).click()
    await page.getByRole('menuitem', { name: label }).click()
  }
}

async function signedIn(page: Page, account: TestAccount) {
  await signIn(page, account)
}

test('a partsDetail row and the drawer add a part to a quotation or a purchase order', async ({ page }) => {
  const { account, api } = await accountWithApi(page.request)
  const { demo, ill } = await magotanIllustration(api)
  const index = Math.max(
    1,
    ill.parts.findIndex((p) => p.quantity > 1),
  )
  const part = ill.parts[index] ?? ill.parts[0]
  if (!part) throw new Error('no part')
  const detail = await api<PartDetailAnswer>('/api/epc/partdetail', { part_number: part.part_number })
  await signedIn(page, account)
  await page.goto(
    `/partsDetail?ModelId=${demo.ModelId}&imageid=${ill.imageid}&callout=${part.callout}&fromType=1`,
  )
  const table = page.getByTestId('illustration-parts')
  const row = table.locator('tr.ant-table-row').nth(index)
  await expect(row).toContainText(part.disp_number, { timeout: 30_000 })
  await row.getByText(part.part_name_cn, { exact: true }).first().click()
  await expect(row).toHaveAttribute('aria-current', 'true')
  await expect(row.getByRole('button', { name: '加入报价单/采购单' })).toBeVisible()
  await screenshotWidths(page, 'add-parts-detail')
  await row.getByRole('button', { name: '加入报价单/采购单' }).click()
  await expect(page.getByRole('menuitem', { name: '加入采购单' })).toBeVisible()
  await screenshot(page, 'add-parts-detail-menu-1440')
  await page.keyboard.press('Escape')

  const quote = await sheetWindow(page, fromRowMenu(page, row, '加入报价单'))
  expect(quote.path).toBe('/quoteOrder')
  expect(quote.parts).toEqual([
    {
      disp_number: part.disp_number,
      part_name_cn: part.part_name_cn,
      available_stock: part.stock_total,
      sale_price: part.price,
      purchase_price: null,
      quantity: part.quantity,
    },
  ])
  const purchase = await sheetWindow(page, fromRowMenu(page, row, '加入采购单'))
  expect(purchase.path).toBe('/purchaseOrders')
  expect(purchase.parts.map((p) => p.disp_number)).toEqual([part.disp_number])

  // The buttons took no focus: the arrow keys still walk the rows and Enter opens the drawer, not a window.
  await expect(page.locator('button:focus')).toHaveCount(0)
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('ArrowDown')
  await expect(table.locator('tr[aria-current="true"]')).toContainText(part.disp_number)
  // F2 puts the selected row's part on a quotation, as the row's 加入报价单 does.
  expect(await sheetWindow(page, () => page.keyboard.press('F2'))).toEqual(quote)
  await page.keyboard.press('Enter')
  const drawer = page.getByTestId('part-detail-drawer')
  await expect(drawer.getByTestId('part-detail')).toContainText(detail.disp_number)
  expect(page.context().pages()).toHaveLength(1)

  const fromDrawer = await sheetWindow(page, drawer.getByRole('button', { name: '加入报价单' }))
  expect(fromDrawer.path).toBe('/quoteOrder')
  expect(fromDrawer.parts).toEqual([
    {
      disp_number: detail.disp_number,
      part_name_cn: detail.part_name_cn,
      available_stock: detail.stock.reduce((sum, s) => sum + s.STOCK_QUANTITY, 0),
      sale_price: detail.price,
      purchase_price: null,
    },
  ])
  const drawerPurchase = await sheetWindow(page, drawer.getByRole('button', { name: '加入采购单' }))
  expect(drawerPurchase.path).toBe('/purchaseOrders')
  expect(drawerPurchase.parts[0]?.disp_number).toBe(detail.disp_number)
  await resize(page, 1024)
  await screenshot(page, 'add-drawer-1024')
})

test('part-code screens: a found row of /partsSearchNew and the /partsSearch card', async ({ page }) => {
  const { account, api } = await accountWithApi(page.request)
  const { ill } = await magotanIllustration(api)
  const picked = ill.parts.slice(0, 3)
  await signedIn(page, account)

  await page.goto('/partsSearchNew')
  await page.getByRole('textbox', { name: '配件编码' }).fill(picked.map((p) => p.disp_number).join('\n'))
  await page.getByRole('textbox', { name: '配件编码' }).press('Control+Enter')
  const rows = page.getByTestId('parts-result').locator('tbody tr.ant-table-row')
  await expect(rows).toHaveCount(3, { timeout: 30_000 })
  const second = picked[1]
  if (!second) throw new Error('no part')
  const row = rows.filter({ hasText: second.disp_number }).first()
  await expect(row.getByRole('button', { name: '加入报价单/采购单' })).toBeVisible()
  await screenshotWidths(page, 'add-parts-search-new')
  const fromRow = await sheetWindow(page, fromRowMenu(page, row, '加入报价单'))
  expect(fromRow.path).toBe('/quoteOrder')
  expect(fromRow.parts).toEqual([
    {
      disp_number: second.disp_number,
      part_name_cn: second.part_name_cn,
      available_stock: second.stock_total,
      sale_price: second.price,
      purchase_price: null,
    },
  ])
  const toPurchase = await sheetWindow(page, fromRowMenu(page, row, '加入采购单'))
  expect(toPurchase.path).toBe('/purchaseOrders')

  // A customer's list pasted from a spreadsheet (序号, 编码, 名称, 数量): 全部加入报价单 carries every part found
  // with the quantity its row gave.
  const [p1, p2, p3] = picked
  if (!p1 || !p2 || !p3) throw new Error('three parts')
  await page.getByRole('textbox', { name: '配件编码' }).fill(
    [
      ['序号', '配件编码', '名称', '数量'],
      ['1', p1.disp_number, p1.part_name_cn, '4'],
      ['2', p2.disp_number, p2.part_name_cn, ''],
      ['3', p3.disp_number, p3.part_name_cn, '2'],
    ]
      .map((cells) => cells.join('\t'))
      .join('\n'),
  )
  await page.getByRole('textbox', { name: '配件编码' }).press('Control+Enter')
  await expect(rows).toHaveCount(3)
  // Each row shows the quantity its code was given, and its own 加入报价单 carries it too.
  await expect(rows.nth(0).getByTestId('row-quantity')).toHaveText('×4')
  await expect(rows.nth(1).getByTestId('row-quantity')).toHaveCount(0)
  await expect(rows.nth(2).getByTestId('row-quantity')).toHaveText('×2')
  const one = await sheetWindow(page, fromRowMenu(page, rows.nth(0), '加入报价单'))
  expect(one.parts.map((p) => [p.disp_number, p.quantity])).toEqual([[p1.disp_number, 4]])
  const all = await sheetWindow(page, page.getByRole('button', { name: '全部加入报价单' }))
  expect(all.path).toBe('/quoteOrder')
  expect(all.parts.map((p) => [p.disp_number, p.quantity])).toEqual([
    [p1.disp_number, 4],
    [p2.disp_number, undefined],
    [p3.disp_number, 2],
  ])
  // The owner may open purchase orders: the list goes to one as well, with the same quantities.
  const toOrder = await sheetWindow(page, page.getByRole('button', { name: '全部加入采购单' }))
  expect(toOrder.path).toBe('/purchaseOrders')
  expect(toOrder.parts.map((p) => p.quantity)).toEqual([4, undefined, 2])
  // The quantities live in the address as the codes do: a reload keeps them, in the box and on the rows.
  await page.reload()
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(0).getByTestId('row-quantity')).toHaveText('×4')
  await expect(rows.nth(2).getByTestId('row-quantity')).toHaveText('×2')
  await expect(page.getByRole('textbox', { name: '配件编码' })).toHaveValue(
    `${p1.disp_number}\t4\n${p2.disp_number}\n${p3.disp_number}\t2`,
  )
  const reloaded = await sheetWindow(page, page.getByRole('button', { name: '全部加入报价单' }))
  expect(reloaded.parts.map((p) => p.quantity)).toEqual([4, undefined, 2])

  await page.goto(`/partsSearch?code=${encodeURIComponent(second.disp_number)}`)
  const card = page.getByTestId('parts-result-card')
  await expect(card).toContainText(second.disp_number)
  await screenshotWidths(page, 'add-parts-search-card')
  const fromCard = await sheetWindow(page, card.getByRole('button', { name: '加入报价单' }))
  expect(fromCard.path).toBe('/quoteOrder')
  expect(fromCard.parts[0]?.disp_number).toBe(second.disp_number)
  expect(fromCard.parts[0]?.sale_price).toBe(second.price)
  const cardPurchase = await sheetWindow(page, card.getByRole('button', { name: '加入采购单' }))
  expect(cardPurchase.path).toBe('/purchaseOrders')
})

test('smart search: 全部加入报价单 carries every listed part with its quantity', async ({ page }) => {
  const { account, api } = await accountWithApi(page.request)
  const { demo } = await magotanIllustration(api)
  const maintenance = await api<MaintenanceAnswer>('/api/epc/maintenance', {
    ModelId: demo.ModelId,
    Mileage: 40000,
  })
  const accident = await api<AccidentAnswer>('/api/epc/accident', {
    ModelId: demo.ModelId,
    Zones: ['front.bumper', 'front.headlamp'],
  })
  const front = await api<AccidentAnswer>('/api/epc/accident', { ModelId: demo.ModelId, Zones: ['front'] })
  await signedIn(page, account)

  await page.goto(`/smartSearch?ModelId=${demo.ModelId}&mileage=40000&fromType=3`)
  const due = page.getByTestId('maintenance-result')
  await expect(due.getByTestId('money')).toHaveCount(maintenance.items.length, { timeout: 30_000 })
  await screenshotWidths(page, 'add-smart-maintenance')
  const listed = maintenance.items.filter((i) => i.disp_number)
  expect(listed.length).toBeGreaterThan(1)
  const fromMaintenance = await sheetWindow(page, due.getByRole('button', { name: '全部加入报价单' }))
  expect(fromMaintenance.path).toBe('/quoteOrder')
  expect(fromMaintenance.parts).toEqual(
    listed.map((i) => ({
      disp_number: i.disp_number,
      part_name_cn: i.part_name_cn,
      available_stock: i.stock_total,
      sale_price: i.price,
      purchase_price: null,
      quantity: i.quantity,
    })),
  )

  await page.goto(
    `/smartSearch?tab=accident&ModelId=${demo.ModelId}&zones=front.bumper,front.headlamp&fromType=3`,
  )
  const hit = page.getByTestId('accident-result')
  await expect(hit.getByTestId('money')).toHaveCount(accident.items.length, { timeout: 30_000 })
  const fromAccident = await sheetWindow(page, hit.getByRole('button', { name: '全部加入报价单' }))
  expect(fromAccident.path).toBe('/quoteOrder')
  expect(fromAccident.parts.map((p) => [p.disp_number, p.quantity])).toEqual(
    accident.items.map((i) => [i.disp_number, i.quantity]),
  )
  expect(fromAccident.parts.every((p) => p.purchase_price === null)).toBe(true)

  // The whole front: the compressed link still carries every part, and the server serves it.
  await page.goto(`/smartSearch?tab=accident&ModelId=${demo.ModelId}&zones=front&fromType=3`)
  await expect(hit.getByTestId('money')).toHaveCount(front.items.length, { timeout: 30_000 })
  const fromFront = await sheetWindow(page, hit.getByRole('button', { name: '全部加入报价单' }))
  expect(fromFront.parts.map((p) => p.disp_number)).toEqual(front.items.map((i) => i.disp_number))
  await screenshotWidths(page, 'add-smart-accident')
})
