// The embedded catalogue (issue 21 point 5) in Chromium against the real server: the owner creates a key on
// the key page, sets its 嵌入来源 and claims the trial; the customer's server asks the open API for a link to
// one VIN, and the customer's page (http://erp.example.test, served by the test) frames it. In the frame: the
// VIN's group tree, an illustration with its parts and no sheet or detail buttons, still there after a
// reload; only the embedded catalogue's calls are made, and the key page counts the look-ups. A VIN of
// several trims offers the choice in the frame. A page of another site cannot frame the link, a link opens
// only once, and a revoked key ends the open frame. No step violates the Content-Security-Policy.
import { type CreatedKey, EmbedMessages } from '@epc/shared'
import {
  type APIRequestContext,
  expect,
  type Frame,
  type FrameLocator,
  type Page,
  test,
} from '@playwright/test'
import {
  type Api,
  accountWithApi,
  demoVin,
  type OpenKey,
  openPost,
  revealed,
  screenshot,
  signIn,
  watchViolations,
} from './support'

test.describe.configure({ mode: 'parallel' })

const ERP = 'http://erp.example.test'
const OTHER = 'http://other.example.test'
/** The calls an embedded catalogue may make (the server refuses any other); all but open and thumbnails charged. */
const EMBED_CALLS = [
  '/api/embed/open',
  '/api/epc/vinquery',
  '/api/epc/grouptree',
  '/api/epc/thumbnails',
  '/api/epc/illustration',
  '/api/epc/namesearch',
]
const CHARGED = ['/api/epc/vinquery', '/api/epc/grouptree', '/api/epc/illustration', '/api/epc/namesearch']

/** antd puts a space between the two characters of a two-character button label (创 建). */
const button = (scope: Pick<Page | FrameLocator, 'getByRole'>, label: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${[...label].join('\\s*')}$`) })

/** Today in Beijing, as the usage table names days. */
const beijingDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10)

interface EmbedLinkBody {
  url: string
  vin: string
  models: unknown[]
  link_expires_at: string
  session_seconds: number
  error?: { code: string }
}

/** The first demo VIN the catalogue answers with exactly one model. */
async function oneModelVin(api: Api): Promise<{ vin: string; carName: string }> {
  const { vin, model } = await demoVin(api, 'one')
  return { vin, carName: model.car_name }
}

/** The customer's server: a link for the VIN, signed with the key; the VIN has `models` models. */
async function makeLink(request: APIRequestContext, key: OpenKey, vin: string, models = 1): Promise<string> {
  const made = await openPost<EmbedLinkBody>(request, key, '/open/v1/embed/sessions', { vin })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  expect(made.body).toMatchObject({
    vin,
    models: Array.from({ length: models }, () => expect.anything()),
    session_seconds: 7200,
  })
  expect(made.body.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/embed\/[A-Za-z0-9_-]{43}$/)
  return made.body.url
}

/** A company with a live key framed by ERP and the 100-item trial, made through the API. */
async function embeddingCompany(request: APIRequestContext) {
  const { api } = await accountWithApi(request)
  const { vin } = await oneModelVin(api)
  const created = await api<CreatedKey>('/api/dataservice/keys/create', { Name: 'ERP 正式' })
  await api('/api/dataservice/keys/setembed', { KeyId: created.Key.KeyId, EmbedOrigins: [ERP] })
  await api('/api/billing/createorder', { PlanCode: 'data_items_trial' })
  const key = { appKey: created.Key.AppKey, appSecret: created.AppSecret }
  return { api, key, keyId: created.Key.KeyId, vin }
}

/** The customer's page at `origin`, framing `url` as its system would. */
async function customerPage(page: Page, origin: string, url: string) {
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><meta charset="utf-8"><title>理赔系统</title><h1>理赔系统</h1>
        <iframe src="${url}" width="1200" height="800"></iframe>`,
    }),
  )
  await page.goto(`${origin}/`)
}

const embedFrame = (page: Page): Frame | undefined => page.frames().find((f) => f.url().includes('/embed/'))

interface FrameCall {
  path: string
  code: string
}

/** Every API call the page's frames make, with its answer's ResultCode once read (`pending` till then). */
function watchFrameCalls(page: Page) {
  const calls: FrameCall[] = []
  let pending = 0
  const isFrameCall = (frame: Frame, url: string) =>
    frame !== page.mainFrame() && new URL(url).pathname.startsWith('/api/')
  page.on('request', (req) => {
    if (isFrameCall(req.frame(), req.url())) pending += 1
  })
  page.on('requestfinished', async (req) => {
    if (!isFrameCall(req.frame(), req.url())) return
    const res = await req.response()
    const body = (await res?.json().catch(() => ({}))) as { ResultCode?: string } | undefined
    calls.push({ path: new URL(req.url()).pathname, code: body?.ResultCode ?? '' })
    pending -= 1
  })
  return { calls, pending: () => pending }
}

test('a key framed by the customer’s site shows one VIN’s catalogue, reloads, and is counted', async ({
  page,
  request,
}) => {
  test.slow()
  const violations = await watchViolations(page)
  const { calls, pending } = watchFrameCalls(page)
  const { account, api } = await accountWithApi(request)
  const { vin, carName } = await oneModelVin(api)

  // The owner's key page: a key, its 嵌入来源 checked by the shared schema, then set; the trial.
  await signIn(page, account)
  await page.goto('/user/dataService')
  await page.getByRole('button', { name: '新建密钥' }).click()
  const create = page.locator('.ant-modal').filter({ hasText: '新建密钥' })
  await create.getByLabel('密钥名称').fill('ERP 嵌入')
  await button(create, '创建').click()
  const secret = page.locator('.ant-modal').filter({ hasText: '密钥已创建' })
  const key = await revealed(secret)
  await secret.getByRole('button', { name: '我已保存，关闭' }).click()
  const row = page.getByTestId('api-keys').getByRole('row', { name: new RegExp(key.appKey) })
  await expect(row).toContainText('未开启')
  await button(row, '设置嵌入来源').click()
  const origins = page.locator('.ant-modal').filter({ hasText: '设置嵌入来源' })
  await expect(origins).toContainText('留空表示不开启嵌入')
  await origins.getByLabel('嵌入来源').fill(`${ERP}/claims`)
  await button(origins, '保存').click()
  await expect(origins.getByText(/^嵌入来源不正确/)).toBeVisible()
  await origins.getByLabel('嵌入来源').fill(ERP)
  // The error line folds away once the field is right, and 保存 moves up with it: clicked after, as a user does.
  await expect(origins.getByText(/^嵌入来源不正确/)).toBeHidden()
  await button(origins, '保存').click()
  await expect(origins).toBeHidden()
  await expect(row).toContainText(ERP)
  await expect(row).not.toContainText('未开启')
  await screenshot(page, 'data-service-embed')
  await page.getByRole('link', { name: '领取试用 100 条' }).click()
  await button(page, '免费领取').click()
  await expect(page.getByText('支付成功')).toBeVisible()

  // The customer's server makes a link; its page frames it.
  const url = await makeLink(request, key, vin)
  const link = url.slice(url.lastIndexOf('/') + 1)
  await customerPage(page, ERP, url)
  const frame = page.frameLocator('iframe')
  await expect(frame.getByTestId('embed-bar')).toContainText(vin)
  await expect(frame.getByTestId('embed-bar')).toContainText('汽配EPC 提供')
  await expect(frame.getByTestId('embed-bar')).toContainText(account.company)
  await expect(frame.getByTestId('vehicle-header').getByText(carName)).toBeVisible()
  const cards = frame.getByTestId('illustration-cards').locator('a')
  await expect(cards.first().locator('img')).toBeVisible()
  await screenshot(page, 'embed-parts-filter')
  expect(embedFrame(page)?.url()).toMatch(
    new RegExp(`/embed/${link}/partsFilter\\?ModelId=[^&]+&vin=${vin}&fromType=1$`),
  )

  // An illustration: the drawing and its parts, nothing to add to a sheet, no part detail.
  await cards.first().click()
  await expect(frame.getByTestId('illustration').locator('svg')).toBeVisible()
  const rows = frame.getByTestId('illustration-parts').locator('tbody tr.ant-table-row')
  await expect(rows.first()).toBeVisible()
  expect(embedFrame(page)?.url()).toMatch(new RegExp(`/embed/${link}/partsDetail\\?`))
  await screenshot(page, 'embed-parts-detail')
  await expect(frame.getByRole('button', { name: '加入报价单/采购单' })).toHaveCount(0)
  await expect(button(frame, '详情')).toHaveCount(0)
  await rows.nth(1).dblclick()
  await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true')
  await page.keyboard.press('Enter')
  await expect(frame.getByTestId('part-detail-drawer')).toHaveCount(0)

  // Back to the tree, a search in the car's parts and a hit's illustration, all within the frame's address.
  await button(frame, '返回目录').click()
  await expect(cards.first().locator('img')).toBeVisible()
  expect(embedFrame(page)?.url()).toMatch(new RegExp(`/embed/${link}/partsFilter\\?`))
  await frame.getByLabel('本车配件搜索').fill('机油')
  await frame.getByLabel('本车配件搜索').press('Enter')
  const hits = frame.getByTestId('name-search-results').locator('tbody tr.ant-table-row')
  await hits.first().getByRole('link').click()
  await expect(rows.first()).toBeVisible()
  expect(embedFrame(page)?.url()).toMatch(new RegExp(`/embed/${link}/partsDetail\\?.*callout=`))

  // A reload of the frame: the server frames the page again, and the session is taken from the tab.
  const child = embedFrame(page)
  if (!child) throw new Error('no embed frame')
  await child.goto(child.url())
  await expect(frame.getByTestId('embed-bar')).toContainText(vin)
  await expect(frame.getByTestId('illustration').locator('svg')).toBeVisible()
  await expect(rows.first()).toBeVisible()

  // Only the embedded catalogue's calls, each answered; the link opened once.
  await expect.poll(pending).toBe(0)
  expect(calls.filter((c) => !EMBED_CALLS.includes(c.path))).toEqual([])
  expect(calls.filter((c) => c.code !== '10000')).toEqual([])
  expect(calls.filter((c) => c.path === '/api/embed/open')).toHaveLength(1)
  const charged = calls.filter((c) => CHARGED.includes(c.path)).length

  // The key page counts the frame's look-ups; the owner is still signed in.
  await page.goto('/user/dataService')
  const usage = page.getByTestId('usage-card')
  await button(usage, '刷新').click()
  const today = beijingDay(Date.now())
  const cells = usage.getByRole('row', { name: new RegExp(`${today}.*${key.appKey}`) }).locator('td')
  await expect(cells.nth(3)).toHaveText(String(charged))
  await expect(page.getByTestId('items-left')).toContainText(String(100 - charged))
  expect(violations).toEqual([])
})

test('a VIN of several trims offers the choice in the frame; Back from a trim shows it again', async ({
  page,
  request,
}) => {
  const violations = await watchViolations(page)
  const { api, key } = await embeddingCompany(request)
  const { vin, answer } = await demoVin(api, 'several')
  const url = await makeLink(request, key, vin, answer.models.length)
  const link = url.slice(url.lastIndexOf('/') + 1)
  await customerPage(page, ERP, url)
  const frame = page.frameLocator('iframe')
  await expect(frame.getByTestId('embed-bar')).toContainText(vin)
  const several = frame.getByTestId('vin-several')
  for (const m of answer.models) await expect(several.getByText(m.car_name)).toBeVisible()
  await screenshot(page, 'embed-several')

  const second = answer.models[1]
  if (!second) throw new Error('expected two trims')
  await several.getByText(second.car_name).click()
  await expect(frame.getByTestId('vehicle-header').getByText(second.car_name)).toBeVisible()
  await expect(frame.getByTestId('illustration-cards').locator('a').first()).toBeVisible()
  expect(embedFrame(page)?.url()).toMatch(
    new RegExp(`/embed/${link}/partsFilter\\?ModelId=${second.ModelId}&vin=${vin}&fromType=1$`),
  )

  // Back in the frame: the choice again, not a bounce forward, and still within the link's address.
  await embedFrame(page)?.evaluate(() => history.back())
  await expect(several).toBeVisible()
  expect(embedFrame(page)?.url()).toMatch(new RegExp(`/embed/${link}$`))
  expect(violations).toEqual([])
})

test('a site not among the key’s 嵌入来源 cannot frame the link', async ({ page, request }) => {
  const violations = await watchViolations(page)
  const { calls, pending } = watchFrameCalls(page)
  const { key, vin } = await embeddingCompany(request)
  const url = await makeLink(request, key, vin)
  const framed = page.waitForResponse((res) => res.url() === url)
  await customerPage(page, OTHER, url)
  const answer = await framed
  const policy = answer.headers()['content-security-policy'] ?? ''
  expect(policy).toMatch(/frame-ancestors [^;]*http:\/\/erp\.example\.test/)
  expect(policy).not.toContain(OTHER)
  // The browser refuses to show the page (its error page stands in the frame): no script of it runs, so the
  // link is not even opened. On a busy machine the frame may name its error page a moment after the load.
  const refused = () => page.frames().find((f) => f !== page.mainFrame())
  await expect.poll(() => refused()?.url()).toBe('chrome-error://chromewebdata/')
  await expect(page.frameLocator('iframe').getByTestId('embed-bar')).toHaveCount(0)
  expect([calls, pending()]).toEqual([[], 0])
  expect(violations).toEqual([])
})

test('a link opens only once, and a revoked key ends the open frame', async ({ page, context, request }) => {
  const violations = await watchViolations(page)
  const { api, key, keyId, vin } = await embeddingCompany(request)
  const url = await makeLink(request, key, vin)
  await customerPage(page, ERP, url)
  const frame = page.frameLocator('iframe')
  await expect(frame.getByTestId('illustration-cards').locator('a').first()).toBeVisible()

  // The same link in another tab (as another user would get it): refused, said in the frame.
  const second = await context.newPage()
  const secondViolations = await watchViolations(second)
  await customerPage(second, ERP, url)
  await expect(second.frameLocator('iframe').getByText(EmbedMessages.linkInvalid)).toBeVisible()
  await expect(second.frameLocator('iframe').getByTestId('embed-bar')).toHaveCount(0)
  await second.close()

  // The owner revokes the key: the next look-up of the open frame says the catalogue is over.
  await api('/api/dataservice/keys/revoke', { KeyId: keyId })
  await frame.getByTestId('illustration-cards').locator('a').first().click()
  await expect(frame.getByText(EmbedMessages.sessionOver)).toBeVisible()
  await screenshot(page, 'embed-session-over')
  await expect(frame.getByTestId('illustration')).toHaveCount(0)
  expect(page.url()).toBe(`${ERP}/`)
  expect(embedFrame(page)?.url()).toContain('/embed/')
  expect([...violations, ...secondViolations]).toEqual([])
})
