// Staff accounts (issue 17) in Chromium against the real server: the owner adds a clerk with an initial
// password on /user/userManage; the clerk signs in in a second browser, is asked for a new password, does
// not see the owner's pages (/user/userManage answers /403) nor purchase prices (no 采购单, no 进价 column on
// the quotation the owner priced); the owner disables the clerk and the clerk's open page shows 账号异常.
import { expect, type Page, test } from '@playwright/test'
import { accountWithApi, freshMobile, screenshot, signIn } from './support'

const VIN = 'LFV2A21K6G3025678'
const button = (scope: Page | ReturnType<Page['locator']>, name: string) =>
  scope.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) })

test('the owner adds a clerk who sees no purchase prices nor owner pages, then disables the clerk', async ({
  page,
  browser,
  request,
}) => {
  const { account: owner, api } = await accountWithApi(request)
  // A quotation whose line carries a purchase price, for the clerk to look at.
  const orderId = await api<string>('/api/epc/createquoteordermaster', { VIN, ClientName: '王先生' })
  await api('/api/epc/createquoteorderdetail', {
    OrderId: orderId,
    part_number: '5Q0 615 301 F',
    part_name: '前制动盘',
    Amount: 1,
    sale_prices: 698,
    purchase_price: 512.3,
  })

  await signIn(page, owner)
  await page.goto('/user/userManage')
  const menu = page.getByRole('menu', { name: '账号菜单' })
  await expect(menu.getByRole('menuitem')).toHaveText([
    '账号管理',
    '我的订单',
    '购买服务',
    '优惠券',
    '系统消息',
    '续费管理',
    '用户管理',
    '数据服务',
  ])
  await expect(page.getByTestId('seats')).toHaveText('共 1 / 3 个席位')
  const clerk = { mobile: freshMobile(), password: 'clerk1234' }
  await button(page, '添加员工').click()
  const add = page.locator('.ant-modal').filter({ hasText: '添加员工' })
  await add.getByLabel('手机号').fill(clerk.mobile)
  await add.getByLabel('姓名').fill('小王')
  await add.getByLabel('初始密码（选填）').fill(clerk.password)
  await button(add, '添加').click()
  await expect(page.locator('.ant-message')).toContainText('已添加员工 小王')
  const row = page.getByRole('row', { name: new RegExp(clerk.mobile) })
  await expect(row).toContainText('正常')
  await expect(row).toContainText('待改密码')
  await expect(page.getByTestId('seats')).toHaveText('共 2 / 3 个席位')
  await screenshot(page, 'user-manage')

  // The clerk, in a browser of their own.
  const context = await browser.newContext()
  const clerkPage = await context.newPage()
  await signIn(clerkPage, clerk)
  const prompt = clerkPage.locator('.ant-modal').filter({ hasText: '请设置新密码' })
  await expect(prompt).toBeVisible()
  await prompt.getByLabel('初始密码').fill(clerk.password)
  // F1 (and its auto-press on the VIN page behind) leaves the cursor where the clerk types.
  const newPassword = prompt.getByLabel('新密码', { exact: true })
  await newPassword.focus()
  await clerkPage.keyboard.press('F1')
  await expect(newPassword).toBeFocused()
  await newPassword.fill('clerk5678')
  await prompt.getByLabel('确认新密码').fill('clerk5678')
  await button(prompt, '确定').click()
  await expect(prompt).toBeHidden()

  // No 采购单 in the header, and the owner's pages are closed.
  await expect(clerkPage.getByRole('navigation', { name: '主菜单' })).not.toContainText('采购单')
  await expect(clerkPage.getByRole('navigation', { name: '主菜单' })).toContainText('4S报价系统')
  await clerkPage.goto('/user/userManage')
  await expect(clerkPage).toHaveURL(/\/403$/)
  await clerkPage.goto('/purchaseOrders')
  await expect(clerkPage).toHaveURL(/\/403$/)
  await clerkPage.goto('/user/admin')
  await expect(clerkPage.getByRole('menu', { name: '账号菜单' }).getByRole('menuitem')).toHaveText([
    '账号管理',
    '我的订单',
    '优惠券',
    '系统消息',
  ])

  // The quotation the owner priced: its line without a 进价 column (the server sends none either).
  await clerkPage.goto('/quoteOrder')
  await clerkPage.getByTestId('sheet-list').locator('tbody tr.ant-table-row').first().click()
  const lines = clerkPage.getByTestId('sheet-lines')
  await expect(lines.locator('tbody tr.ant-table-row')).toHaveCount(1)
  await expect(lines.locator('thead')).toContainText('金额')
  await expect(lines.locator('thead')).not.toContainText('进价')
  await expect(lines).not.toContainText('512.30')
  await expect(button(clerkPage.getByTestId('sheet-detail'), '生成采购单')).toHaveCount(0)
  await screenshot(clerkPage, 'clerk-quotation')

  // The catalogue offers the clerk 加入报价单 only: 加入采购单 would open a page closed to them.
  await clerkPage.goto('/partsSearchNew')
  await clerkPage.getByRole('textbox', { name: '配件编码' }).fill('5Q0 927 078 G')
  await clerkPage.getByRole('textbox', { name: '配件编码' }).press('Control+Enter')
  const found = clerkPage.getByTestId('parts-result').locator('tbody tr.ant-table-row').first()
  await found.getByRole('button', { name: '加入报价单', exact: true }).click()
  await expect(clerkPage.getByRole('menuitem', { name: '加入报价单' })).toBeVisible()
  await expect(clerkPage.getByRole('menuitem', { name: '加入采购单' })).toHaveCount(0)
  await clerkPage.keyboard.press('Escape')
  await expect(clerkPage.getByRole('button', { name: '全部加入报价单' })).toBeVisible()
  await expect(clerkPage.getByRole('button', { name: '全部加入采购单' })).toHaveCount(0)
  await clerkPage.goto('/quoteOrder')
  await expect(lines.locator('tbody tr.ant-table-row')).toHaveCount(1)

  // The owner disables the clerk; the clerk's next call meets 账号异常.
  await page.reload()
  await button(page.getByRole('row', { name: new RegExp(clerk.mobile) }), '停用').click()
  await expect(page.locator('.ant-message')).toContainText('小王 已停用')
  await expect(page.getByRole('row', { name: new RegExp(clerk.mobile) })).toContainText('已停用')

  // The clerk's page is still open on the quotations; searching them is the next call.
  await clerkPage.getByLabel('搜索').fill('王先生')
  await clerkPage.getByLabel('搜索').press('Enter')
  const notice = clerkPage.locator('.ant-notification-notice').filter({ hasText: '账号异常' })
  await expect(notice).toContainText('账号已停用，请联系客服')
  await screenshot(clerkPage, 'clerk-disabled')
  await context.close()
})
