// What a repair-shop clerk meets when things go wrong, against the real server: the server stopped (every
// request of the page refused, as by a closed port) and back, slow answers (calls held until released, not
// fixed waits), the browser offline, a server fault or an unreadable answer, and the session ended by a
// sign-in on another device. The clerk is told in Chinese, keeps what was typed, sees nothing shown as saved
// that was not, and gets going again by themselves or with one obvious action.
import type {
  GroupTreeAnswer,
  IllustrationAnswer,
  LoginInfo,
  VinHistoryAnswer,
  VinQueryAnswer,
} from '@epc/shared'
import { type APIRequestContext, expect, type Locator, type Page, type Request, test } from '@playwright/test'
import { type Api, accountWithApi, callApi, createAccount, demoVin, installClock, signIn } from './support'

// Each test makes its own account and data: they run side by side.
test.describe.configure({ mode: 'parallel' })

const dialog = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) })
/** antd puts a space between the two characters of a two-character button label (保 存). */
const button = (scope: Locator | Page, label: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${[...label].join('\\s*')}$`) })
/** Said to the clerk: antd's message, or the plain box used while its code cannot be fetched. */
const said = (page: Page, text: string) =>
  page.locator('.ant-message, .plain-feedback').getByText(text, { exact: true }).first()
const listRows = (page: Page) => page.getByTestId('sheet-list').locator('tbody tr.ant-table-row')
const lineRows = (page: Page) => page.getByTestId('sheet-lines').locator('tbody tr.ant-table-row')
const amountCell = (row: Locator) => row.locator('td').nth(4)

/** The server stops: every request of the page is refused, its code as well as its calls. */
const serverDown = (page: Page) => page.route('**/*', (route) => route.abort('connectionrefused'))
const serverBack = (page: Page) => page.unroute('**/*')

/**
 * Holds the page's calls to `path` (all of them, or the first only) until released, and counts them: a slow
 * answer whose timing the test decides.
 */
async function hold(page: Page, path: string, firstOnly = false) {
  const requests: Request[] = []
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(`**${path}`, async (route) => {
    requests.push(route.request())
    if (!firstOnly || requests.length === 1) await released
    await route.continue()
  })
  return { requests, release }
}

/** Releases held calls and waits until the page has had the first one's answer. */
async function lateAnswer(page: Page, calls: Awaited<ReturnType<typeof hold>>) {
  const first = calls.requests[0]
  if (!first) throw new Error('no call held')
  calls.release()
  await (await first.response())?.finished()
  await settle(page)
}

/** Lets the page act on what it has received: a task and two frames. */
const settle = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((done) =>
        setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
      ),
  )

/** A fresh account with one quotation of one line (¥50.00), and a one-model VIN. */
async function quotationWithLine(api: Api) {
  const { vin, model } = await demoVin(api, 'one')
  const orderId = await api<string>('/api/epc/createquoteordermaster', { VIN: vin, carNo: '京A12345' })
  await api('/api/epc/createquoteorderdetail', {
    OrderId: orderId,
    part_number: 'FM-0001',
    part_name: '机油滤清器',
    Amount: 1,
    sale_prices: 50,
  })
  return { vin, model, orderId }
}

/** Two demo VINs the catalogue answers with one model each (an answer that goes on to the group tree). */
async function oneModelVins(api: Api): Promise<[string, string]> {
  const history = await api<VinHistoryAnswer>('/api/epc/vinhistory', {})
  const found: string[] = []
  for (const demo of history.demo) {
    const answer = await api<VinQueryAnswer>('/api/epc/vinquery', { VIN: demo.vin })
    if (answer.status === 'one' && answer.decode.checkDigitValid !== false && !found.includes(demo.vin))
      found.push(demo.vin)
    const [a, b] = found
    if (a && b) return [a, b]
  }
  throw new Error('fewer than two one-model demo VINs')
}

/** Part numbers of the model's first illustration. */
async function partNumbers(api: Api, modelId: string): Promise<string[]> {
  const tree = await api<GroupTreeAnswer>('/api/epc/grouptree', { ModelId: modelId })
  const imageid = tree.groups[0]?.subs[0]?.illustrations[0]?.imageid
  const drawing = await api<IllustrationAnswer>('/api/epc/illustration', { ModelId: modelId, imageid })
  return [...new Set(drawing.parts.map((p) => p.disp_number))]
}

async function openQuotation(page: Page, orderId: string) {
  await page.goto('/quoteOrder')
  await listRows(page).filter({ hasText: orderId }).click()
  await expect(lineRows(page)).toHaveCount(1)
}

/** A new account signed in, on its quotation of one line. */
async function onQuotationWithLine(page: Page, request: APIRequestContext) {
  const { account, api } = await accountWithApi(request)
  const quotation = await quotationWithLine(api)
  await signIn(page, account)
  await openQuotation(page, quotation.orderId)
  return quotation
}

test('the server stops on the VIN and part-code pages: told, input kept, one click once it is back', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const { vin, model } = await demoVin(api, 'one')
  const [code] = await partNumbers(api, model.ModelId)
  if (!code) throw new Error('part')
  await signIn(page, account)
  await page.goto('/vinSearch')
  await expect(page.getByTestId('vin-demo')).toBeVisible()

  // The first thing said may be that the server cannot be reached: the page stays (it went blank when the
  // message's own code could not be fetched), the VIN stays in the box, and the answer says it failed.
  await page.getByLabel('车架号').fill(vin)
  await serverDown(page)
  await page.getByLabel('车架号').press('Enter')
  await expect(said(page, '网络异常，请稍后重试')).toBeVisible()
  const failed = page.getByTestId('vin-answer').getByTestId('load-failed')
  await expect(failed).toContainText('查询失败，请检查网络后重试')
  await expect(page.getByLabel('车架号')).toHaveValue(vin)
  await serverBack(page)
  await failed.getByRole('button', { name: '重新查询' }).click()
  await expect(page).toHaveURL(new RegExp(`/partsFilter\\?ModelId=${model.ModelId}&vin=${vin}`))
  await expect(page.getByTestId('vehicle-header')).toContainText(model.car_name)

  // The part-code page the same way: the codes stay in the box, 重新查询 answers them.
  await page.goto('/partsSearchNew')
  await page.getByLabel('配件编码').fill(code)
  await serverDown(page)
  await page
    .getByRole('button', { name: /查\s*询/ })
    .and(page.locator('.ant-btn-primary'))
    .click()
  await expect(said(page, '网络异常，请稍后重试')).toBeVisible()
  await expect(page.getByTestId('load-failed')).toContainText('查询失败，请检查网络后重试')
  await expect(page.getByLabel('配件编码')).toHaveValue(code)
  await serverBack(page)
  await page.getByTestId('load-failed').getByRole('button', { name: '重新查询' }).click()
  await expect(page.getByTestId('parts-summary')).toContainText('找到 1')
  await expect(page.locator('.ant-table-row').first()).toContainText(code)
})

test('the server stops while a quotation line is edited: the edit stays, nothing shown saved, saved once back', async ({
  page,
  request,
}) => {
  await onQuotationWithLine(page, request)

  await button(lineRows(page).first(), '修改').click()
  const edit = dialog(page, '修改配件 FM-0001')
  await edit.getByLabel('数量').fill('4')
  await edit.getByLabel('配件名称').fill('机油滤清器（原厂）')
  await serverDown(page)
  await button(edit, '保存').click()
  await expect(said(page, '修改失败！')).toBeVisible()
  await expect(edit.getByLabel('数量')).toHaveValue('4')
  await expect(edit.getByLabel('配件名称')).toHaveValue('机油滤清器（原厂）')
  await expect(amountCell(lineRows(page).first())).toHaveText('1')
  await expect(page.getByTestId('sheet-total')).toHaveText('¥50.00')

  await serverBack(page)
  await button(edit, '保存').click()
  await expect(said(page, '修改成功！')).toBeVisible()
  await expect(edit).toBeHidden()
  await expect(amountCell(lineRows(page).first())).toHaveText('4')
  await expect(page.getByTestId('sheet-total')).toHaveText('¥200.00')
})

test('lines that could not be read are not shown as an empty sheet, and load again', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const { orderId } = await quotationWithLine(api)
  await signIn(page, account)
  await page.route('**/api/epc/queryquoteorderdetail', (route) => route.abort('connectionrefused'))
  await page.goto('/quoteOrder')
  await listRows(page).filter({ hasText: orderId }).click()
  await expect(said(page, '网络异常，请稍后重试')).toBeVisible()
  // The sheet's total says ¥50.00: its lines must not read 暂无配件 (the clerk would add them again).
  const lines = page.getByTestId('sheet-lines')
  await expect(lines.getByTestId('load-failed')).toContainText('配件明细加载失败')
  await expect(lines).not.toContainText('暂无配件')
  // Nor does 导出Excel say the sheet has no parts.
  await page.getByTestId('export-excel').click()
  await expect(said(page, '配件明细加载失败，请重新加载后再导出')).toBeVisible()
  await expect(said(page, '导出失败，该报价单暂无配件信息')).toHaveCount(0)
  await page.unroute('**/api/epc/queryquoteorderdetail')
  await lines.getByRole('button', { name: '重新加载' }).click()
  await expect(lineRows(page)).toHaveCount(1)
  await expect(lineRows(page).first()).toContainText('FM-0001')
})

test('a sheet list that could not be read still shows the selected sheet and its lines', async ({
  page,
  request,
}) => {
  const { orderId } = await onQuotationWithLine(page, request)
  // The next list read fails (its two retries too); the selection is looked up by its number after it.
  let refused = 0
  await page.route('**/api/epc/queryquoteorder', (route) =>
    refused++ < 3 ? route.abort('connectionrefused') : route.continue(),
  )
  await page.reload()
  await expect(page.getByTestId('sheet-list').getByRole('button', { name: '重新加载' })).toBeVisible()
  await expect(page.getByTestId('sheet-detail')).toContainText(orderId)
  await expect(lineRows(page)).toHaveCount(1)
  await expect(lineRows(page).first()).toContainText('FM-0001')
})

test('reads the clerk did not ask for (unread badge, rights) fail quietly while the server is away', async ({
  page,
  request,
}) => {
  const account = await createAccount(request)
  await installClock(page)
  await signIn(page, account)
  await expect(page.getByRole('heading', { name: 'VIN查询' })).toBeVisible()
  const failures = { unread: 0, rights: 0 }
  page.on('requestfailed', (r) => {
    if (r.url().endsWith('/api/usercenter/unreadcount')) failures.unread += 1
    if (r.url().endsWith('/api/usercenter/myrights')) failures.rights += 1
  })
  await page.route(/\/api\/usercenter\/(unreadcount|myrights)$/, (route) => route.abort('connectionrefused'))
  // A minute passes: the badge (every 30 s) and the rights (every 60 s) are read, and retried, in vain.
  await page.clock.runFor(60_000)
  await expect
    .poll(async () => {
      if (failures.unread < 3 || failures.rights < 3) await page.clock.runFor(1000)
      return Math.min(failures.unread, failures.rights)
    })
    .toBeGreaterThanOrEqual(3)
  // Something the clerk does is said; the polls' failures, said before it if at all, were not. Counted at
  // once: a retrying assertion would wait for a message said to close by itself.
  await page.getByLabel('车架号').fill('X')
  await page.getByLabel('车架号').press('Enter')
  await expect(said(page, '请输入17位车架号')).toBeVisible()
  expect(await page.getByText('网络异常，请稍后重试').count()).toBe(0)
})

test('offline: a save says it failed at once and works once back; a failed look-up answers by itself', async ({
  page,
  context,
  request,
}) => {
  const { vin, model } = await onQuotationWithLine(page, request)

  await button(lineRows(page).first(), '修改').click()
  const edit = dialog(page, '修改配件 FM-0001')
  await edit.getByLabel('数量').fill('3')
  await context.setOffline(true)
  // Not a spinner without a word until the network is back (and then a save the clerk may have given up on).
  await button(edit, '保存').click()
  await expect(said(page, '修改失败！')).toBeVisible()
  await expect(button(edit, '保存')).not.toHaveClass(/ant-btn-loading/)
  await expect(edit.getByLabel('数量')).toHaveValue('3')
  await expect(amountCell(lineRows(page).first())).toHaveText('1')
  await context.setOffline(false)
  await button(edit, '保存').click()
  await expect(said(page, '修改成功！')).toBeVisible()
  await expect(amountCell(lineRows(page).first())).toHaveText('3')

  // A VIN asked while offline fails at once and is answered by itself when the network is back.
  await page.goto('/vinSearch')
  await expect(page.getByTestId('vin-demo')).toBeVisible()
  await page.getByLabel('车架号').fill(vin)
  await context.setOffline(true)
  await page.getByLabel('车架号').press('Enter')
  await expect(page.getByTestId('vin-answer').getByTestId('load-failed')).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByTestId('vin-answer')).toContainText(model?.car_name ?? '')
  await expect(page.getByTestId('vin-answer').getByTestId('load-failed')).toHaveCount(0)
})

test('a slow answer: Enter twice and a double click make one quotation', async ({ page, request }) => {
  const { account, api } = await accountWithApi(request)
  const { vin } = await demoVin(api, 'one')
  await signIn(page, account)
  await page.goto('/quoteOrder')
  await expect(page.getByText('共有 0 条记录').first()).toBeVisible()
  const create = await hold(page, '/api/epc/createquoteordermaster')

  await page.getByRole('button', { name: '新建报价单' }).first().click()
  const form = dialog(page, '新建报价单')
  await form.getByLabel('车架号').fill(vin)
  await form.getByLabel('车牌号').fill('京A66666')
  await form.getByLabel('车牌号').press('Enter')
  await form.getByLabel('车牌号').press('Enter')
  const ok = form.getByRole('button', { name: '创建报价单' })
  await expect(ok).toHaveClass(/ant-btn-loading/)
  await ok.dblclick({ force: true })
  await expect.poll(() => create.requests.length).toBe(1)
  create.release()
  await expect(said(page, '创建报价单成功！')).toBeVisible()
  await expect(form).toBeHidden()
  await expect(listRows(page)).toHaveCount(1)
  await expect(page.getByText('共有 1 条记录').first()).toBeVisible()
  expect(create.requests).toHaveLength(1)
})

test('a slow answer: a double click or Enter twice adds one line and saves a change once', async ({
  page,
  request,
}) => {
  await onQuotationWithLine(page, request)
  const addCalls = await hold(page, '/api/epc/createquoteorderdetail')

  await page.keyboard.press('F2')
  const add = dialog(page, '添加配件')
  await add.getByLabel('配件编码').fill('FM-0002')
  await add.getByLabel('配件名称').fill('空气滤清器')
  await add.getByLabel('销售价').fill('35')
  await button(add, '添加').dblclick()
  await add.getByLabel('数量').press('Enter')
  await expect(button(add, '添加')).toHaveClass(/ant-btn-loading/)
  await expect.poll(() => addCalls.requests.length).toBe(1)
  addCalls.release()
  await expect(said(page, '添加成功！')).toBeVisible()
  await expect(add).toBeHidden()
  await expect(lineRows(page)).toHaveCount(2)
  await expect(page.getByTestId('sheet-total')).toHaveText('¥85.00')
  // The second click was not sent: no 该配件编码已添加 question either.
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0)
  expect(addCalls.requests).toHaveLength(1)

  const updates = await hold(page, '/api/epc/updatequoteorderdetail')
  await button(lineRows(page).nth(1), '修改').click()
  const edit = dialog(page, '修改配件 FM-0002')
  await edit.getByLabel('数量').fill('2')
  await edit.getByLabel('数量').press('Enter')
  await edit.getByLabel('数量').press('Enter')
  await expect(button(edit, '保存')).toHaveClass(/ant-btn-loading/)
  updates.release()
  await expect(said(page, '修改成功！')).toBeVisible()
  await expect(page.getByTestId('sheet-total')).toHaveText('¥120.00')
  expect(updates.requests).toHaveLength(1)
})

test('a slow VIN answer: the VIN asked next is answered, the late one takes the clerk nowhere', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const [first, second] = await oneModelVins(api)
  const several = await demoVin(api, 'several')
  await signIn(page, account)
  await page.goto('/vinSearch')
  await expect(page.getByTestId('vin-demo')).toBeVisible()
  const box = page.getByLabel('车架号')
  const busy = page.locator('.ant-input-search .ant-btn-loading')

  // Another VIN asked while the first is slow is asked (Enter was ignored while the box showed busy), and
  // the first answer, arriving late, does not take the clerk to its model.
  let calls = await hold(page, '/api/epc/vinquery', true)
  await box.fill(first)
  await box.press('Enter')
  await expect(busy).toBeVisible()
  await box.fill(several.vin)
  await box.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/vinSearch\\?vin=${several.vin}$`))
  await expect(page.getByTestId('vin-answer')).toContainText('请选择')
  await expect(page.getByTestId('vin-answer')).toContainText(several.model.car_name)
  await lateAnswer(page, calls)
  await expect(page).toHaveURL(new RegExp(`/vinSearch\\?vin=${several.vin}$`))
  await expect(box).toHaveValue(several.vin)

  // Nor while the clerk is typing over it: the answer shows, the page stays with what is typed.
  await page.unroute('**/api/epc/vinquery')
  calls = await hold(page, '/api/epc/vinquery', true)
  await box.fill(second)
  await box.press('Enter')
  await expect(busy).toBeVisible()
  await box.fill(first.slice(0, 9))
  await lateAnswer(page, calls)
  await expect(page).toHaveURL(new RegExp(`/vinSearch\\?vin=${second}$`))
  await expect(page.getByTestId('vin-answer')).toContainText('进入配件目录')
  await expect(box).toHaveValue(first.slice(0, 9))
})

test('a slow part-code answer: other codes asked meanwhile are answered and stay on screen', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const { model } = await demoVin(api, 'one')
  const [older, newer] = await partNumbers(api, model.ModelId)
  if (!older || !newer) throw new Error('parts')
  await signIn(page, account)
  await page.goto('/partsSearchNew')
  const calls = await hold(page, '/api/epc/partsquery', true)
  const run = page.getByRole('button', { name: /查\s*询/ }).and(page.locator('.ant-btn-primary'))
  const box = page.getByLabel('配件编码')
  const rows = page.locator('.ant-table-row')

  await box.fill(older)
  await run.click()
  await expect(run).toHaveClass(/ant-btn-loading/)
  await box.fill(newer)
  await run.click()
  await expect(page).toHaveURL(/codes=/)
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(newer)

  await lateAnswer(page, calls)
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(newer)
  await expect(box).toHaveValue(newer)
})

test('a look-up refused at once is asked once and said once (VIN, part codes)', async ({ page, request }) => {
  const { account, api } = await accountWithApi(request)
  const { vin } = await demoVin(api, 'one')
  await signIn(page, account)
  const fault = JSON.stringify({ ResultCode: '50000', ResultMsg: '服务器繁忙，请稍后再试' })
  // Answered at once, before the page has drawn the address the look-up put in the URL.
  const refuse = async (path: string) => {
    const requests: Request[] = []
    await page.route(`**${path}`, (route) => {
      requests.push(route.request())
      return route.fulfill({ status: 500, contentType: 'application/json', body: fault })
    })
    return requests
  }
  // Said once: the message comes when its host has loaded, and goes after 3 s.
  const saidOnce = async () => {
    const message = page.locator('.ant-message, .plain-feedback').getByText('服务器繁忙，请稍后再试')
    await expect(message).toHaveCount(1)
    await settle(page)
    expect(await message.count()).toBeLessThanOrEqual(1)
  }

  await page.goto('/vinSearch')
  const vinCalls = await refuse('/api/epc/vinquery')
  await page.getByLabel('车架号').fill(vin)
  await page.getByLabel('车架号').press('Enter')
  await expect(page.getByTestId('vin-answer').getByTestId('load-failed')).toBeVisible()
  await saidOnce()
  expect(vinCalls).toHaveLength(1)

  await page.goto('/partsSearchNew')
  const partCalls = await refuse('/api/epc/partsquery')
  await page.getByLabel('配件编码').fill('FM-0003')
  await page.getByLabel('配件编码').press('Control+Enter')
  await expect(page).toHaveURL(/codes=FM-0003/)
  await expect(page.getByTestId('load-failed')).toBeVisible()
  await saidOnce()
  expect(partCalls).toHaveLength(1)
  // 重新加载 asks again.
  await page.getByTestId('load-failed').getByRole('button').click()
  await expect.poll(() => partCalls.length).toBe(2)
})

test('a server fault or an unreadable answer: said in Chinese, nothing half-done, the next try works', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const { vin, model, orderId } = await quotationWithLine(api)
  await signIn(page, account)
  const fault = JSON.stringify({ ResultCode: '50000', ResultMsg: '服务器繁忙，请稍后再试' })
  const answer500 = { status: 500, contentType: 'application/json', body: fault }
  // A proxy's page instead of the API's answer: the client retries it, then gives up.
  const gateway = { status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' }

  // A catalogue call.
  await page.goto('/vinSearch')
  await page.getByLabel('车架号').fill(vin)
  await page.route('**/api/epc/vinquery', (route) => route.fulfill(answer500))
  await page.getByLabel('车架号').press('Enter')
  await expect(said(page, '服务器繁忙，请稍后再试')).toBeVisible()
  const failed = page.getByTestId('vin-answer').getByTestId('load-failed')
  await expect(failed).toBeVisible()
  await page.unroute('**/api/epc/vinquery')
  await failed.getByRole('button', { name: '重新查询' }).click()
  await expect(page.getByTestId('vehicle-header')).toContainText(model?.car_name ?? '')

  // A sheet change answered unreadably, then by a fault: the dialog keeps the values, no line appears.
  await openQuotation(page, orderId)
  await page.route('**/api/epc/createquoteorderdetail', (route) => route.fulfill(gateway))
  await page.keyboard.press('F2')
  const add = dialog(page, '添加配件')
  await add.getByLabel('配件编码').fill('FM-0003')
  await add.getByLabel('配件名称').fill('火花塞')
  await add.getByLabel('销售价').fill('20')
  await button(add, '添加').click()
  await expect(said(page, '添加失败！')).toBeVisible()
  await expect(add.getByLabel('配件编码')).toHaveValue('FM-0003')
  await expect(lineRows(page)).toHaveCount(1)
  await page.route('**/api/epc/createquoteorderdetail', (route) => route.fulfill(answer500))
  await button(add, '添加').click()
  await expect(said(page, '服务器繁忙，请稍后再试')).toBeVisible()
  await expect(add).toBeVisible()
  await expect(lineRows(page)).toHaveCount(1)
  await expect(page.getByTestId('sheet-total')).toHaveText('¥50.00')
  await page.unroute('**/api/epc/createquoteorderdetail')
  await button(add, '添加').click()
  await expect(said(page, '添加成功！')).toBeVisible()
  await expect(lineRows(page)).toHaveCount(2)
  await expect(page.getByTestId('sheet-total')).toHaveText('¥70.00')
})

test('signed in on another device while editing a quotation: told, signs in again, back on that quotation', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithApi(request)
  const { vin, orderId } = await quotationWithLine(api)
  // A newer one above it in the list: coming back must mean that quotation, not the first row.
  await api('/api/epc/createquoteordermaster', { VIN: vin, carNo: '京B00001' })
  await signIn(page, account)
  await openQuotation(page, orderId)
  await button(lineRows(page).first(), '修改').click()
  await dialog(page, '修改配件 FM-0001').getByLabel('数量').fill('5')

  const other = await callApi<LoginInfo>(request, '/api/author/login', {
    Mobile: account.mobile,
    Password: account.password,
  })
  expect(other.ResultCode).toBe('10000')
  await button(dialog(page, '修改配件 FM-0001'), '保存').click()
  const notice = page.locator('.ant-notification-notice').filter({ hasText: '账号异常' })
  await expect(notice).toContainText('您的账号已在其他设备登录')
  await notice.getByRole('button', { name: '知道了' }).click()
  await expect(page).toHaveURL(/\/login\?redirect=/)

  await page.getByLabel('手机号').fill(account.mobile)
  await page.getByLabel('密码', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: /登\s*录/ }).click()
  await expect(page).toHaveURL(/\/quoteOrder/)
  await expect(page.getByTestId('sheet-detail')).toContainText(orderId)
  await expect(listRows(page).filter({ hasText: orderId })).toHaveAttribute('aria-selected', 'true')
  await expect(lineRows(page)).toHaveCount(1)
  // The change was refused, not half-made; made again now it goes through.
  await expect(amountCell(lineRows(page).first())).toHaveText('1')
  await button(lineRows(page).first(), '修改').click()
  await dialog(page, '修改配件 FM-0001').getByLabel('数量').fill('5')
  await button(dialog(page, '修改配件 FM-0001'), '保存').click()
  await expect(said(page, '修改成功！')).toBeVisible()
  await expect(amountCell(lineRows(page).first())).toHaveText('5')
})
