// F8 and the remembered parts-search variant, the footer on full-height screens, and the header's
// 4S报价系统 item returning to the last part-code result.
import type { IllustrationAnswer, LoginInfo } from '@epc/shared'
import { expect, type Page, test } from '@playwright/test'
import { callApi, createAccount, signIn } from './support'

const header = (page: Page) => page.getByTestId('app-header')
const codeBox = (page: Page) => page.getByRole('textbox', { name: '配件编码' })

test('F8 opens the remembered parts-search variant', async ({ page, request }) => {
  await signIn(page, await createAccount(request))
  await page.keyboard.press('F8')
  await expect(page).toHaveURL(/\/partsSearchNew$/)

  await page.getByRole('link', { name: '切换到单个查询' }).click()
  await expect(page).toHaveURL(/\/partsSearch$/)
  // The screen remembers itself once it is shown; the reload below must not overtake that.
  await expect(page.getByRole('link', { name: '切换到批量查询' })).toBeVisible()
  await page.goto('/user/admin')
  await expect(page.getByRole('main')).toBeVisible()
  await page.keyboard.press('F8')
  await expect(page).toHaveURL(/\/partsSearch$/)
  await expect(page.getByRole('link', { name: '切换到批量查询' })).toBeVisible()

  // Back to the batch variant: F8 follows, once that screen has been shown (and so remembered itself).
  await page.getByRole('link', { name: '切换到批量查询' }).click()
  await expect(page.getByRole('link', { name: '切换到单个查询' })).toBeVisible()
  await header(page)
    .getByRole('button', { name: /VIN查询/ })
    .click()
  await expect(page).toHaveURL(/\/vinSearch$/)
  await page.keyboard.press('F8')
  await expect(page).toHaveURL(/\/partsSearchNew$/)
})

// Two tests rather than one: nine page loads in one test came near its minute on a busy two-core machine.
test('the footer is hidden on full-height screens', async ({ page, request }) => {
  await signIn(page, await createAccount(request))
  const model = 'ModelId=FV-SAGITAR-2019-1&fromType=2'
  const hidden = [
    '/partsSearchNew',
    '/partsSearch',
    '/carTypeSearch',
    '/smartSearch',
    `/partsFilter?${model}`,
    `/partsDetail?${model}&imageid=V101`,
  ]
  for (const path of hidden) {
    await page.goto(path)
    await expect(page).toHaveURL(new RegExp(`${path.split('?')[0]}(\\?|$)`))
    await expect(header(page)).toBeVisible()
    await expect(page.getByTestId('app-footer'), path).toHaveCount(0)
  }
})

test('the footer is shown on the other screens', async ({ page, request }) => {
  await signIn(page, await createAccount(request))
  for (const path of ['/vinSearch', '/nameEx', '/user/admin']) {
    await page.goto(path)
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expect(page.getByTestId('app-footer'), path).toBeVisible()
  }
})

test('the header 4S报价系统 item returns to the last part-code result', async ({ page, request }) => {
  const account = await createAccount(request)
  const login = await callApi<LoginInfo>(request, '/api/author/login', {
    Mobile: account.mobile,
    Password: account.password,
  })
  const ill = await callApi<IllustrationAnswer>(
    request,
    '/api/epc/illustration',
    { ModelId: 'FV-SAGITAR-2019-1', imageid: 'V101' },
    login.value?.Token,
  )
  const numbers = (ill.value?.parts ?? []).slice(0, 3).map((p) => p.disp_number)
  expect(numbers).toHaveLength(3)

  await signIn(page, account)
  await header(page)
    .getByRole('button', { name: /4S报价系统/ })
    .click()
  await expect(page).toHaveURL(/\/partsSearchNew$/)
  await codeBox(page).fill(numbers.join('\n'))
  await codeBox(page).press('Control+Enter')
  const rows = page.getByTestId('parts-result').locator('tbody tr.ant-table-row')
  await expect(rows).toHaveCount(3)
  const resultUrl = page.url()
  expect(resultUrl).toContain('/partsSearchNew?codes=')

  // Elsewhere in the app, then back through the menu: the same query, not a fresh page.
  await header(page)
    .getByRole('button', { name: /车型查询/ })
    .click()
  await expect(page).toHaveURL(/\/carTypeSearch$/)
  await header(page)
    .getByRole('button', { name: /4S报价系统/ })
    .click()
  await expect(page).toHaveURL(resultUrl)
  await expect(rows).toHaveCount(3)

  // Also after a reload elsewhere (the memory is kept in local storage).
  await page.goto('/user/admin')
  await header(page)
    .getByRole('button', { name: /4S报价系统/ })
    .click()
  await expect(page).toHaveURL(resultUrl)
  await expect(rows).toHaveCount(3)
  await expect(rows.first()).toContainText(numbers[0] ?? '')
  // In the main menu: the message badge's entry animation has an "active" class of its own.
  await expect(
    header(page).getByRole('navigation', { name: '主菜单' }).locator('[class*="active"]'),
  ).toContainText('4S报价系统')
})
