// Deleting a purchase order against the real server: the delete call on deletepurchaseordermaster, 采购单删除成功！
// (the purchase order's own words for the spec's 报价单删除成功！), the list refreshed and the selection
// cleared; a failed delete says 删除失败！ and keeps the order.
import { expect, type Locator, type Page, test } from '@playwright/test'
import { accountWithApi, signIn } from './support'

const listRows = (page: Page) => page.getByTestId('sheet-list').locator('tbody tr.ant-table-row')
const detail = (page: Page) => page.getByTestId('sheet-detail')
/** antd puts a space between the two characters of a two-character button label (删 除). */
const button = (scope: Locator | Page, label: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${[...label].join('\\s*')}$`) })
const message = (page: Page, text: string) => page.locator('.ant-message').getByText(text).first()
const DELETE_CALL = '**/api/epc/deletepurchaseordermaster'

async function deleteShownSheet(page: Page) {
  await button(detail(page), '删除').click()
  const confirm = page.locator('.ant-modal-confirm')
  await button(confirm, '删除').click()
  await expect(confirm).toBeHidden()
}

test('a purchase order is deleted: the call, 采购单删除成功！, the list refreshed; a failure keeps it', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const kept = await api<string>('/api/epc/createpurchaseordermaster', { ClientName: '城西配件行' })
  const gone = await api<string>('/api/epc/createpurchaseordermaster', { ClientName: '城东汽配' })
  await signIn(page, account)

  await page.goto('/purchaseOrders')
  await expect(page.getByText('共有 2 条记录').first()).toBeVisible()
  await listRows(page).filter({ hasText: gone }).click()
  await expect(detail(page)).toContainText(gone)

  // The server failing the delete: the warning, and the order stays listed and selected.
  await page.route(DELETE_CALL, (route) =>
    route.fulfill({ json: { ResultCode: '10001', ResultMsg: '操作失败' } }),
  )
  await deleteShownSheet(page)
  await expect(message(page, '删除失败！')).toBeVisible()
  await expect(listRows(page).filter({ hasText: gone })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByText('共有 2 条记录').first()).toBeVisible()
  await page.unroute(DELETE_CALL)

  // The lines of the order being deleted are not asked for again: the server would answer 10004 and the page
  // warn 数据不存在或无权访问 beside 删除成功 (the list's refresh sends its requests together, so any such request
  // has left by the time the refreshed list shows).
  let linesAsked = 0
  page.on('request', (r) => {
    if (r.url().endsWith('/api/epc/querypurchaseorderdetail')) linesAsked += 1
  })
  const call = page.waitForResponse(DELETE_CALL)
  await deleteShownSheet(page)
  const answer = await call
  expect(((await answer.json()) as { ResultCode: string }).ResultCode).toBe('10000')
  await expect(message(page, '采购单删除成功！')).toBeVisible()
  await expect(page.getByText('共有 1 条记录').first()).toBeVisible()
  await expect(listRows(page)).toHaveCount(1)
  await expect(listRows(page).first()).toContainText(kept)
  await expect(detail(page)).toContainText('采购单详情')
  expect(linesAsked).toBe(0)
  await expect(page.locator('.ant-message').getByText('数据不存在或无权访问')).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('xmpPurchaseSelected'))).toBeNull()

  // Gone on the server, not only from the page.
  await page.reload()
  await expect(page.getByText('共有 1 条记录').first()).toBeVisible()
  await expect(listRows(page).filter({ hasText: gone })).toHaveCount(0)
})

test('on a 1280 px screen a long supplier name is cut, 金额 stays in the list, and the empty sheet points left', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const supplier = '广州市白云区永泰汽车配件贸易有限公司第二分公司'
  await api('/api/epc/createpurchaseordermaster', { ClientName: supplier, remark: '送货到店，月结' })
  await page.setViewportSize({ width: 1280, height: 720 })
  await signIn(page, account)
  await page.goto('/purchaseOrders')
  const list = page.getByTestId('sheet-list')
  const row = listRows(page).first()
  await expect(row).toContainText('¥0.00')
  const [listBox, amountBox] = await Promise.all([list.boundingBox(), row.locator('td').last().boundingBox()])
  expect(amountBox && listBox && amountBox.x + amountBox.width).toBeLessThanOrEqual(
    (listBox?.x ?? 0) + (listBox?.width ?? 0) + 0.5,
  )
  await expect(row.getByTitle(supplier)).toBeVisible()
  await expect(detail(page)).toContainText('请在左侧列表中选择一张采购单')
})
