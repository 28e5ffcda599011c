// Browser tests: the real server (fresh SQLite database per run) serving the built web app, driven in
// Debian's Chromium headless shell (never a downloaded browser).
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { defineConfig } from '@playwright/test'
import { CJK_FONT, HEADLESS_SHELL } from '../../scripts/lib.mjs'

const root = resolve(import.meta.dirname, '../..')
const port = Number(process.env.E2E_PORT ?? 8790)
// Set once in the runner; workers inherit it, so everyone talks to the same database.
process.env.E2E_DB ??= join(tmpdir(), `epc-e2e-${Date.now()}.sqlite`)
// scrypt's cost for the server's new password hashes, and for those a test writes itself: every test
// registers and signs in, and production's 17 costs 0.7 s of CPU a hash on a slow two-core machine.
process.env.E2E_PASSWORD_HASH_COST ??= '10'
// Chromium renders and prints with this one font only (e2e/fonts.conf), whatever else the machine has: a PDF's
// text read back depends on the font (Noto CJK turned 页 into the radical ⻚).
if (!existsSync(CJK_FONT))
  throw new Error(
    `浏览器测试需要中文字体 ${CJK_FONT}：npm test 会安装，或 apt-get install fonts-wqy-microhei`,
  )
// Chromium's old headless mode, as Playwright's own downloads use: the full browser run headless rasterises
// through SwiftShader (Debian turns GPU rasterisation on), and cost the suite a fifth more CPU on two cores.
if (!existsSync(HEADLESS_SHELL))
  throw new Error(
    `浏览器测试需要 ${HEADLESS_SHELL}：npm test 会安装，或 apt-get install chromium-headless-shell`,
  )

export default defineConfig({
  testDir: './e2e',
  outputDir: join(root, 'test-results/e2e'),
  // Generous for a machine whose two cores carry the server and two browsers: a scenario of eighty steps
  // took over a minute there, and a plain fill up to five seconds. A broken screen still fails every wait.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 2,
  // The CI machine has two cores shared by the server and two browsers; hover menus that animate can miss
  // a first try there. A retried test is reported as flaky, so it stays visible.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    // The app then drops antd's motion (providers.tsx): dialogs, menus and pages are drawn once instead of
    // animated, which took over a quarter of the CPU the tests share with the server. shell.spec.ts shows both.
    reducedMotion: 'reduce',
    viewport: { width: 1440, height: 900 },
    // A failed test's retry records the trace: recording every test took two fifths of the suite's CPU.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: HEADLESS_SHELL,
      env: { ...process.env, FONTCONFIG_FILE: join(root, 'apps/web/e2e/fonts.conf') },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // The sites the tests make up with page.route (a customer's page framing an embedded catalogue, a
        // host) count as the public internet, and Chromium would refuse them any frame of the 127.0.0.1
        // server before its Content-Security-Policy is even read.
        '--disable-features=LocalNetworkAccessChecks',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx apps/server/src/server.ts',
    cwd: root,
    url: `http://127.0.0.1:${port}/login`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_PATH: process.env.E2E_DB,
      LOG_LEVEL: 'warn',
      // Registration reads its codes from GET /api/dev/smscode.
      SMS_PROVIDER: 'console',
      // Payments go to the local fake platform (/fakepay): its pages pay, its notifies reach the server.
      PAYMENT_PLATFORM: 'fake',
      // Every test registers its own account from this one address.
      SMS_PER_ADDRESS_HOUR: '100000',
      PASSWORD_HASH_COST: process.env.E2E_PASSWORD_HASH_COST,
    },
  },
})
