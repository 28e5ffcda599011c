// The data service's keys (issue 21) in Chromium against the real server: the owner opens 数据服务 from the
// account menu, creates a key and reads its AppSecret once from the dialog (gone from the page once closed),
// claims the 100-item trial on the buy page, calls the open API from Node with the key, signed as
// docs/open-api.md says, and sees the request and the charged item in the usage table; renames the key,
// limits it to an address range (the call is then refused), rotates it (a new secret, the old one refused)
// and revokes it (已停用, refused). A staff member is refused the page (/403; the server refuses the calls with
// its message). /ApiPage links to the docs and to the key page, and tells of the embedded catalogue. No step
// violates the Content-Security-Policy.
import { DataServiceMessages, type LoginInfo, type VinHistoryAnswer } from '@epc/shared'
import { expect, type Locator, type Page, test } from '@playwright/test'
import {
  accountWithApi,
  callApi,
  freshMobile,
  openPost,
  revealed,
  screenshot,
  signIn,
  watchViolations,
} from './support'

// Each test has its own company, so they may run side by side.
test.describe.configure({ mode: 'parallel' })

/** antd puts a space between the two characters of a two-character button label (创 建). */
const button = (scope: Locator | Page, label: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${[...label].join('\\s*')}$`) })

/** Today in Beijing, as the usage table names days. */
const beijingDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10)

interface VinDecodeBody {
  results: { vin: string; status: string; charged: boolean }[]
  items_charged: number
  items_left: number
  test: boolean
  error?: { code: string }
}

/** Closes the secret dialog and checks the secret is nowhere in the page any more. */
async function closeSecret(page: Page, dialog: Locator, secret: string) {
  await dialog.getByRole('button', { name: '我已保存，关闭' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.locator('body')).not.toContainText(secret)
  await expect.poll(() => page.content()).not.toContain(secret)
}

test('the owner creates a key, sees its secret once, calls the open API and sees the use; rotates and revokes it', async ({
  page,
  request,
}) => {
  // A long scenario (eight dialogs, a payment page, six open-API calls): three times the usual time, for a
  // loaded test machine.
  test.slow()
  const violations = await watchViolations(page)
  const { account, api } = await accountWithApi(request)
  // A VIN of the demo catalogue, which the e2e server's live catalogue is.
  const history = await api<VinHistoryAnswer>('/api/epc/vinhistory', {})
  const vin = history.demo[0]?.vin ?? ''
  expect(vin).toHaveLength(17)

  await signIn(page, account)
  await page.goto('/user/admin')
  const menu = page.getByRole('menu', { name: '账号菜单' })
  await menu.getByRole('menuitem', { name: '数据服务' }).click()
  await expect(page).toHaveURL(/\/user\/dataService$/)
  await expect(page).toHaveTitle('汽配EPC - 数据服务')
  const docs = page.getByRole('link', { name: '接口文档' })
  await expect(docs).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\/open\/docs$/)
  await expect(docs).toHaveAttribute('target', '_blank')
  await expect(page.getByTestId('items-left')).toContainText('0')
  await expect(page.getByTestId('key-count')).toHaveText('已启用 0 / 20 个密钥')

  // 新建密钥: the shared schema's messages first, then a key for any address.
  await page.getByRole('button', { name: '新建密钥' }).click()
  const create = page.locator('.ant-modal').filter({ hasText: '新建密钥' })
  await create.getByLabel('IP 范围（选填）').fill('203.0.113.10\nabc')
  await button(create, '创建').click()
  await expect(create.getByText(DataServiceMessages.keyName)).toBeVisible()
  await expect(create.getByText(DataServiceMessages.ipRanges)).toBeVisible()
  await create.getByLabel('密钥名称').fill('理赔系统')
  await create.getByLabel('IP 范围（选填）').fill('')
  await button(create, '创建').click()

  const created = page.locator('.ant-modal').filter({ hasText: '密钥已创建' })
  const key = await revealed(created)
  await screenshot(page, 'data-service-secret')
  await closeSecret(page, created, key.appSecret)
  await expect(create).toBeHidden()

  const row = page.getByTestId('api-keys').getByRole('row', { name: new RegExp(key.appKey) })
  await expect(row).toContainText('理赔系统')
  await expect(row).toContainText('正式')
  await expect(row).toContainText('不限')
  await expect(row).toContainText('启用')
  await expect(row).toContainText('从未使用')
  await expect(page.getByTestId('key-count')).toHaveText('已启用 1 / 20 个密钥')

  // No items yet: the trial, on the buy page, free.
  await page.getByRole('link', { name: '领取试用 100 条' }).click()
  await expect(page).toHaveURL(/\/user\/buyService\?plan=data_items_trial$/)
  await expect(page.getByTestId('plan-data_items_trial')).toHaveAttribute('aria-checked', 'true')
  await button(page, '免费领取').click()
  await expect(page.getByText('支付成功')).toBeVisible()
  // The payment page stands alone (no account menu): back by the address.
  await page.goto('/user/dataService')
  await expect(page.getByTestId('items-left')).toContainText('100')
  await expect(page.getByRole('link', { name: '领取试用 100 条' })).toHaveCount(0)

  // The open API, signed with the key: the VIN is found and charged one item.
  const decoded = await openPost<VinDecodeBody>(request, key, '/open/v1/vin/decode', { vins: [vin] })
  expect(decoded.status, JSON.stringify(decoded.body)).toBe(200)
  expect(decoded.body.results[0]).toMatchObject({ vin, status: 'ok', charged: true })
  expect(decoded.body).toMatchObject({ items_charged: 1, items_left: 99, test: false })

  // The usage table, read again: today, this key, one request and one charged item.
  const usage = page.getByTestId('usage-card')
  await button(usage, '刷新').click()
  const today = beijingDay(Date.now())
  await expect(usage.getByRole('row', { name: new RegExp(today) }).locator('td')).toHaveText([
    today,
    `理赔系统${key.appKey}`,
    '1',
    '1',
    '0',
  ])
  await expect(page.getByTestId('items-left')).toContainText('99')
  await expect(row).not.toContainText('从未使用')
  await screenshot(page, 'data-service')

  // 重命名, in a dialog that starts from the key's name.
  await button(row, '重命名').click()
  const rename = page.locator('.ant-modal').filter({ hasText: '重命名' })
  await expect(rename.getByLabel('密钥名称')).toHaveValue('理赔系统')
  await rename.getByLabel('密钥名称').fill('理赔正式')
  await button(rename, '保存').click()
  await expect(page.locator('.ant-message')).toContainText('已重命名为 理赔正式')
  await expect(row).toContainText('理赔正式')

  // 设置 IP 范围: from an address outside it the key is refused; cleared, any address again.
  await button(row, '设置 IP 范围').click()
  const ips = page.locator('.ant-modal').filter({ hasText: '设置 IP 范围' })
  await ips.getByLabel('IP 范围').fill('203.0.113.0/24\n2001:db8::/32')
  await button(ips, '保存').click()
  await expect(ips).toBeHidden()
  await expect(row).toContainText('203.0.113.0/24')
  await expect(row).toContainText('2001:db8::/32')
  const outside = await openPost<VinDecodeBody>(request, key, '/open/v1/vin/decode', { vins: [vin] })
  expect([outside.status, outside.body.error?.code]).toEqual([403, 'IP_NOT_ALLOWED'])
  await button(row, '设置 IP 范围').click()
  await expect(ips.getByLabel('IP 范围')).toHaveValue('203.0.113.0/24\n2001:db8::/32')
  await ips.getByLabel('IP 范围').fill('')
  await button(ips, '保存').click()
  await expect(ips).toBeHidden()
  await expect(row).toContainText('不限')

  // 重置密钥: a new secret for the same AppKey, shown once; the old one stops at once.
  await button(row, '重置密钥').click()
  const confirmRotate = page.locator('.ant-popover').filter({ hasText: '旧的 AppSecret 立即失效' })
  await button(confirmRotate, '重置').click()
  const rotatedDialog = page.locator('.ant-modal').filter({ hasText: '密钥已重置' })
  const rotated = await revealed(rotatedDialog)
  expect(rotated.appKey).toBe(key.appKey)
  expect(rotated.appSecret).not.toBe(key.appSecret)
  await closeSecret(page, rotatedDialog, rotated.appSecret)
  const old = await openPost<VinDecodeBody>(request, key, '/open/v1/vin/decode', { vins: [vin] })
  expect([old.status, old.body.error?.code]).toEqual([401, 'SIGNATURE_INVALID'])
  const fresh = await openPost<VinDecodeBody>(request, rotated, '/open/v1/vin/decode', { vins: [vin] })
  expect(fresh.status, JSON.stringify(fresh.body)).toBe(200)
  expect(fresh.body.results[0]).toMatchObject({ status: 'ok', charged: true })

  // 停用: cannot be undone; the key shows 已停用, offers no change, and is refused.
  await button(row, '停用').click()
  const confirmRevoke = page.locator('.ant-popover').filter({ hasText: '无法恢复' })
  await button(confirmRevoke, '停用').click()
  await expect(page.locator('.ant-message')).toContainText('密钥 理赔正式 已停用')
  await expect(row).toContainText('已停用')
  await expect(button(row, '重置密钥')).toHaveCount(0)
  await expect(button(row, '重命名')).toHaveCount(0)
  await expect(page.getByTestId('key-count')).toHaveText('已启用 0 / 20 个密钥')
  const revoked = await openPost<VinDecodeBody>(request, rotated, '/open/v1/vin/decode', { vins: [vin] })
  expect([revoked.status, revoked.body.error?.code]).toEqual([401, 'APP_KEY_REVOKED'])
  expect(violations).toEqual([])
})

test('a staff member is refused the key page and its calls', async ({ page, request }) => {
  const { api } = await accountWithApi(request)
  const clerk = { mobile: freshMobile(), password: 'clerk1234' }
  await api('/api/usercenter/staff/add', { Mobile: clerk.mobile, UserName: '小王', Password: clerk.password })
  // The server's word first (the browser's sign-in then revokes this token).
  const login = await callApi<LoginInfo>(request, '/api/author/login', {
    Mobile: clerk.mobile,
    Password: clerk.password,
  })
  expect(login.ResultCode).toBe('10000')
  const keys = await callApi(request, '/api/dataservice/keys', {}, login.value?.Token)
  expect([keys.ResultCode, keys.ResultMsg]).toEqual(['10001', DataServiceMessages.ownerOnly])

  await signIn(page, clerk)
  await page.goto('/user/dataService')
  await expect(page).toHaveURL(/\/403$/)
  await expect(page.getByText('抱歉，您无权访问此页面')).toBeVisible()
})

test('/ApiPage links to the API docs and to the key page, which asks a visitor to sign in first', async ({
  page,
  request,
}) => {
  await page.goto('/ApiPage')
  const docs = page.getByRole('link', { name: '接口文档' })
  await expect(docs.first()).toBeVisible()
  for (const link of await docs.all()) {
    await expect(link).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\/open\/docs$/)
    await expect(link).toHaveAttribute('target', '_blank')
  }
  // The docs are the server's page, open without a login.
  const docsPage = await request.get((await docs.first().getAttribute('href')) ?? '')
  expect(docsPage.status()).toBe(200)
  expect(docsPage.headers()['content-type']).toContain('text/html')
  // The embedded catalogue, with the link's and the session's times from the shared limits.
  await expect(page.getByRole('heading', { name: '嵌入目录' })).toBeVisible()
  await expect(page.locator('body')).toContainText('链接须在 10 分钟内打开，且只能打开一次')
  await expect(page.locator('body')).toContainText('打开后 2 小时内可查看该车的配件目录')
  await expect(page.locator('body')).toContainText('测试密钥')
  const keyPage = page.getByRole('link', { name: /管理密钥$/ })
  await expect(keyPage).toHaveCount(2)
  for (const link of await keyPage.all()) await expect(link).toHaveAttribute('href', '/user/dataService')
  await keyPage.first().click()
  await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2FdataService$/)
})
