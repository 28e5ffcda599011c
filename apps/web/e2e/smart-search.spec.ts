// /smartSearch in Chromium against the real server: the maintenance list by model and by a demo VIN, the
// accident list from zones clicked on the car outline, totals checked against the shown money cells,
// the query kept in the URL across a reload.
import type { AccidentAnswer, LoginInfo, VinHistoryAnswer } from '@epc/shared'
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test'
import { callApi, createAccount, screenshotWidths, signIn, swappedVin, type TestAccount } from './support'

const MAGOTAN = '迈腾 2020款 330TSI DSG 领先型'

/** Money as shown (¥1,234.50) in fen, so sums are exact. */
const fen = (text: string) => Math.round(Number(text.replace(/[¥,\s]/g, '')) * 100)

/** The shown total has 2 decimals and equals the sum of the shown money cells. */
async function expectTotalMatches(result: Locator) {
  const cells = (await result.getByTestId('money').allTextContents()).map((t) => t.trim())
  expect(cells.length).toBeGreaterThan(0)
  const shown = ((await result.getByTestId('smart-total').textContent()) ?? '').trim()
  expect(shown).toMatch(/^¥[\d,]+\.\d{2}$/)
  const sum = cells.filter((t) => t !== '-').reduce((total, t) => total + fen(t), 0)
  expect(sum).toBe(fen(shown))
  // The total row under the table (pinned under a scrolling body) says the same.
  await expect(result.locator('.ant-table-summary').getByText(shown, { exact: true }).first()).toBeVisible()
  return shown
}

/** Signs in through the API first (for data the test needs), then in the browser, which revokes that token. */
async function apiToken(request: APIRequestContext, account: TestAccount) {
  const login = await callApi<LoginInfo>(request, '/api/author/login', {
    Mobile: account.mobile,
    Password: account.password,
  })
  expect(login.ResultCode).toBe('10000')
  return login.value?.Token ?? ''
}

async function choose(page: Page, label: string, text: string) {
  const box = page.getByRole('combobox', { name: label })
  await box.click()
  await box.fill(text)
  await page.locator('.ant-select-item-option').filter({ hasText: text }).first().click()
}

/** Clicks the zone's first drawn piece (a zone like 前大灯区 has one on each side). */
async function clickZone(outline: Locator, name: string) {
  await outline.getByRole('button', { name }).locator('path').first().click()
}

async function settled(result: Locator) {
  await expect(result.locator('.ant-spin-spinning')).toHaveCount(0)
}

test('maintenance at 40,000 km for a model chosen by brand, series and model', async ({ page }) => {
  const account = await createAccount(page.request)
  await signIn(page, account)
  await page.goto('/smartSearch')
  await expect(page.getByRole('tab', { name: '保养查询' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByText('请先选择车辆')).toBeVisible()

  await page.getByText('按车型', { exact: true }).click()
  await choose(page, '品牌', '一汽-大众')
  await choose(page, '车系', '迈腾')
  await choose(page, '车型', '领先型')
  await expect(page.getByTestId('smart-vehicle')).toContainText(MAGOTAN)

  const mileage = page.getByLabel('行驶里程')
  await mileage.fill('41234')
  await mileage.press('Enter')
  await expect(mileage).toHaveValue('41,234')
  const result = page.getByTestId('maintenance-result')
  await expect(result.getByTestId('smart-result-title')).toHaveText('按 40,000 公里保养')
  await expect(result).toContainText('行驶 41,234 公里')
  await settled(result)
  await expect(result.getByRole('cell', { name: '火花塞', exact: true }).first()).toBeVisible()
  await expect(result.getByRole('cell', { name: '机油滤清器', exact: true }).first()).toBeVisible()
  await expect(result.getByRole('cell', { name: '4 个' }).first()).toBeVisible()
  const total = await expectTotalMatches(result)
  await expect(page).toHaveURL(/ModelId=FV-MAGOTAN-2020-1/)
  await expect(page).toHaveURL(/mileage=41234/)

  // The quick pick asks for exactly 40,000 km: the same parts, no rounding note.
  await page.getByRole('button', { name: '40,000', exact: true }).click()
  await expect(page).toHaveURL(/mileage=40000/)
  await expect(result).not.toContainText('行驶 41,234 公里')
  await settled(result)
  expect(await expectTotalMatches(result)).toBe(total)

  // A part number opens the part-detail drawer.
  const firstNumber = result.locator('tbody').getByRole('button').first()
  const number = ((await firstNumber.textContent()) ?? '').trim()
  await firstNumber.click()
  const drawer = page.getByRole('dialog').filter({ hasText: '配件详情' })
  await expect(drawer).toBeVisible()
  await expect(drawer).toContainText(number)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()

  await page.reload()
  await expect(result.getByTestId('smart-total')).toHaveText(total)
  await expect(page.getByTestId('smart-vehicle')).toContainText(MAGOTAN)
  await settled(result)
  await expectTotalMatches(result)
  await screenshotWidths(page, 'smart-maintenance')

  // The header's menu item comes back to this result.
  await page.getByTestId('app-header').getByText('VIN查询').click()
  await expect(page).toHaveURL(/\/vinSearch/)
  await page.getByTestId('app-header').getByText('保养/事故查询').click()
  await expect(page).toHaveURL(/\/smartSearch\?.*mileage=40000/)
  await expect(result.getByTestId('smart-total')).toHaveText(total)
})

test('maintenance at 40,000 km for a demo VIN with two trims; an unknown VIN says so', async ({ page }) => {
  const account = await createAccount(page.request)
  const token = await apiToken(page.request, account)
  const history = await callApi<VinHistoryAnswer>(page.request, '/api/epc/vinhistory', {}, token)
  const demo = history.value?.demo[0]
  if (!demo) throw new Error('no demo VIN')
  await signIn(page, account)
  await page.goto('/smartSearch')

  const vinBox = page.getByTestId('smart-search').getByLabel('车架号', { exact: true })
  await vinBox.fill('LFVZZZ99ZKC947080')
  await vinBox.press('Enter')
  await expect(page.getByText('未找到车架号 LFVZZZ99ZKC947080 对应的车型')).toBeVisible()
  await expect(page.getByText('请先选择车辆')).toBeVisible()

  // The demo VIN with two neighbours swapped is offered the VIN meant; taking it offers its two trims.
  const v = demo.vin
  await vinBox.fill(swappedVin(v).swapped)
  await vinBox.press('Enter')
  await page.getByTestId('vin-meant').getByRole('button').filter({ hasText: v }).click()
  const choices = page.getByTestId('vin-models')
  await expect(choices).toContainText('对应 2 个车型')
  await expect(vinBox).toHaveValue(v)

  // Typed in lower case: the same choice.
  await vinBox.fill(demo.vin.toLowerCase())
  await expect(vinBox).toHaveValue(demo.vin)
  await vinBox.press('Enter')
  await expect(choices).toContainText('对应 2 个车型')
  await screenshotWidths(page, 'smart-vin-several')
  await choices.getByRole('button', { name: new RegExp(demo.car_name) }).click()
  await expect(page.getByTestId('smart-vehicle')).toContainText(demo.car_name)
  await expect(page.getByTestId('smart-vehicle')).toContainText(demo.vin)
  await expect(page).toHaveURL(new RegExp(`ModelId=${demo.ModelId}`))

  await page.getByRole('button', { name: '40,000', exact: true }).click()
  const result = page.getByTestId('maintenance-result')
  await expect(result.getByTestId('smart-result-title')).toHaveText('按 40,000 公里保养')
  await settled(result)
  await expect(result.getByRole('cell', { name: '火花塞', exact: true }).first()).toBeVisible()
  await expect(result.getByRole('cell', { name: '机油滤清器', exact: true }).first()).toBeVisible()
  const total = await expectTotalMatches(result)

  await page.reload()
  await expect(result.getByTestId('smart-total')).toHaveText(total)
  await expect(page.getByTestId('smart-search').getByLabel('车架号', { exact: true })).toHaveValue(demo.vin)
  await expectTotalMatches(result)
})

test('accident parts of the zones clicked on the car outline', async ({ page }) => {
  const account = await createAccount(page.request)
  const token = await apiToken(page.request, account)
  const history = await callApi<VinHistoryAnswer>(page.request, '/api/epc/vinhistory', {}, token)
  const demo = history.value?.demo.find((d) => d.car_name === MAGOTAN)
  if (!demo) throw new Error(`no demo VIN for ${MAGOTAN}`)
  const expected = async (zones: string[]) =>
    (
      await callApi<AccidentAnswer>(
        page.request,
        '/api/epc/accident',
        { ModelId: demo.ModelId, Zones: zones },
        token,
      )
    ).value as AccidentAnswer
  const bumperAndLamps = await expected(['front.bumper', 'front.headlamp'])
  const front = await expected(['front'])
  await signIn(page, account)
  await page.goto('/smartSearch')

  await page.getByTestId('smart-search').getByLabel('车架号', { exact: true }).fill(demo.vin)
  await page.getByTestId('smart-search').getByLabel('车架号', { exact: true }).press('Enter')
  await expect(page.getByTestId('smart-vehicle')).toContainText(MAGOTAN)
  await page.getByRole('tab', { name: '事故查询' }).click()
  await expect(page).toHaveURL(/tab=accident/)
  await expect(page.getByText('请在车身图上点击碰撞部位，或在右侧勾选')).toBeVisible()

  const outline = page.getByTestId('car-outline')
  await clickZone(outline, '前保险杠区')
  await clickZone(outline, '前大灯区')
  await expect(outline.getByRole('button', { name: '前保险杠区' })).toHaveAttribute('aria-pressed', 'true')
  await expect(outline.getByRole('button', { name: '前大灯区' })).toHaveAttribute('data-selected', 'true')
  await expect(outline.locator('[data-zone="front.bumper"] path').first()).toHaveAttribute('fill', '#d4380d')
  await expect(page.getByRole('checkbox', { name: '前保险杠区' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: '前大灯区' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: '发动机盖区' })).not.toBeChecked()
  await expect(page).toHaveURL(/zones=front\.bumper%2Cfront\.headlamp|zones=front\.bumper,front\.headlamp/)
  const result = page.getByTestId('accident-result')
  await expect(result.getByTestId('money')).toHaveCount(bumperAndLamps.items.length)
  await settled(result)
  await expect(result.getByRole('cell', { name: /前大灯总成/ }).first()).toBeVisible()
  expect(fen(await expectTotalMatches(result))).toBe(Math.round(bumperAndLamps.total * 100))

  // The 前部 band takes the whole front, structure included.
  await clickZone(outline, '前部')
  await expect(page.getByRole('checkbox', { name: '前部' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: '发动机盖区' })).toBeChecked()
  await expect(page).toHaveURL(/zones=front(&|$)/)
  await expect(result.getByTestId('money')).toHaveCount(front.items.length)
  await settled(result)
  const total = await expectTotalMatches(result)
  expect(fen(total)).toBe(Math.round(front.total * 100))

  await page.reload()
  await expect(page.getByRole('tab', { name: '事故查询' })).toHaveAttribute('aria-selected', 'true')
  await expect(result.getByTestId('smart-total')).toHaveText(total)
  await expect(page.getByRole('checkbox', { name: '前部' })).toBeChecked()
  await expect(page.getByTestId('smart-vehicle')).toContainText(MAGOTAN)
  await settled(result)
  await expectTotalMatches(result)
  await screenshotWidths(page, 'smart-accident')

  // One sub zone off leaves the other front sub zones on; the checklist does the same as the outline.
  await clickZone(outline, '前保险杠区')
  await expect(page.getByRole('checkbox', { name: '前部' })).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: '前保险杠区' })).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: '前大灯区' })).toBeChecked()
  await page.getByRole('checkbox', { name: '左后视镜' }).click()
  await expect(page.getByRole('checkbox', { name: '左后视镜' })).toBeChecked()
  await expect(outline.getByRole('button', { name: '左后视镜' })).toHaveAttribute('aria-pressed', 'true')
  await settled(result)
  await expect(result.getByRole('cell', { name: /后视镜/ }).first()).toBeVisible()
  await expectTotalMatches(result)

  await page.getByRole('button', { name: '清空选择' }).click()
  await expect(page.getByText('请在车身图上点击碰撞部位，或在右侧勾选')).toBeVisible()
  await expect(page).not.toHaveURL(/zones=/)

  // Opened again before a zone is ticked (a reload, a link by model), no look-up has answered the car yet:
  // the page names it all the same, and the model pickers stand on it.
  await page.reload()
  await expect(page.getByTestId('smart-vehicle')).toContainText(MAGOTAN)
  await page.goto(`/smartSearch?tab=accident&ModelId=${demo.ModelId}`)
  await expect(page.getByTestId('smart-vehicle')).toContainText(MAGOTAN)
  for (const [label, text] of [
    ['品牌', '一汽-大众'],
    ['车系', '迈腾'],
    ['车型', MAGOTAN],
  ] as const) {
    await expect(
      page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: label }) }),
    ).toContainText(text)
  }
})
