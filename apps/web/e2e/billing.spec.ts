// The account area's buying and paying against the real server and its fake payment platform (/fakepay):
// a plan bought with a coupon and paid by WeChat QR, an order paid through the Alipay cashier and back on
// /payCallback, an unpaid order cancelled, an invoice asked for, and an ended trial's 99998 notice leading
// to the buy page. Each test registers its own company.
import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { expect, type Locator, type Page, test } from '@playwright/test'
import Database from 'better-sqlite3'
import { decodeData } from '../src/lib/envelope'
import { accountWithApi, freshMobile, screenshot, signIn, type TestAccount } from './support'

const ROOT = resolve(import.meta.dirname, '../../..')
const DAY_MS = 86_400_000
const run = promisify(execFile)

/** antd puts a space between the two characters of a two-character button label (取 消). */
const button = (scope: Locator | Page, label: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${[...label].join('\\s*')}$`) })

/** Epoch ms as the app shows times: Beijing 'YYYY-MM-DD HH:mm:ss'. */
const beijing = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')
const beijingDay = (ms: number) => beijing(ms).slice(0, 10)

/** The operator's command (`npm run ops -- …`) on the test server's database, as an operator runs it. */
async function ops(...args: string[]) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, SQLITE_PATH: process.env.E2E_DB, NODE_ENV: 'development' },
  })
  return stdout
}

/** A 满100减20 coupon for the company whose owner this is, valid from today for a month. */
function grantCoupon(account: TestAccount) {
  const now = Date.now()
  return ops(
    'coupon-grant',
    ...['--company', account.mobile, '--kind', '满减', '--value', '20', '--threshold', '100'],
    ...['--from', beijingDay(now), '--to', beijingDay(now + 30 * DAY_MS)],
  )
}

/** Moves the end of the company's trial, straight in the database (the server sees it within a second). */
function setServiceEnd(account: TestAccount, endsAt: number) {
  const db = new Database(process.env.E2E_DB as string)
  try {
    db.pragma('busy_timeout = 5000')
    db.prepare(
      'UPDATE services SET ends_at = ? WHERE company_id = (SELECT company_id FROM accounts WHERE mobile = ?)',
    ).run(endsAt, account.mobile)
  } finally {
    db.close()
  }
}

interface Entitlement {
  ServiceEndsAt: number
}
interface Order {
  OrderNo: string
}

test('a plan bought with the best coupon and paid by WeChat QR extends the service and uses the coupon', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const before = await api<Entitlement>('/api/billing/entitlement', {})
  await grantCoupon(account)
  await signIn(page, account)

  await page.goto('/user/buyService')
  await page.getByTestId('plan-vin_month').click()
  await expect(page.getByTestId('plan-vin_month')).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByTestId('plan-vin_month')).toContainText('¥199.00')
  await expect(page.getByTestId('plan-vin_month')).toContainText('¥6.63/天')
  await expect(page.getByRole('radio', { name: /满100减20/ })).toBeChecked()
  await expect(page.getByTestId('pay-amount')).toHaveText('¥179.00')
  // No coupon is a choice too, and back.
  await page.getByRole('radio', { name: '不使用优惠券' }).check()
  await expect(page.getByTestId('pay-amount')).toHaveText('¥199.00')
  await page.getByRole('radio', { name: /满100减20/ }).check()
  await expect(page.getByTestId('pay-amount')).toHaveText('¥179.00')
  await screenshot(page, 'buy-service')

  await page.getByRole('button', { name: '确认下单' }).click()
  await expect(page).toHaveURL(/\/onlinePayment\?orderNo=\d{20}$/)
  await expect(page.getByText('¥179.00')).toBeVisible()
  await expect(page.getByTestId('pay-countdown')).toHaveText(/^1[45]:\d\d$/)

  const payAnswer = page.waitForResponse((r) => r.url().endsWith('/api/billing/pay'))
  await page.getByRole('button', { name: /微信支付/ }).click()
  const body = (await (await payAnswer).json()) as { ResultCode: string; data: string }
  expect(body.ResultCode).toBe('10000')
  const { CodeUrl } = decodeData(body.data) as { CodeUrl: string }
  expect(CodeUrl).toBeTruthy()
  await expect(page.getByTestId('wechat-qr')).toBeVisible()
  await expect(page.getByText('请使用微信扫一扫完成支付')).toBeVisible()
  await screenshot(page, 'online-payment-wechat')

  // The payer scans and pays on the fake platform; the page learns it by reading the order.
  const paid = await request.post('/fakepay/wechat/pay', { data: { code_url: CodeUrl, result: 'success' } })
  expect(paid.ok()).toBe(true)
  await expect(page.getByText('支付成功')).toBeVisible()

  await page.getByRole('button', { name: '查看服务' }).click()
  await expect(page).toHaveURL(/\/user\/renewalManage$/)
  await expect(page.getByTestId('service-ends-at')).toHaveText(beijing(before.ServiceEndsAt + 30 * DAY_MS))
  await expect(page.getByRole('row', { name: /VIN 查询月卡/ })).toBeVisible()

  await page.getByRole('menuitem', { name: '优惠券' }).click()
  await page.getByRole('tab', { name: /已使用/ }).click()
  await expect(page.getByRole('tabpanel').getByTestId('coupon')).toContainText('满100减20')
})

test('an order paid on the Alipay cashier comes back to /payCallback as 支付成功', async ({
  page,
  request,
  browser,
}) => {
  const { account, api } = await accountWithApi(request)
  const order = await api<Order>('/api/billing/createorder', { PlanCode: 'vin_month' })
  await signIn(page, account)

  await page.goto(`/onlinePayment?orderNo=${order.OrderNo}`)
  await expect(page.getByText('¥199.00')).toBeVisible()
  await page.getByRole('button', { name: /支付宝/ }).click()
  await expect(page).toHaveURL(/\/fakepay\//)
  await page.getByRole('button', { name: '确认付款' }).click()
  await expect(page).toHaveURL(/\/payCallback\?/)
  await expect(page.getByText('支付成功')).toBeVisible()
  await screenshot(page, 'pay-callback')

  // The same return address opened without a session (another browser): the server checks the
  // parameters and answers the state only.
  const stranger = await browser.newContext()
  const anonymous = await stranger.newPage()
  const verified = anonymous.waitForResponse((r) => r.url().endsWith('/api/billing/payresult'))
  await anonymous.goto(page.url())
  expect((await verified).ok()).toBe(true)
  await expect(anonymous.getByText('支付成功')).toBeVisible()
  await expect(anonymous.getByText(order.OrderNo)).toHaveCount(0)
  // A tampered return is not believed.
  await anonymous.goto(page.url().replace(/total_amount=[\d.]+/, 'total_amount=0.01'))
  await expect(anonymous.getByText('支付失败')).toBeVisible()
  await stranger.close()

  await button(page, '查看订单').click()
  await expect(page.getByRole('row', { name: new RegExp(order.OrderNo) })).toContainText('已生效')
  await expect(page.getByRole('row', { name: new RegExp(order.OrderNo) })).toContainText('支付宝')
})

test('an unpaid order is cancelled on myOrders after a confirm', async ({ page, request }) => {
  const { account, api } = await accountWithApi(request)
  const order = await api<Order>('/api/billing/createorder', { PlanCode: 'vin_quarter' })
  await signIn(page, account)

  await page.goto('/user/myOrders')
  await expect(page.getByText('共有 1 条记录')).toBeVisible()
  const row = page.getByRole('row', { name: new RegExp(order.OrderNo) })
  await expect(row).toContainText('待支付')
  await expect(row).toContainText('¥538.00')
  await expect(button(row, '去支付')).toBeVisible()

  await button(row, '取消').click()
  await button(page.locator('.ant-popconfirm'), '取消订单').click()
  await expect(page.locator('.ant-message').getByText('订单已取消')).toBeVisible()
  await expect(row).toContainText('已取消')
  await expect(button(row, '去支付')).toBeHidden()

  await button(row, '详情').click()
  const drawer = page.locator('.ant-drawer')
  await expect(drawer).toContainText(order.OrderNo)
  await expect(drawer).toContainText('VIN 查询季卡')
  await expect(drawer).toContainText('90 天')
  await screenshot(page, 'my-orders-detail')
})

test('对公转账 shows the account to pay to, the order number as the note, and a week to pay', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const order = await api<Order>('/api/billing/createorder', { PlanCode: 'vin_year' })
  await signIn(page, account)

  await page.goto(`/onlinePayment?orderNo=${order.OrderNo}`)
  await expect(page.getByText('¥1,980.00')).toBeVisible()
  await page.getByRole('button', { name: /对公转账/ }).click()
  const transfer = page.getByTestId('transfer-account')
  await expect(transfer).toContainText('户名')
  await expect(transfer).toContainText('开户银行')
  await expect(transfer).toContainText(order.OrderNo)
  await expect(page.getByText('请务必在汇款备注中填写订单号')).toBeVisible()
  await expect(page.getByTestId('pay-countdown')).toHaveText(/^6天 23:5\d:\d\d$/)
  await screenshot(page, 'online-payment-transfer')

  // Coming back later shows the same account: the order remembers it was to be paid by transfer.
  await page.reload()
  await expect(page.getByText('请向以下账户转账')).toBeVisible()
  await page.goto('/user/myOrders')
  await expect(page.getByRole('row', { name: new RegExp(order.OrderNo) })).toContainText('待支付')
})

test('a renewal reminder shows above the account pages until it is closed', async ({ page, request }) => {
  const { account } = await accountWithApi(request)
  // The trial ends in three days: the 7-day reminder is due.
  setServiceEnd(account, Date.now() + 3 * DAY_MS)
  await signIn(page, account)

  await page.goto('/user/renewalManage')
  const notice = page.getByTestId('billing-notice')
  await expect(notice).toHaveCount(1)
  await expect(page.getByTestId('service-summary')).toContainText('3 天')
  await screenshot(page, 'renewal-manage-notice')
  const read = page.waitForResponse((r) => r.url().endsWith('/api/billing/readnotice'))
  await notice.getByRole('button', { name: '关闭' }).click()
  expect(((await (await read).json()) as { ResultCode: string }).ResultCode).toBe('10000')
  await expect(notice).toHaveCount(0)
  await page.reload()
  await expect(page.getByTestId('service-summary')).toBeVisible()
  await expect(notice).toHaveCount(0)
})

test('a paid order asks for a 增值税专用发票 once and then shows its state', async ({ page, request }) => {
  const { account, api } = await accountWithApi(request)
  const order = await api<Order>('/api/billing/createorder', { PlanCode: 'vin_month' })
  // The money arrived by bank transfer: the operator marks the order paid.
  await ops('mark-paid', '--order', order.OrderNo)
  await signIn(page, account)

  await page.goto('/user/myOrders')
  const row = page.getByRole('row', { name: new RegExp(order.OrderNo) })
  await expect(row).toContainText('已生效')
  await button(row, '申请发票').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByText('增值税专用发票').click()
  await dialog.getByLabel('发票抬头').fill(account.company)
  await dialog.getByLabel('税号').fill('91310000ma1fl1234')
  await dialog.getByLabel('邮箱').fill('fp@example')
  await button(dialog, '提交申请').click()
  await expect(dialog).toContainText('税号应为15至20位数字或大写字母')
  await expect(dialog).toContainText('请填写正确的邮箱')
  await expect(dialog).toContainText('请填写注册地址')

  await dialog.getByLabel('税号').fill('91310000MA1FL1234X')
  await dialog.getByLabel('邮箱').fill('fp@example.cn')
  await dialog.getByLabel('注册地址').fill('上海市浦东新区某路1号')
  await dialog.getByLabel('注册电话').fill('021-12345678')
  await dialog.getByLabel('开户银行').fill('中国工商银行上海分行')
  await dialog.getByLabel('银行账号').fill('6222020200001234567')
  await button(dialog, '提交申请').click()
  await expect(dialog).toBeHidden()
  await expect(row).toContainText('发票待开票')
  await expect(button(row, '申请发票')).toBeHidden()
})

test('an ended trial: sign-in lands on the buy page; a VIN query gets the notice, 续费 leads there again', async ({
  page,
  request,
  browser,
}) => {
  const { account, api } = await accountWithApi(request)
  const clerk = { mobile: freshMobile(), password: 'clerk1234' }
  await api('/api/usercenter/staff/add', { Mobile: clerk.mobile, UserName: '小李', Password: clerk.password })
  setServiceEnd(account, Date.now() - 60_000)

  // A clerk cannot buy (the page is the owner's): the look-ups, and whom to ask.
  const context = await browser.newContext()
  const clerkPage = await context.newPage()
  await signIn(clerkPage, clerk)
  await expect(clerkPage).toHaveURL(/\/vinSearch$/)
  await expect(
    clerkPage.locator('.ant-message').getByText('您所在企业的服务已到期，请联系企业主账号续费后继续查询'),
  ).toBeVisible()
  await context.close()

  // Without a redirect, signing in to an ended service lands on the buy page with its banner.
  await signIn(page, account)
  await expect(page).toHaveURL(/\/user\/buyService$/)
  await expect(page.getByTestId('service-ended')).toHaveText('您的服务已到期，续费后即可继续查询')

  await page.goto('/vinSearch')
  const box = page.getByLabel('车架号')
  await box.fill('LFV2A21K3D4123456')
  await box.press('Enter')
  const notice = page.locator('.ant-notification-notice').filter({ hasText: '账号异常' })
  await expect(notice).toContainText('您的服务已到期，续费后即可继续查询')
  // At once: the notice signs out by itself after 4.5 s (spec section 9), to /login without the redirect.
  await button(notice, '续费').click()

  await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2FbuyService$/)
  expect(await page.evaluate(() => localStorage.length)).toBe(0)
  await page.getByLabel('手机号').fill(account.mobile)
  await page.getByLabel('密码', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: /登\s*录/ }).click()
  await expect(page).toHaveURL(/\/user\/buyService$/)
  await expect(page.getByTestId('service-ended')).toBeVisible()
  await expect(page.getByTestId('plan-vin_month')).toBeVisible()
  await screenshot(page, 'buy-service-ended')
})
