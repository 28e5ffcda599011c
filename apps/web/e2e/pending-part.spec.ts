// Spec section 4: creating a sheet while parts from a catalogue screen wait adds them to the new sheet. Parts
// with a price go on at once (quantity as given, else 1) with 添加成功！; only those without one open the add
// dialog.
import type { VinHistoryAnswer } from '@epc/shared'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { type PendingPart, sheetLink } from '../src/features/sheets/links'
import { accountWithApi, signIn } from './support'

const dialog = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) })
/** antd puts a space between the two characters of a two-character button label (添 加). */
const button = (scope: Locator | Page, label: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${[...label].join('\\s*')}$`) })
const message = (page: Page, text: string) => page.locator('.ant-message').getByText(text).first()
const lineRows = (page: Page) => page.getByTestId('sheet-lines').locator('tbody tr.ant-table-row')
/** '¥1,234.50' → 123450. */
const fenOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[¥,\s]/g, '')) * 100)

async function expectTotal(page: Page, totalFen: number) {
  await expect.poll(async () => fenOf(await page.getByTestId('sheet-total').textContent())).toBe(totalFen)
}

const part = (n: number, fields: Partial<PendingPart>): PendingPart => ({
  disp_number: `PP-${Date.now() % 100000}-${n}`,
  part_name_cn: `待加配件${n}`,
  available_stock: 3,
  sale_price: null,
  purchase_price: null,
  ...fields,
})

test('a new quotation takes the priced parts at once and asks only for the one without a price', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const vin = (await api<VinHistoryAnswer>('/api/epc/vinhistory', {})).demo[0]?.vin ?? ''
  const twoOf = part(1, { sale_price: 45.5, purchase_price: 30, quantity: 2 })
  const oneOf = part(2, { sale_price: 128 })
  const unpriced = part(3, {})
  await signIn(page, account)

  await page.goto(sheetLink('quote', [twoOf, oneOf, unpriced]))
  await expect(message(page, '未选择报价单，请新建报价单，待添加的配件将加入新单')).toBeVisible()
  const form = dialog(page, '新建报价单')
  await form.getByLabel('车架号').fill(vin)
  await form.getByRole('button', { name: '创建报价单' }).click()
  await expect(message(page, '创建报价单成功！')).toBeVisible()
  await expect(message(page, '添加成功！')).toBeVisible()

  // Only the part without a price comes to the dialog, alone.
  const add = dialog(page, '添加配件')
  await expect(add).toBeVisible()
  await expect(add.getByLabel('配件编码')).toHaveValue(unpriced.disp_number)
  await expect(add.getByTestId('pending-progress')).toHaveCount(0)
  await expect(lineRows(page)).toHaveCount(2)
  await expect(lineRows(page).nth(0)).toContainText(twoOf.disp_number)
  await expect(lineRows(page).nth(1)).toContainText(oneOf.disp_number)
  await expectTotal(page, 2 * 4550 + 12800)

  await add.getByLabel('销售价').fill('15')
  await button(add, '添加').click()
  await expect(add).toBeHidden()
  await expect(lineRows(page)).toHaveCount(3)
  await expect(lineRows(page).nth(2)).toContainText(unpriced.disp_number)
  await expectTotal(page, 2 * 4550 + 12800 + 1500)
  await expect(page.getByTestId('pending-banner')).toHaveCount(0)
})

test('a new purchase order takes a part with a purchase price at once, without the add dialog', async ({
  page,
  request,
}) => {
  const { account } = await accountWithApi(request)
  // A sale price alone is no price for a purchase order.
  const priced = part(1, { purchase_price: 12.5, sale_price: 20 })
  await signIn(page, account)

  await page.goto(sheetLink('purchase', [priced]))
  const form = dialog(page, '新建采购单')
  await form.getByLabel('供应商').fill('城东汽配')
  await form.getByRole('button', { name: '创建采购单' }).click()
  await expect(message(page, '创建采购单成功！')).toBeVisible()
  await expect(message(page, '添加成功！')).toBeVisible()
  await expect(lineRows(page)).toHaveCount(1)
  await expect(lineRows(page).first()).toContainText(priced.disp_number)
  await expectTotal(page, 1250)
  await expect(dialog(page, '添加配件')).toHaveCount(0)
  await expect(page.getByTestId('pending-banner')).toHaveCount(0)
})
