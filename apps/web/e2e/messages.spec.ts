// The message centre against the real server: a payment through the fake platform puts a 支付结果 message in
// the account's messages, the header's badge counts it without a reload (its 30 s poll run ahead on
// Playwright's clock), and reading the messages clears the badge.
import { expect, type Page, test } from '@playwright/test'
import { accountWithApi, chooseUserMenu, installClock, runTimers, screenshot, signIn } from './support'

const badge = (page: Page) => page.getByTestId('user-menu').locator('.ant-badge-count')

test('a message badge appears after a payment and clears when the messages are read', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  // Everything the API does comes before the browser signs in (one device at a time).
  const order = await api<{ OrderNo: string }>('/api/billing/createorder', { PlanCode: 'vin_month' })
  const { CodeUrl } = await api<{ CodeUrl: string }>('/api/billing/pay', {
    OrderNo: order.OrderNo,
    Channel: 'wechat',
  })
  // The 7-day trial ends within 7 days: its renewal reminder is written now, not whenever the server's
  // minutely sweep happens to come (which made the count below 2 on some runs).
  await api('/api/billing/notices', {})
  await installClock(page)
  await signIn(page, account)
  // The browser is a new device after the API's sign-in: a 账号与安全 message beside the reminder.
  await expect(badge(page)).toHaveText('2')

  const paid = await request.post('/fakepay/wechat/pay', { data: { code_url: CodeUrl, result: 'success' } })
  expect(paid.ok()).toBe(true)
  await runTimers(page, 30_000)
  await expect(badge(page)).toHaveText('3')

  await chooseUserMenu(page, '系统消息', /\/user\/systemMessage$/)
  const messages = page.getByTestId('message')
  await expect(messages).toHaveCount(3)
  await expect(messages.first()).toContainText('支付结果')
  await expect(messages.first()).toContainText('支付成功')
  await expect(messages.nth(1)).toContainText('账号与安全')
  await expect(messages.nth(1)).toContainText('新设备登录提醒')
  // Written at sign-up, while the company was still in its trial.
  await expect(messages.nth(2)).toContainText('试用将在 7 天内到期')
  await screenshot(page, 'system-message')

  // Opening one shows its text and marks it read; the badge follows at once.
  await messages.first().click()
  await expect(messages.first()).toContainText(`订单 ${order.OrderNo}「VIN 查询月卡」已支付 ¥199.00`)
  await expect(messages.first()).toHaveAttribute('data-read', 'true')
  await expect(badge(page)).toHaveText('2')

  await page.getByRole('button', { name: '全部已读' }).click()
  await expect(page.locator('[data-testid="message"][data-read="false"]')).toHaveCount(0)
  await expect(badge(page)).toHaveCount(0)
})
