// `npm run host:sim -- [选项]`: opens the product the way a dealer's desktop host does: top level, the three
// stock objects injected before the app starts, answering from the fixture of both makers. The product must
// be running (npm start). Switches make the host slow, failing or malformed, also at run time from the
// browser console: __hostSim.set({ fail: 'code' }).
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { hostFixture } from './fixture'
import { DEFAULT_HOST_SIM, type HostSimOptions, hostInitScript } from './install'

const USAGE = `用法：npm run host:sim -- [选项]
  --url <地址>          产品地址，默认 http://localhost:8080（或环境变量 EPC_URL）
  --style <方式>        globals（默认，全局对象）| webview2（chrome.webview.hostObjects）| cefsharp（CefSharp.BindObjectAsync）
  --maker <厂家>        8021（默认）| 8002 | both（两者都有时页面用 8021）
  --no-vin              不提供 getstock0401（车架号带出车牌、车型）
  --query               全局对象为带 query 方法的对象（默认为函数）
  --object              以对象作答（默认为 JSON 文本）
  --sync                全局对象同步作答
  --rows                8002 以 rows 作答（默认 records）
  --slow <毫秒>         每次延迟作答
  --fail <方式>         code（返回 code 500）| throw（抛出异常）| hang（永不作答，页面 5 秒后放弃）
  --malformed           返回残缺的 JSON
  --smoke               无界面运行：打开产品、查一个配件、打印结果后退出
浏览器控制台里可随时切换：__hostSim.set({ fail: 'code' })、__hostSim.set({ delayMs: 3000 })；__hostSim.calls 是全部调用。`

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    style: { type: 'string' },
    maker: { type: 'string' },
    'no-vin': { type: 'boolean' },
    query: { type: 'boolean' },
    object: { type: 'boolean' },
    sync: { type: 'boolean' },
    rows: { type: 'boolean' },
    slow: { type: 'string' },
    fail: { type: 'string' },
    malformed: { type: 'boolean' },
    smoke: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
})

function oneOf<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback
  if ((allowed as readonly string[]).includes(value)) return value as T
  console.error(`--${name} 只能是 ${allowed.join('、')}\n\n${USAGE}`)
  process.exit(2)
}

if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
const delayMs = Number(values.slow ?? 0)
if (!Number.isInteger(delayMs) || delayMs < 0) {
  console.error(`--slow 应为毫秒数\n\n${USAGE}`)
  process.exit(2)
}
const options: HostSimOptions = {
  ...DEFAULT_HOST_SIM,
  style: oneOf('style', values.style, ['globals', 'webview2', 'cefsharp'] as const, 'globals'),
  maker: oneOf('maker', values.maker, ['8021', '8002', 'both'] as const, '8021'),
  vin: !values['no-vin'],
  shape: values.query ? 'query' : 'function',
  answer: values.object ? 'object' : 'text',
  sync: Boolean(values.sync),
  rows: Boolean(values.rows),
  delayMs,
  fail: oneOf('fail', values.fail, ['none', 'code', 'throw', 'hang'] as const, 'none'),
  malformed: Boolean(values.malformed),
}
const url = values.url ?? process.env.EPC_URL ?? 'http://localhost:8080'
const fixture = hostFixture()

const browser = await chromium.launch({
  // The machine's Chromium, as the browser tests use; Playwright's own when there is none.
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  headless: Boolean(values.smoke),
  args: ['--no-first-run', '--disable-background-networking'],
})
const context = await browser.newContext({ locale: 'zh-CN', viewport: values.smoke ? undefined : null })
await context.addInitScript({ content: hostInitScript({ fixture, options }) })
const page = await context.newPage()
try {
  await page.goto(url)
} catch (error) {
  console.error(
    `打不开 ${url}：${(error as Error).message.split('\n')[0]}\n先用 npm start 启动产品，或用 --url 指定地址。`,
  )
  await browser.close()
  process.exit(1)
}

const sample = Object.values(fixture.parts)[0]?.upper
console.log(
  `模拟店端已注入（${options.style}，${options.maker}${options.vin ? ' + 0401' : ''}）：${Object.keys(fixture.parts).length} 个配件，${Object.keys(fixture.vins).length} 个车架号。`,
)
console.log(`试查：${sample?.PART_NO}（${sample?.PART_NAME}），或演示车架号 ${Object.keys(fixture.vins)[0]}`)

if (values.smoke) {
  const name = options.maker === '8002' ? 'getstock8002' : 'getstock8021'
  const answer = await page.evaluate(
    async ({ name, number, style }) => {
      const w = window as unknown as Record<string, unknown> & {
        chrome?: { webview?: { hostObjects: Record<string, unknown> } }
        CefSharp?: { BindObjectAsync(...names: string[]): Promise<unknown> }
      }
      if (style === 'cefsharp') await w.CefSharp?.BindObjectAsync(name)
      const object = style === 'webview2' ? w.chrome?.webview?.hostObjects[name] : w[name]
      const call =
        typeof object === 'function' ? object : (object as { query: (...a: unknown[]) => unknown }).query
      return Promise.race([
        call(number, 'FV'),
        new Promise((done) => setTimeout(() => done('（5 秒内无应答）'), 5000)),
      ])
    },
    { name, number: sample?.PART_NO ?? '', style: options.style },
  )
  console.log(`${name} 的应答：`, typeof answer === 'string' ? answer : JSON.stringify(answer))
  console.log(`页面标题：${await page.title()}`)
  await browser.close()
} else {
  console.log('关闭浏览器窗口即退出。')
  await new Promise<void>((done) => browser.on('disconnected', () => done()))
}
