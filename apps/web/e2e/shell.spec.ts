// The app shell in Chromium against the real server: guard, sign-in screens, logout, the abnormal-account
// notice, keys, keep-alive, footer, 404, the download page, a failed page chunk, the /login weight and antd's
// motion following the system's reduced-motion setting.
import { gzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'
import {
  callApi,
  chooseUserMenu,
  createAccount,
  DEMO,
  installClock,
  runTimers,
  screenshot,
  screenshotWidths,
  signIn,
  smsCode,
  storageKeys,
} from './support'

test('a visitor is sent to /login and comes back after signing in', async ({ page, request }) => {
  const account = await createAccount(request)
  await page.goto('/user/admin')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fadmin$/)
  const header = page.getByTestId('app-header')
  await expect(header).toHaveAttribute('data-theme', 'light')
  await expect(header).toHaveCSS('position', 'fixed')
  await page.getByTestId('app-header').getByText('VIN查询').click()
  await expect(page.getByText('登陆后可以使用该功能')).toBeVisible()
  await screenshotWidths(page, 'login')

  await page.getByLabel('手机号').fill(account.mobile)
  await page.getByLabel('密码', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: /登\s*录/ }).click()
  await expect(page).toHaveURL(/\/user\/admin$/)
  await expect(page.getByRole('main').getByText(account.company)).toBeVisible()
  await expect(page).toHaveTitle('汽配EPC - 账号管理')
  await screenshotWidths(page, 'user-admin')
})

test('public pages open without login; others do not', async ({ page }) => {
  for (const [path, text] of [
    ['/datenschutz', '隐私政策'],
    ['/vereinbarung', '用户服务协议'],
    ['/ApiPage', '678'],
    ['/DownloadApp', '下载'],
    ['/register', '注册账号'],
    ['/ModifyPw', '找回密码'],
  ] as const) {
    await page.goto(path)
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expect(page.getByText(text).first()).toBeVisible()
  }
  // White and pinned on the login page only; elsewhere the logo goes to VIN search (the guard asks to sign in).
  const header = page.getByTestId('app-header')
  await expect(header).toHaveAttribute('data-theme', 'dark')
  await expect(header).not.toHaveCSS('position', 'fixed')
  await screenshotWidths(page, 'modify-password')
  await header.getByRole('button', { name: /汽配EPC/ }).click()
  await expect(page).toHaveURL(/\/login\?redirect=%2FvinSearch$/)
  await expect(header).toHaveAttribute('data-theme', 'light')
  await header.getByRole('button', { name: /汽配EPC/ }).click()
  await expect(page.getByText('登陆后可以使用该功能')).toBeVisible()
  await expect(page).toHaveURL(/\/login\?redirect=%2FvinSearch$/)
  await page.goto('/datenschutz')
  await screenshotWidths(page, 'privacy-policy')
  await page.goto('/ApiPage')
  await screenshotWidths(page, 'data-service')
  for (const path of ['/vinSearch', '/user/admin', '/no/such/page', '/404']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/login/)
  }
})

test('registers with an SMS code read from the dev route and lands signed in', async ({ page, request }) => {
  const mobile = `16${`${Date.now()}`.slice(-9)}`
  await page.goto('/register')
  await page.getByLabel('手机号').fill('1380')
  await expect(page.getByText('请输入正确的11位手机号')).toBeVisible()
  await page.getByLabel('手机号').fill(mobile)
  await page.getByLabel('密码', { exact: true }).fill('abcdef')
  await expect(page.getByText('密码为6-30位，须同时包含字母和数字，可使用常用符号')).toBeVisible()
  await page.getByLabel('密码', { exact: true }).fill('abc12345')
  await page.getByLabel('确认密码').fill('abc1234')
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible()
  await page.getByLabel('确认密码').fill('abc12345')
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled()
  await page.getByLabel('验证码', { exact: true }).fill(await smsCode(request, mobile))
  await page.getByLabel('用户名').fill('赵师傅')
  await page.getByLabel('公司名称').fill('诚信汽配商行')
  await screenshotWidths(page, 'register')
  await page.getByRole('button', { name: /注\s*册/ }).click()
  await expect(page.getByText('请阅读并同意用户服务协议和隐私政策')).toBeVisible()
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: /注\s*册/ }).click()
  await expect(page).toHaveURL(/\/vinSearch$/)
  await expect(page.getByTestId('app-header').getByText('诚信汽配商行')).toBeVisible()
  await expect(page.getByTestId('app-header').getByText(mobile)).toBeVisible()
})

test('signs in by SMS code, and shows the server message on a wrong password', async ({ page, request }) => {
  // The demo account: a fresh one got its registration code less than a minute ago (one code a minute).
  const account = { mobile: DEMO.mobile }
  await page.goto('/login')
  await page.getByLabel('手机号').fill(account.mobile)
  await page.getByLabel('密码', { exact: true }).fill('wrong999')
  await page.getByRole('button', { name: /登\s*录/ }).click()
  await expect(page.getByText('手机号或密码错误')).toBeVisible()

  await page.getByText('验证码登录').click()
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeVisible()
  await page.getByLabel('验证码', { exact: true }).fill(await smsCode(request, account.mobile))
  await page.getByRole('button', { name: /登\s*录/ }).click()
  await expect(page).toHaveURL(/\/vinSearch$/)
})

test('logout calls the server and keeps only the zoom setting', async ({ page, request }) => {
  const account = await createAccount(request)
  await signIn(page, account)
  // The hover menu and its submenu animate in; under load a first try can miss them.
  await expect(async () => {
    await page.mouse.move(700, 600)
    await page.getByTestId('user-menu').hover()
    await page.getByRole('menuitem', { name: '页面缩放' }).hover({ timeout: 3000 })
    await page.getByRole('menuitem', { name: '110%' }).click({ timeout: 3000 })
    expect(await page.evaluate(() => document.body.style.zoom)).toBe('1.1')
  }).toPass({ timeout: 30_000 })
  await page.getByTestId('app-header').getByText('VIN查询').click()
  await page.getByLabel('车架号').fill('LSVAB')
  expect(await storageKeys(page)).toEqual(expect.arrayContaining(['xmpLIF', 'xmpZoom']))

  await chooseUserMenu(page, '退出登录', /\/login$/)
  expect(await storageKeys(page)).toEqual(['xmpZoom'])
  await page.reload()
  await expect.poll(() => page.evaluate(() => document.body.style.zoom)).toBe('1.1')
})

test('the user menu opens for a pointer already over it when the account area arrives', async ({
  page,
  request,
}) => {
  const account = await createAccount(request)
  // The account area's code is held until the pointer rests where it will appear.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/HeaderAccount-[^/]*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await signIn(page, account)
  await page.getByTestId('app-header').getByText(account.mobile, { exact: true }).hover()
  release()
  await expect(page.getByTestId('user-menu')).toBeVisible()
  await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible()
})

test('menus move unless the system asks for reduced motion', async ({ page, request }) => {
  const account = await createAccount(request)
  // Records every class antd's motion gives an element while it animates in or out, from each page load on.
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { motionClasses: seen })
    const note = (node: Node) => {
      if (!(node instanceof Element)) return
      for (const el of [node, ...node.querySelectorAll('[class]')]) {
        const name = el.getAttribute('class') ?? ''
        if (/-(appear|enter|leave)-(start|active)\b/.test(name)) seen.push(name)
      }
    }
    new MutationObserver((records) => {
      for (const r of records) {
        note(r.target)
        r.addedNodes.forEach(note)
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] })
  })
  const motions = () => page.evaluate(() => (window as unknown as { motionClasses: string[] }).motionClasses)
  const openAndCloseUserMenu = async () => {
    const item = page.getByRole('menuitem', { name: '退出登录' })
    // Hovered again from outside until it opens: on a loaded machine the hover can land while the account
    // area is still being put in place.
    await expect(async () => {
      await page.mouse.move(700, 600)
      await page.getByTestId('user-menu').hover()
      await expect(item).toBeVisible({ timeout: 2000 })
    }).toPass()
    await page.mouse.move(700, 600)
    await expect(item).toBeHidden()
  }

  await page.emulateMedia({ reducedMotion: 'no-preference' })
  await signIn(page, account)
  await openAndCloseUserMenu()
  // The menu counts as shown from its first frame (opacity aside), so the pointer may leave before its enter
  // motion reaches -active on a slow machine: its start is the motion too.
  expect(await motions()).toContainEqual(expect.stringMatching(/ant-slide-up-(appear|enter)-(start|active)/))

  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.reload()
  await openAndCloseUserMenu()
  expect(await motions()).toEqual([])
})

test('a login on another device shows 账号异常 and signs out on 知道了', async ({ page, request }) => {
  const account = await createAccount(request)
  await signIn(page, account)
  const other = await callApi(request, '/api/author/login', {
    Mobile: account.mobile,
    Password: account.password,
  })
  expect(other.ResultCode).toBe('10000')

  await installClock(page)
  await page.reload()
  const notice = page.locator('.ant-notification-notice')
  await expect(notice.getByText('账号异常')).toBeVisible()
  // Over half of the 4500 ms pass at once, then time stands still: the notice waits for the user. The page's
  // time is read after the notice showed, up to seconds later on a loaded machine: the jump leaves 2 s of slack.
  const shownAt = await page.evaluate(() => Date.now())
  await page.clock.pauseAt(shownAt + 2500)
  await expect(notice.getByText('您的账号已在其他设备登录')).toBeVisible()
  await expect(page).not.toHaveURL(/\/login/)
  expect(await storageKeys(page)).toContain('xmpLIF')
  await screenshot(page, 'account-abnormal')
  await notice.getByRole('button', { name: '知道了' }).click()
  await expect(page).toHaveURL(/\/login/)
  expect(await storageKeys(page)).toEqual([])
})

test('the 账号异常 notice signs out by itself after 4500 ms', async ({ page, request }) => {
  const account = await createAccount(request)
  await signIn(page, account)
  await callApi(request, '/api/author/login', { Mobile: account.mobile, Password: account.password })
  await page.reload()
  await expect(page.getByText('您的账号已在其他设备登录')).toBeVisible()
  const shownAt = Date.now()
  await expect(page).toHaveURL(/\/login/, { timeout: 8000 })
  expect(Date.now() - shownAt).toBeGreaterThan(3500)
  expect(await storageKeys(page)).toEqual([])
})

test('F6 goes to VIN search, which presses F1 after 600 ms to focus the VIN box', async ({
  page,
  request,
}) => {
  const account = await createAccount(request)
  await installClock(page)
  await signIn(page, account)
  await page.goto('/user/admin')
  await expect(page.getByText('账号管理').first()).toBeVisible()
  await page.keyboard.press('F6')
  await expect(page).toHaveURL(/\/vinSearch$/)
  const vinBox = page.getByLabel('车架号')
  // The simulated F1 focuses the box by itself; blurring after it fired, a real F1 focuses it again.
  await expect(vinBox).toBeFocused()
  // Past the 600 ms auto-press, so that it cannot land after the blur below.
  await runTimers(page, 600)
  await page.getByRole('heading', { name: 'VIN查询' }).click()
  await expect(vinBox).not.toBeFocused()
  await page.keyboard.press('F1')
  await expect(vinBox).toBeFocused()

  // The browser's own action of each captured key is suppressed.
  const prevented = await page.evaluate(() =>
    ['Escape', 'F1', 'F2', 'F3', 'F4', 'F6', 'F7', 'F8', 'F5'].map((key) => {
      const event = new KeyboardEvent('keydown', { key, cancelable: true, bubbles: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }),
  )
  expect(prevented).toEqual([true, true, true, true, true, true, true, true, false])
})

test('the VIN box keeps what was typed across navigation (keep-alive)', async ({ page, request }) => {
  const account = await createAccount(request)
  await signIn(page, account)
  const vinBox = page.getByLabel('车架号')
  await vinBox.fill('lsvag2180e2')
  await expect(vinBox).toHaveValue('LSVAG2180E2')
  await expect(page.getByText('上汽大众').first()).toBeVisible()
  await chooseUserMenu(page, '个人中心', /\/user\/admin$/)
  await expect(vinBox).toBeHidden()
  await page.getByTestId('app-header').getByText('VIN查询').click()
  await expect(page).toHaveURL(/\/vinSearch$/)
  await expect(vinBox).toHaveValue('LSVAG2180E2')
  await expect(vinBox).toBeFocused({ timeout: 2000 })
})

test('the footer shows the customer service; 404 has a way back', async ({ page, request }) => {
  const account = await createAccount(request)
  await signIn(page, account)
  await expect(page.getByTestId('app-footer')).toContainText('周一至周六 09:00-19:00')
  await expect(page.getByTestId('app-footer')).toContainText('数据版本：8.0.2019.0606')
  await expect(page.getByTestId('app-footer')).toContainText('在线客服')
  await screenshotWidths(page, 'vin-search')
  await page.goto('/no/such/page')
  await expect(page).toHaveURL(/\/404$/)
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible()
  await screenshot(page, 'not-found')
  await page.getByRole('button', { name: '返回首页' }).click()
  await expect(page).toHaveURL(/\/vinSearch$/)
})

test('a page chunk that fails to load offers a retry instead of a white screen', async ({
  page,
  request,
}) => {
  const account = await createAccount(request)
  await signIn(page, account)
  await page.route(/AccountAdminPage-.*\.js$/, (route) => route.abort())
  await chooseUserMenu(page, '个人中心', /\/user\/admin$/)
  await expect(page.getByText('页面加载失败')).toBeVisible()
  await page.unroute(/AccountAdminPage-.*\.js$/)
  await page.getByRole('button', { name: /重\s*试/ }).click()
  await expect(page.getByText('账号管理').first()).toBeVisible()
})

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36'
const WECHAT = `${ANDROID} MicroMessenger/8.0.47.2560(0x28002F30) NetType/WIFI Language/zh_CN`

// The test build sets no VITE_IOS_APP_URL or VITE_ANDROID_APK_URL: the page must not offer a dead link
// (which app and link a configured build offers is a unit test of device.ts).
for (const [device, userAgent] of [
  ['iOS', IPHONE],
  ['Android', ANDROID],
] as const) {
  test(`the download page offers no dead link to the ${device} app`, async ({ browser }) => {
    const context = await browser.newContext({
      userAgent,
      viewport: { width: 390, height: 844 },
      isMobile: true,
    })
    const page = await context.newPage()
    await page.goto('/DownloadApp')
    await expect(page.getByRole('button', { name: '暂未上架' })).toBeDisabled()
    await expect(page.getByRole('link', { name: /下载/ })).toHaveCount(0)
    await expect(page.getByText('如果没有自动跳转，请在浏览器中打开本页面')).toBeVisible()
    await screenshot(page, `download-${device.toLowerCase()}`)
    await context.close()
  })
}

test('inside WeChat the download page does not send the user to a browser for nothing', async ({
  browser,
}) => {
  const context = await browser.newContext({ userAgent: WECHAT, viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.goto('/DownloadApp')
  await expect(page.getByRole('button', { name: '暂未上架' })).toBeDisabled()
  await expect(page.getByRole('dialog', { name: '请在浏览器中打开' })).toHaveCount(0)
  await screenshot(page, 'download-wechat')
  await context.close()
})

test('what /login downloads weighs at most 250 KB gzipped', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const bodies: Promise<Buffer>[] = []
  page.on('response', (response) => {
    if (/\.(js|css)$/.test(new URL(response.url()).pathname)) bodies.push(response.body())
  })
  await page.goto('/login', { waitUntil: 'networkidle' })
  await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible()
  const sizes = (await Promise.all(bodies)).map((body) => gzipSync(body).length)
  const totalKb = sizes.reduce((a, b) => a + b, 0) / 1024
  console.log(`/login 加载 ${sizes.length} 个文件，gzip 共 ${totalKb.toFixed(1)} KB`)
  expect(sizes.length).toBeGreaterThan(3)
  expect(totalKb).toBeLessThanOrEqual(250)
  await context.close()
})
