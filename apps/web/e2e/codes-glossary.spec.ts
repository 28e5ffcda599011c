// The free car-model browse, the part-code queries (batch and single) and the glossary in Chromium against
// the real server and demo catalogue; part numbers come from the API, never hard-coded.
import type { GroupTreeAnswer, IllustrationAnswer, LoginInfo, PartDetailAnswer } from '@epc/shared'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { callApi, createAccount, screenshotWidths, signIn, type TestAccount } from './support'

const MODEL = 'FV-SAGITAR-2019-1'
const FIFTY_ROWS_MS = 25_000

async function apiToken(request: APIRequestContext, account: TestAccount): Promise<string> {
  const login = await callApi<LoginInfo>(request, '/api/author/login', {
    Mobile: account.mobile,
    Password: account.password,
  })
  expect(login.ResultCode).toBe('10000')
  return login.value?.Token ?? ''
}

interface Sample {
  parts: { disp_number: string; part_number: string; part_name_cn: string }[]
  banned: { disp_number: string; part_number: string }
  old: { disp_number: string; current: string; current_number: string }
}

/** Distinct parts of one model, one of them not for sale, and an old number with its replacement. */
async function samplePartsOf(request: APIRequestContext, token: string): Promise<Sample> {
  const tree = await callApi<GroupTreeAnswer>(request, '/api/epc/grouptree', { ModelId: MODEL }, token)
  const imageids = (tree.value?.groups ?? []).flatMap((g) =>
    g.subs.flatMap((s) => s.illustrations.map((i) => i.imageid)),
  )
  const parts = new Map<string, IllustrationAnswer['parts'][number]>()
  for (const imageid of imageids) {
    if (parts.size >= 80 && [...parts.values()].some((p) => p.sales_banned)) break
    const ill = await callApi<IllustrationAnswer>(
      request,
      '/api/epc/illustration',
      { ModelId: MODEL, imageid },
      token,
    )
    for (const p of ill.value?.parts ?? []) parts.set(p.part_number, p)
  }
  const banned = [...parts.values()].find((p) => p.sales_banned)
  expect(banned, 'a sales-banned part in the demo model').toBeTruthy()

  // Only a part's detail names the older numbers it was issued under.
  let old: Sample['old'] | undefined
  for (const p of [...parts.values()].slice(0, 150)) {
    const detail = await callApi<PartDetailAnswer>(
      request,
      '/api/epc/partdetail',
      { part_number: p.part_number },
      token,
    )
    const older = detail.value?.chain.find((c) => !c.current)
    if (older && detail.value) {
      old = {
        disp_number: older.disp_number,
        current: detail.value.disp_number,
        current_number: p.part_number,
      }
      break
    }
  }
  expect(old, 'a superseded number in the demo model').toBeTruthy()
  return {
    parts: [...parts.values()].map((p) => ({
      disp_number: p.disp_number,
      part_number: p.part_number,
      part_name_cn: p.part_name_cn,
    })),
    banned: banned as Sample['banned'],
    old: old as Sample['old'],
  }
}

/** The batch box; the single-code box is a searchbox, and a kept-alive hidden screen is not in the way. */
const codeBox = (page: Page) => page.getByRole('textbox', { name: '配件编码' })
const resultRows = (page: Page) => page.getByTestId('parts-result').locator('tbody tr.ant-table-row')

test('car-model browse: brand, series, year, model, then the parts catalogue', async ({ page, request }) => {
  await signIn(page, await createAccount(request))
  await page
    .getByTestId('app-header')
    .getByRole('button', { name: /车型查询/ })
    .click()
  await expect(page).toHaveURL(/\/carTypeSearch$/)
  await expect(page).toHaveTitle(/车型查询/)
  const cards = page.getByTestId('brand-card')
  await expect(cards.first()).toBeVisible()
  await expect(cards.filter({ hasText: '大众（进口）' }).getByText('进口', { exact: true })).toBeVisible()
  await expect(cards.filter({ hasText: '一汽-大众' }).getByText('进口', { exact: true })).toHaveCount(0)
  await expect(
    page.getByRole('navigation', { name: '品牌首字母' }).getByRole('button', { name: 'A' }),
  ).toBeDisabled()
  await screenshotWidths(page, 'car-type-brands')

  await cards.filter({ hasText: '一汽-大众' }).click()
  await expect(page).toHaveURL(/\?brand=FV$/)
  await page.getByRole('option', { name: /速腾/ }).click()
  await page.getByRole('option', { name: '2019款' }).click()
  await expect(page).toHaveURL(/\?brand=FV&series=FV-SAGITAR&year=2019$/)
  const models = page.getByTestId('car-models')
  await expect(models.getByText('速腾 2019款 280TSI DSG 舒适型')).toBeVisible()
  await expect(models.getByText('速腾 2019款 280TSI DSG 豪华型')).toBeVisible()
  await expect(page.getByTestId('car-type-path')).toContainText('一汽-大众')
  await screenshotWidths(page, 'car-type-models')

  // A reload keeps the choices; Esc steps back one, Back returns.
  await page.reload()
  await expect(models.getByText('速腾 2019款 280TSI DSG 舒适型')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/\?brand=FV&series=FV-SAGITAR$/)
  await expect(page.getByText('请选择年款')).toBeVisible()
  await page.goBack()
  await expect(models.getByText('速腾 2019款 280TSI DSG 舒适型')).toBeVisible()

  // The header's 车型查询 returns to the models shown last.
  await page
    .getByTestId('app-header')
    .getByRole('button', { name: /VIN查询/ })
    .click()
  await expect(page).toHaveURL(/\/vinSearch$/)
  await page
    .getByTestId('app-header')
    .getByRole('button', { name: /车型查询/ })
    .click()
  await expect(page).toHaveURL(/\/carTypeSearch\?brand=FV&series=FV-SAGITAR&year=2019$/)

  await models.getByText('速腾 2019款 280TSI DSG 舒适型').click()
  await expect(page).toHaveURL(/\/partsFilter\?ModelId=FV-SAGITAR-2019-1&fromType=2$/)
  const tree = page.getByRole('navigation', { name: '主组' })
  await expect(tree.getByText('发动机', { exact: true })).toBeVisible()
  await expect(tree.getByText('制动系统', { exact: true })).toBeVisible()
  await page.getByTestId('illustration-cards').getByRole('link').first().click()
  await expect(page).toHaveURL(/\/partsDetail\?ModelId=FV-SAGITAR-2019-1&imageid=\w+&fromType=2$/)
})

test('50 pasted part codes: replacement of an old number, 停售, stock columns, detail', async ({
  page,
  request,
}) => {
  const account = await createAccount(request)
  const sample = await samplePartsOf(request, await apiToken(request, account))
  const others = sample.parts.filter(
    (p) => p.part_number !== sample.banned.part_number && p.part_number !== sample.old.current_number,
  )
  const codes = [
    sample.old.disp_number,
    ...others.slice(0, 48).map((p) => p.disp_number),
    sample.banned.disp_number,
  ]
  expect(codes).toHaveLength(50)

  await signIn(page, account)
  await page.keyboard.press('F8')
  await expect(page).toHaveURL(/\/partsSearchNew$/)
  await expect(page).toHaveTitle(/配件编码查询/)
  // One a line, and a few lines holding two codes separated by a comma, as pasted from a message.
  const text = [
    ...codes.slice(0, 40),
    ...[0, 2, 4, 6, 8].map((i) => `${codes[40 + i]}, ${codes[41 + i]}`),
  ].join('\n')
  const box = codeBox(page)
  await box.fill(text)
  await expect(page.getByTestId('codes-count')).toContainText('已输入 50 个编码')
  await box.press('Control+Enter')

  await expect(page).toHaveURL(/\/partsSearchNew\?codes=/)
  // 50 rows of 17 cells take a second to lay out here, and several times that with two browsers and the
  // server sharing this machine's two cores.
  await expect(resultRows(page)).toHaveCount(50, { timeout: FIFTY_ROWS_MS })
  const table = page.getByTestId('parts-result')
  for (const city of [
    '长春',
    '北京',
    '广州',
    '西安',
    '济南',
    '武汉',
    '新疆',
    '成都',
    '大连',
    '华东',
    '合计',
  ]) {
    await expect(table.getByRole('columnheader', { name: city, exact: true })).toBeVisible()
  }
  await expect(resultRows(page).first()).toContainText(sample.old.disp_number)
  await expect(resultRows(page).first().getByTestId('superseded-note')).toContainText(
    `旧号 ${sample.old.disp_number} 已替换为 ${sample.old.current}`,
  )
  const bannedRow = resultRows(page).last()
  await expect(bannedRow.getByText('停售', { exact: true })).toBeVisible()
  await expect(bannedRow.locator('td').nth(3)).toHaveCSS('background-color', 'rgb(255, 241, 240)')
  await expect(page.getByTestId('parts-summary')).toContainText('停售')
  await screenshotWidths(page, 'parts-search-new')

  // A reload restores the query from the URL; a part number opens the detail drawer.
  await page.reload()
  await expect(resultRows(page)).toHaveCount(50, { timeout: FIFTY_ROWS_MS })
  await expect(codeBox(page)).toHaveValue(new RegExp(sample.banned.disp_number))
  await bannedRow.getByRole('button', { name: sample.banned.disp_number }).click()
  await expect(page.getByTestId('part-detail')).toContainText(sample.banned.disp_number)
})

test('more than 50 codes: the first 50 are queried and the rest offered; several, look-alike and none', async ({
  page,
  request,
}) => {
  const account = await createAccount(request)
  const sample = await samplePartsOf(request, await apiToken(request, account))
  const codes = sample.parts.slice(0, 55).map((p) => p.part_number)
  expect(codes).toHaveLength(55)

  await signIn(page, account)
  await page.goto('/partsSearchNew')
  // Space-separated whole numbers count as separate codes.
  await codeBox(page).fill(codes.join(' '))
  await expect(page.getByTestId('codes-count')).toContainText('已输入 55 个编码')
  await expect(page.getByTestId('codes-over')).toContainText('仅查询前50个，其余5个本次不查询')
  await page
    .getByRole('main')
    .getByRole('button', { name: /^search 查\s*询$/ })
    .click()
  await expect(page.getByText('一次最多查询50个编码，已查询前50个，其余5个未查询')).toBeVisible()
  await expect(resultRows(page)).toHaveCount(50, { timeout: FIFTY_ROWS_MS })
  await page.getByRole('button', { name: '查询其余5个' }).click()
  await expect(resultRows(page)).toHaveCount(5)
  await expect(resultRows(page).first()).toContainText(codes[50] ?? '')

  // A code typed in part matching several parts offers them; choosing one queries it. Unknown codes say so.
  const old = sample.old.disp_number.replace(/\s/g, '')
  let common = 0
  while (old[common] && old[common] === sample.old.current_number[common]) common++
  const partial = old.slice(0, common)
  expect(partial.length).toBeGreaterThanOrEqual(4)
  // The box keeps the rest of the chosen code's line: a quantity pasted beside it still goes with it.
  await codeBox(page).fill(`${partial}\t3\nZZ99999999`)
  await codeBox(page).press('Control+Enter')
  await expect(resultRows(page)).toHaveCount(2)
  await expect(resultRows(page).nth(1)).toContainText('未找到该编码')
  await expect(resultRows(page).first()).toContainText(`编码 ${partial} 匹配到`)
  await resultRows(page).first().getByRole('button', { name: sample.old.current_number }).click()
  await expect(page).toHaveURL(new RegExp(`codes=${sample.old.current_number}`))
  await expect(resultRows(page).first()).toContainText(sample.old.current)
  await expect(codeBox(page)).toHaveValue(`${sample.old.current_number}\t3\nZZ99999999`)
  await expect(resultRows(page).first().getByTestId('row-quantity')).toHaveText('×3')
  // The address carries the chosen number with the quantity: a reload keeps both.
  await page.reload()
  await expect(resultRows(page).first().getByTestId('row-quantity')).toHaveText('×3')
  await expect(codeBox(page)).toHaveValue(`${sample.old.current_number}\t3\nZZ99999999`)

  // A code typed with a letter O for each zero is offered the number meant; choosing it queries it.
  const zeroed = sample.parts.find((p) => p.part_number.includes('0'))
  if (!zeroed) throw new Error('no sample part number with a 0')
  const typo = zeroed.part_number.replaceAll('0', 'O')
  await codeBox(page).fill(typo)
  await codeBox(page).press('Control+Enter')
  await expect(resultRows(page).first()).toContainText(`未找到编码 ${typo}，您是不是要找：`)
  await expect(page.getByTestId('parts-summary')).toContainText('疑似输错 1')
  await resultRows(page).first().getByRole('button', { name: zeroed.part_number }).click()
  await expect(page).toHaveURL(new RegExp(`codes=${zeroed.part_number}`))
  await expect(resultRows(page).first()).toContainText(zeroed.disp_number)

  // One slip of a key (two neighbours swapped) is offered the number meant, named so the clerk can tell.
  const swappable = sample.parts.find(
    (p) => p.part_number.length >= 8 && p.part_number[4] !== p.part_number[5],
  )
  if (!swappable) throw new Error('no sample part number to swap')
  const n = swappable.part_number
  const swapped = n.slice(0, 4) + n[5] + n[4] + n.slice(6)
  // Beside it, a prefix of many parts: the first eight are offered, and it is said that there are more.
  await codeBox(page).fill(`${swapped}\n${n.slice(0, 4)}`)
  await codeBox(page).press('Control+Enter')
  await expect(resultRows(page).nth(1)).toContainText(
    `编码 ${n.slice(0, 4)} 匹配到多个配件，以下为前 8 个，可输入更完整的编码：`,
  )
  await expect(resultRows(page).first()).toContainText(`未找到编码 ${swapped}，您是不是要找：`)
  await expect(
    resultRows(page)
      .first()
      .getByRole('button', { name: `${n} ${swappable.part_name_cn}` }),
  ).toBeVisible()

  // Rows pasted from a spreadsheet, a header first: only the codes are asked; the rest is said to be left out.
  const [a, b] = sample.parts
  if (!a || !b) throw new Error('two sample parts')
  await codeBox(page).fill(
    [
      '配件编码\t名称\t数量\t单价',
      `${a.part_number}\t${a.part_name_cn}\t2\t120.00`,
      `${b.part_number}\t${b.part_name_cn}\t1\t8.50`,
    ].join('\n'),
  )
  await expect(page.getByTestId('codes-count')).toContainText('已输入 2 个编码')
  await expect(page.getByTestId('codes-count')).toContainText('已略去名称、数量、金额 10 项')
  await codeBox(page).press('Control+Enter')
  await expect(resultRows(page)).toHaveCount(2)
  await expect(resultRows(page).nth(1)).toContainText(b.part_name_cn)

  // The single-code variant shows the same answer as a card and links back.
  await page.getByRole('link', { name: '切换到单个查询' }).click()
  await expect(page).toHaveURL(/\/partsSearch$/)
  const single = page.getByRole('searchbox', { name: '配件编码' })
  await single.fill(sample.old.disp_number)
  await single.press('Enter')
  await expect(page).toHaveURL(/\/partsSearch\?code=/)
  const card = page.getByTestId('parts-result-card')
  await expect(card.getByTestId('superseded-note')).toContainText(
    `旧号 ${sample.old.disp_number} 已替换为 ${sample.old.current}`,
  )
  await expect(card.getByRole('columnheader', { name: '华东', exact: true })).toBeVisible()
  await screenshotWidths(page, 'parts-search-single')
  await expect(page.getByRole('link', { name: '切换到批量查询' })).toBeVisible()
})

test('the glossary finds names by pinyin initials and by alias, with a count', async ({ page, request }) => {
  await signIn(page, await createAccount(request))
  await page.goto('/nameEx')
  await expect(page).toHaveTitle(/配件名称词典/)
  await expect(page.getByTestId('glossary-count')).toContainText(/共 \d+ 个通用配件名称/)
  const names = page.getByTestId('glossary-name')
  await expect(names.first()).toBeVisible()
  const all = await names.count()
  expect(all).toBeGreaterThan(600)

  const search = page.getByLabel('搜索配件名称')
  await search.fill('jylqq')
  await expect(page).toHaveURL(/\/nameEx\?q=jylqq$/)
  const oilFilter = names.filter({ has: page.locator('mark', { hasText: '机油滤清器' }) })
  await expect(oilFilter.first()).toBeVisible()
  await expect(page.getByTestId('glossary-count')).toContainText(/找到 \d+ 个配件名称/)
  expect(await names.count()).toBeLessThan(10)

  await search.fill('叶子板')
  const fender = names.filter({ has: page.getByText('翼子板', { exact: true }) })
  await expect(fender).toBeVisible()
  await expect(fender.locator('mark')).toHaveText(['叶子板'])
  await expect(fender.getByTestId('glossary-match-note')).toHaveText('按 叶子板 找到')
  await screenshotWidths(page, 'name-ex')

  // Full pinyin works too, best match first (the longer names holding it follow), and a reload keeps it.
  await search.fill('jiyoulvqingqi')
  await expect(names.first()).toContainText(/^机油滤清器单位/)
  await page.reload()
  await expect(page.getByLabel('搜索配件名称')).toHaveValue('jiyoulvqingqi')
  await expect(names.first()).toContainText(/^机油滤清器单位/)
  await search.fill('')
  await expect(names).toHaveCount(all)
})

test('a homophone typo: the glossary finds the name by sound, or offers 您是不是要找 and searches the pick', async ({
  page,
  request,
}) => {
  await signIn(page, await createAccount(request))
  await page.goto('/nameEx')
  const names = page.getByTestId('glossary-name')
  await expect(names.first()).toBeVisible()
  const search = page.getByLabel('搜索配件名称')

  // The input method's wrong character of the same sound: found, best first, and said so.
  await search.fill('火化塞')
  await expect(names.first()).toContainText('火花塞')
  await expect(names.first().getByTestId('glossary-match-note')).toHaveText('同音')
  // A workshop word and words in another order.
  await search.fill('外球笼')
  await expect(names.first()).toContainText('球笼')
  await expect(names.first().getByTestId('glossary-match-note')).toHaveText('按 外球笼 找到')
  await search.fill('灯 雾')
  await expect(names.filter({ hasText: '前雾灯' })).toBeVisible()

  // A near homophone (sa for sha) finds nothing: the nearest names are offered and one click searches one.
  await search.fill('萨车片')
  const didYouMean = page.getByTestId('did-you-mean')
  await expect(didYouMean).toContainText('您是不是要找')
  await expect(page.getByText('抱歉，暂无数据')).toBeVisible()
  await screenshotWidths(page, 'name-ex-did-you-mean')
  await didYouMean.getByRole('button', { name: '刹车片' }).click()
  await expect(search).toHaveValue('刹车片')
  await expect(page).toHaveURL(/\/nameEx\?q=%E5%88%B9%E8%BD%A6%E7%89%87$/)
  const pads = names.filter({ hasText: '前制动片' })
  await expect(pads).toBeVisible()
  await expect(pads.getByTestId('glossary-match-note')).toHaveText('按 刹车片 找到')
  await expect(didYouMean).toHaveCount(0)
})
