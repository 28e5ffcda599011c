// VIN query, group tree and illustration screens against the real server and demo catalogue: the VIN
// answers (one, several, none, wrong check digit), callout ↔ row in both directions, the arrow keys, the
// part-detail drawer with the ten warehouses, and the in-vehicle search by initials and trade alias.
import {
  checkDigit,
  type GroupTreeAnswer,
  type IllustrationAnswer,
  type NameSearchAnswer,
  type PartDetailAnswer,
  WAREHOUSES,
} from '@epc/shared'
import { expect, type Page, test } from '@playwright/test'
import {
  accountWithApi,
  createAccount,
  demoVin,
  screenshot,
  screenshotWidths,
  signIn,
  swappedVin,
  type TestAccount,
} from './support'

/** The first demo VIN whose catalogue answer has the given status. */
async function signInBrowser(page: Page, account: TestAccount) {
  await signIn(page, account)
  await page.goto('/vinSearch')
  await expect(page.getByRole('heading', { name: 'VIN查询' })).toBeVisible()
}

const callout = (page: Page, n: number | string) =>
  page.getByTestId('illustration').locator(`g.callout[data-callout="${n}"]`)
const selectedRow = (page: Page) =>
  page.getByTestId('illustration-parts').locator('tbody tr[aria-current="true"]')

test('a one-model demo VIN leads to the group tree, an illustration, callouts, rows and the drawer', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const { vin, model } = await demoVin(api, 'one')
  await signInBrowser(page, account)

  // The demo list continues to the group tree by itself when the VIN fits one model.
  await page.getByTestId('vin-demo').getByText(vin).click()
  await expect(page).toHaveURL(new RegExp(`/partsFilter\\?ModelId=${model.ModelId}&vin=${vin}&fromType=1$`))
  const header = page.getByTestId('vehicle-header')
  await expect(header.getByText(model.car_name)).toBeVisible()
  await expect(header.getByText(vin)).toBeVisible()
  const cards = page.getByTestId('illustration-cards').locator('a')
  await expect(cards.first().locator('img')).toBeVisible()
  await screenshotWidths(page, 'parts-filter')

  // A second main group shows its own cards; the choice is kept in the URL.
  await page.getByRole('navigation', { name: '主组' }).getByRole('button').nth(1).click()
  await expect(page).toHaveURL(/main=2/)
  await expect(cards.first().locator('img')).toBeVisible()
  await cards.first().click()
  await expect(page).toHaveURL(/\/partsDetail\?ModelId=.+&imageid=.+&vin=.+&fromType=1$/)
  const rows = page.getByTestId('illustration-parts').locator('tbody tr.ant-table-row')
  await expect(rows.first()).toBeVisible()
  await expect(page.getByTestId('illustration').locator('svg')).toBeVisible()
  await screenshotWidths(page, 'parts-detail')

  // A callout in the drawing selects its row.
  const third = page.getByTestId('illustration').locator('g.callout').nth(2)
  const n = await third.getAttribute('data-callout')
  await third.click()
  await expect(callout(page, n ?? '')).toHaveClass(/is-selected/)
  await expect(selectedRow(page).locator('td').first()).toHaveText(n ?? '')
  await expect(page).toHaveURL(new RegExp(`callout=${n}`))

  // The arrow keys move the selection; the drawing follows.
  const at = await rows.evaluateAll((trs) =>
    trs.findIndex((tr) => tr.getAttribute('aria-current') === 'true'),
  )
  await page.keyboard.press('ArrowDown')
  await expect(rows.nth(at + 1)).toHaveAttribute('aria-current', 'true')
  const below =
    (await rows
      .nth(at + 1)
      .locator('td')
      .first()
      .textContent()) ?? ''
  await expect(callout(page, below)).toHaveClass(/is-selected/)
  await page.keyboard.press('ArrowUp')
  await expect(rows.nth(at)).toHaveAttribute('aria-current', 'true')
  await expect(callout(page, n ?? '')).toHaveClass(/is-selected/)

  // Clicking a row selects it; hovering one points at its callout.
  const last = rows.last()
  const lastCallout = (await last.locator('td').first().textContent()) ?? ''
  await last.locator('td').nth(2).click()
  await expect(last).toHaveAttribute('aria-current', 'true')
  await expect(callout(page, lastCallout)).toHaveClass(/is-selected/)
  await rows.first().hover()
  const firstCallout = (await rows.first().locator('td').first().textContent()) ?? ''
  await expect(callout(page, firstCallout)).toHaveClass(/is-hovered/)

  // Zoom and fit.
  const tools = page.getByTestId('illustration').locator('..')
  await page.getByRole('button', { name: '放大' }).click()
  await expect(tools.getByText('125%')).toBeVisible()
  await page.getByRole('button', { name: '适应窗口' }).click()
  await expect(tools.getByText('100%')).toBeVisible()
  const box = (await page.getByTestId('illustration').boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 }
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.wheel(0, -100)
  await expect(tools.getByText('125%')).toBeVisible()
  const drawing = page.getByTestId('illustration').locator('> div')
  const before = (await drawing.getAttribute('style')) ?? ''
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 40, { steps: 5 })
  await page.mouse.up()
  await expect(drawing).not.toHaveAttribute('style', before)
  await page.getByRole('button', { name: '适应窗口' }).click()
  await expect(tools.getByText('100%')).toBeVisible()

  // Enter opens the drawer of the selected part: the ten warehouses in the spec's order.
  await page.mouse.move(0, 0)
  await page.keyboard.press('Enter')
  const detail = page.getByTestId('part-detail')
  await expect(detail).toBeVisible()
  const stockRows = detail.getByTestId('stock-table').locator('tbody tr.ant-table-row')
  await expect(stockRows).toHaveCount(10)
  await expect(stockRows.locator('td:first-child')).toHaveText(WAREHOUSES.map((w) => w.name))
  await expect(detail.getByRole('columnheader', { name: '进价' })).toBeVisible()
  await expect(detail.getByRole('columnheader', { name: '销售价' })).toBeVisible()
  await expect(detail.getByTestId('fitting-models').locator('tbody tr').first()).toBeVisible()
  await screenshot(page, 'part-detail-drawer-1440')
  await page.keyboard.press('Escape')
  await expect(detail).toBeHidden()

  // Back to the tree keeps the main group; a reload keeps the illustration and the callout.
  await page.reload()
  await expect(selectedRow(page)).toHaveCount(1)
  await expect(callout(page, lastCallout)).toHaveClass(/is-selected/)
  await page.getByRole('button', { name: '返回目录' }).click()
  await expect(page).toHaveURL(/\/partsFilter\?.*main=2/)
})

test('the group tree is walked with the arrows: the groups, then the cards row by row; Enter opens one', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const { model } = await demoVin(api, 'one')
  const tree = await api<GroupTreeAnswer>('/api/epc/grouptree', { ModelId: model.ModelId })
  const secondGroupFirst = tree.groups[1]?.subs[0]?.illustrations[0]?.imageid ?? 'none'
  await signIn(page, account)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`/partsFilter?ModelId=${model.ModelId}&fromType=1`)
  const groups = page.getByRole('navigation', { name: '主组' }).getByRole('button')
  const cards = page.getByTestId('illustration-cards').locator('a')
  await expect(cards.first()).toBeVisible()

  await groups.first().focus()
  await page.keyboard.press('ArrowDown')
  await expect(groups.nth(1)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/main=2/)
  // The second group's drawings drawn (the address changes a moment before they are).
  await expect(cards.first()).toHaveAttribute('href', new RegExp(`imageid=${secondGroupFirst}&`))
  await page.keyboard.press('ArrowRight')
  await expect(cards.first()).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(cards.nth(1)).toBeFocused()
  // Down and Up step by a row, as many cards as stand side by side.
  const columns = await cards.evaluateAll(
    (all) => all.filter((c) => (c as HTMLElement).offsetTop === (all[0] as HTMLElement).offsetTop).length,
  )
  expect(await cards.count()).toBeGreaterThan(columns + 1)
  await page.keyboard.press('ArrowDown')
  await expect(cards.nth(1 + columns)).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(cards.nth(1)).toBeFocused()
  // Left from the first column goes back to the group.
  await page.keyboard.press('ArrowLeft')
  await expect(cards.first()).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(groups.nth(1)).toBeFocused()
  await page.keyboard.press('ArrowRight')
  const href = await cards.first().getAttribute('href')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(href ?? 'no href')
  await expect(page.getByTestId('illustration')).toBeVisible()
})

test('a sales-banned part shows 停售; a superseded part shows its chain in the drawer', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const { model } = await demoVin(api, 'one')
  const tree = await api<GroupTreeAnswer>('/api/epc/grouptree', { ModelId: model.ModelId })
  const imageids = tree.groups.flatMap((g) => g.subs.flatMap((s) => s.illustrations.map((i) => i.imageid)))
  // About one part in forty is banned and one in sixteen has older numbers: a few dozen look-ups find both,
  // well under the burst limit.
  let banned: { imageid: string; callout: number; disp_number: string } | undefined
  let chained: { imageid: string; callout: number; detail: PartDetailAnswer } | undefined
  for (const imageid of imageids.slice(0, 12)) {
    if (banned && chained) break
    const ill = await api<IllustrationAnswer>('/api/epc/illustration', { ModelId: model.ModelId, imageid })
    const b = ill.parts.find((p) => p.sales_banned)
    if (!banned && b) banned = { imageid, callout: b.callout, disp_number: b.disp_number }
    for (const part of chained ? [] : ill.parts) {
      const detail = await api<PartDetailAnswer>('/api/epc/partdetail', { part_number: part.part_number })
      if (detail.chain.length > 1) {
        chained = { imageid, callout: part.callout, detail }
        break
      }
    }
  }
  if (!banned || !chained) throw new Error('no sales-banned or superseded part in the first illustrations')
  await signIn(page, account)

  await page.goto(
    `/partsDetail?ModelId=${model.ModelId}&imageid=${banned.imageid}&callout=${banned.callout}&fromType=1`,
  )
  await expect(selectedRow(page)).toContainText(banned.disp_number)
  await expect(selectedRow(page)).toContainText('停售')

  const { detail } = chained
  await page.goto(
    `/partsDetail?ModelId=${model.ModelId}&imageid=${chained.imageid}&callout=${chained.callout}&fromType=1`,
  )
  await expect(selectedRow(page)).toContainText(detail.disp_number)
  await page.keyboard.press('Enter')
  const drawer = page.getByTestId('part-detail')
  const steps = drawer.getByTestId('chain-step')
  await expect(steps).toHaveCount(detail.chain.length)
  const old = detail.chain[0]
  const current = detail.chain.find((c) => c.current)
  await expect(steps.first()).toContainText(old?.disp_number ?? '')
  await expect(steps.first()).toContainText(old?.changed_on ?? '')
  await expect(steps.filter({ hasText: '当前' })).toContainText(current?.disp_number ?? '')
  await screenshot(page, 'part-detail-drawer-chain-1440')

  // A fitting model opens its own illustration with the part's callout.
  const other = detail.models.find((m) => m.ModelId !== model.ModelId)
  if (other) {
    await drawer.getByTestId('fitting-models').getByText(other.car_name).first().click()
    await expect(page).toHaveURL(
      new RegExp(`ModelId=${other.ModelId}&imageid=${other.imageid}&callout=${other.callout}`),
    )
    await expect(callout(page, other.callout)).toHaveClass(/is-selected/)
  }
})

test('a wrong check digit warns and the VIN still resolves', async ({ page, request }) => {
  const { account, api } = await accountWithApi(request)
  const { vin, model } = await demoVin(api, 'one')
  const wrong = `${vin.slice(0, 8)}${vin[8] === 'X' ? '0' : 'X'}${vin.slice(9)}`
  await signInBrowser(page, account)

  const box = page.getByLabel('车架号')
  // A symbol typed is dropped, and said to be no VIN character.
  await box.fill(`${wrong.slice(0, 5)}*`)
  await expect(box).toHaveValue(wrong.slice(0, 5))
  await expect(page.locator('.ant-message').getByText('车架号含有无效字符')).toBeVisible()
  await box.fill(wrong.toLowerCase())
  await expect(box).toHaveValue(wrong)
  await expect(page.getByTestId('check-digit-warning')).toBeVisible()
  await box.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/vinSearch\\?vin=${wrong}$`))
  const one = page.getByTestId('vin-one')
  await expect(one.getByText(model.car_name)).toBeVisible()
  await expect(one.getByText(model.engine)).toBeVisible()
  await expect(page.getByTestId('check-digit-warning')).toBeVisible()
  await screenshotWidths(page, 'vin-search')

  // The recent list now names the VIN; continuing leads to the tree.
  await expect(page.getByTestId('vin-recent').getByText(wrong)).toBeVisible()
  await one.getByRole('button', { name: '进入配件目录' }).click()
  await expect(page).toHaveURL(/\/partsFilter\?ModelId=/)
})

test('a VIN that decodes but is not in the catalogue says so', async ({ page, request }) => {
  const account = await createAccount(request)
  const draft = 'LSVZZ99Z0MA123456'
  const vin = `${draft.slice(0, 8)}${checkDigit(draft)}${draft.slice(9)}`
  await signIn(page, account)
  await page.goto(`/vinSearch?vin=${vin}`)
  const none = page.getByTestId('vin-not-found')
  await expect(none).toContainText('该车架号已解析，但目录中暂无此车型')
  await expect(none).toContainText('上汽大众')
  await expect(none).toContainText('2021')
  await expect(page.getByTestId('check-digit-warning')).toBeHidden()
  // The recent VINs say the same of it, not 多个车型.
  const recent = page.getByTestId('vin-recent').locator('li').filter({ hasText: vin })
  await expect(recent).toContainText('目录中暂无此车型')
})

test('a VIN with two characters swapped is offered the VIN meant, which Enter takes to its model', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const { vin, model } = await demoVin(api, 'one')
  // Two neighbours of the descriptor swapped: a wrong check digit, and no model.
  const { swapped, at } = swappedVin(vin)
  await signInBrowser(page, account)

  await page.getByLabel('车架号').fill(swapped)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('vin-not-found')).toBeVisible()
  const meant = page.getByTestId('vin-meant')
  await expect(meant).toContainText('校验位不符，车架号可能输错了一位，您是不是要找：')
  const offered = meant.getByRole('button').filter({ hasText: model.car_name }).filter({ hasText: vin })
  await expect(offered).toBeVisible()
  // The two characters that differ are marked.
  await expect(offered.locator('mark')).toHaveText([vin[at] as string, vin[at + 1] as string])
  await offered.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/partsFilter\\?ModelId=${model.ModelId}&vin=${vin}&fromType=1$`))
})

test('the 速腾 demo VIN offers a choice of trims', async ({ page, request }) => {
  const { account, api } = await accountWithApi(request)
  const { vin, answer, model } = await demoVin(api, 'several')
  expect(model.series_name).toBe('速腾')
  await signInBrowser(page, account)

  await page.getByLabel('车架号').fill(vin)
  await page.keyboard.press('Enter')
  const several = page.getByTestId('vin-several')
  for (const m of answer.models) await expect(several.getByText(m.car_name)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/vinSearch\\?vin=${vin}$`))
  await screenshotWidths(page, 'vin-search-several')

  const second = answer.models[1]
  if (!second) throw new Error('expected two trims')
  await several.getByText(second.car_name).click()
  await expect(page).toHaveURL(new RegExp(`/partsFilter\\?ModelId=${second.ModelId}&vin=${vin}&fromType=1$`))
  await expect(page.getByTestId('vehicle-header').getByText(second.car_name)).toBeVisible()

  // Back shows the choice again instead of bouncing forward.
  await page.goBack()
  await expect(several).toBeVisible()
})

test('the in-vehicle search finds parts by initials and by trade alias', async ({ page, request }) => {
  const { account, api } = await accountWithApi(request)
  const { model } = await demoVin(api, 'one')
  const byInitials = (
    await api<NameSearchAnswer>('/api/epc/namesearch', { ModelId: model.ModelId, Keyword: 'jylqq' })
  ).hits
  const byAlias = (
    await api<NameSearchAnswer>('/api/epc/namesearch', { ModelId: model.ModelId, Keyword: '机油格' })
  ).hits
  expect(byInitials.length).toBeGreaterThan(0)
  expect(byAlias.length).toBeGreaterThan(0)
  await signIn(page, account)

  for (const [keyword, hits, matched] of [
    ['jylqq', byInitials, '首字母'],
    ['机油格', byAlias, '俗称'],
  ] as const) {
    await page.goto(`/partsFilter?ModelId=${model.ModelId}&fromType=1`)
    const search = page.getByLabel('本车配件搜索')
    await search.fill(keyword)
    await search.press('Enter')
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(keyword)}`))
    const results = page.getByTestId('name-search-results')
    const hit = hits[0]
    if (!hit) throw new Error('no hit')
    const row = results.locator('tbody tr.ant-table-row').first()
    await expect(row).toContainText(hit.part_name_cn)
    await expect(row).toContainText(hit.disp_number)
    await expect(row).toContainText(matched)
    if (keyword === 'jylqq') await screenshotWidths(page, 'parts-filter-search')
    await row.locator('td').nth(1).click()
    await expect(page).toHaveURL(
      new RegExp(
        `/partsDetail\\?ModelId=${model.ModelId}&imageid=${hit.imageid}&callout=${hit.callout}&fromType=1$`,
      ),
    )
    await expect(callout(page, hit.callout)).toHaveClass(/is-selected/)
    await expect(selectedRow(page)).toContainText(hit.disp_number)
  }
})

test('the in-vehicle search finds a homophone typo by sound and offers 您是不是要找 for a near one', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const { model } = await demoVin(api, 'one')
  await signIn(page, account)
  await page.goto(`/partsFilter?ModelId=${model.ModelId}&fromType=1`)
  const search = page.getByLabel('本车配件搜索')
  const rows = page.getByTestId('name-search-results').locator('tbody tr.ant-table-row')

  await search.fill('刹车骗')
  await search.press('Enter')
  await expect(rows.first()).toContainText('制动片')
  await expect(rows.first()).toContainText('同音')
  await expect(rows.first()).toContainText('按 刹车片')

  await search.fill('萨车片')
  await search.press('Enter')
  const didYouMean = page.getByTestId('did-you-mean')
  await expect(didYouMean).toContainText('您是不是要找')
  await expect(page.getByText('抱歉，暂无数据')).toBeVisible()
  await didYouMean.getByRole('button', { name: '刹车片' }).click()
  await expect(page).toHaveURL(/q=%E5%88%B9%E8%BD%A6%E7%89%87/)
  await expect(search).toHaveValue('刹车片')
  await expect(rows.first()).toContainText('制动片')
  await expect(rows.first()).toContainText('俗称')
  await expect(didYouMean).toHaveCount(0)
})
