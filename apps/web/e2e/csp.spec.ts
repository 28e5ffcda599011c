// The Content-Security-Policy against the real app: every screen of the router, signed out and signed in,
// must load without one violation, pages and API answers must carry the policy, and a page of an origin not
// in FRAME_ANCESTORS cannot frame the app (desktop hosts load it top level).
import { expect, type Page, test } from '@playwright/test'
import { accountWithApi, demoVin, signIn } from './support'

/** Reports every violation of the page (and of every page it navigates to) into `found`. */
async function watchViolations(page: Page, found: string[]) {
  await page.exposeFunction('reportCspViolation', (line: string) => found.push(line))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation(line: string): void }).reportCspViolation
      report(
        `${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      )
    })
  })
}

/** Opens a path and waits until its chunks and calls have settled. */
async function visit(page: Page, path: string) {
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  await expect(page).toHaveTitle(/汽配EPC/)
}

test('no screen violates the Content-Security-Policy, and answers carry it', async ({ page, request }) => {
  const violations: string[] = []
  await watchViolations(page, violations)
  const unprotected: string[] = []
  page.on('response', (res) => {
    const kind = res.request().resourceType()
    if ((kind === 'document' || res.url().includes('/api/')) && !res.headers()['content-security-policy']) {
      unprotected.push(res.url())
    }
  })

  // A model of the demo catalogue, so the model browse shows its group tree, thumbnails and drawing.
  const { account, api } = await accountWithApi(request)
  const { vin, model } = await demoVin(api, 'one')

  for (const path of ['/login', '/register', '/ModifyPw']) await visit(page, path)
  await signIn(page, account)
  for (const path of [
    `/vinSearch?vin=${vin}`,
    `/partsFilter?ModelId=${model.ModelId}&fromType=1`,
    '/partsDetail',
    '/carTypeSearch',
    '/partsSearchNew',
    '/partsSearch',
    '/nameEx',
    '/smartSearch',
    '/quoteOrder',
    '/purchaseOrders',
    '/printSheet?type=1&OrderId=1&noprint=1',
    '/user/admin',
    '/ApiPage',
    '/datenschutz',
    '/vereinbarung',
    '/DownloadApp',
    '/403',
    '/404',
    '/no/such/page',
  ]) {
    await visit(page, path)
  }
  // The model's thumbnails (data: SVG images) and then a drawing (inline SVG) with its parts.
  await visit(page, `/partsFilter?ModelId=${model.ModelId}&fromType=1`)
  const cards = page.getByTestId('illustration-cards').locator('a')
  await expect(cards.first().locator('img')).toBeVisible()
  await cards.first().click()
  await expect(page).toHaveURL(/\/partsDetail\?ModelId=/)
  await expect(page.getByTestId('illustration').locator('svg')).toBeVisible()
  await page.waitForLoadState('networkidle')

  expect(violations).toEqual([])
  expect(unprotected).toEqual([])

  // The watch itself works: an inline script is refused and reported.
  await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'window.inlineRan = true'
    document.body.append(script)
  })
  await expect.poll(() => violations.length).toBe(1)
  expect(violations[0]).toContain('script-src')
  expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined()
})

test('a page of an origin not in FRAME_ANCESTORS cannot frame the app; the app itself may', async ({
  page,
  baseURL,
}) => {
  /** Opens a page of `origin` that frames the app's sign-in screen, and answers that frame. */
  const framedFrom = async (origin: string) => {
    await page.route(`${origin}/framing-host`, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><title>店端</title><iframe src="${baseURL}/login" width="800" height="600"></iframe>`,
      }),
    )
    // The load event waits for the frame, refused or not; the frame's address can come a moment later.
    await page.goto(`${origin}/framing-host`)
    const frame = page.frames().find((f) => f !== page.mainFrame())
    if (!frame) throw new Error('no frame')
    return frame
  }

  // A host or portal framing the app from an unlisted origin (frame-ancestors is 'self' by default):
  // Chromium puts its error page where the app would be.
  const refused = await framedFrom('http://desk.example.test')
  await expect.poll(() => refused.url()).toBe('chrome-error://chromewebdata/')
  await expect(refused.getByLabel('手机号')).toHaveCount(0)

  // The control: the same frame in a page of the app's own origin shows the sign-in screen.
  const allowed = await framedFrom(baseURL ?? '')
  await expect.poll(() => allowed.url()).toBe(`${baseURL}/login`)
  await expect(allowed.getByLabel('手机号')).toBeVisible()
})
