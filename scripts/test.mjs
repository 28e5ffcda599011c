// `npm test`: installs what the tests need (Chromium's headless shell, from Debian's packages), finds the
// machine's PostgreSQL and Redis, then runs lint, type checks, every Vitest project and the Playwright browser
// tests.
import { existsSync, readdirSync } from 'node:fs'
import { connect } from 'node:net'
import { userInfo } from 'node:os'
import { join } from 'node:path'
import { freePort } from './free-port.mjs'
import {
  buildWeb,
  CJK_FONT,
  ensureDebianPackages,
  ensureInstalled,
  HEADLESS_SHELL,
  ROOT,
  run,
  say,
} from './lib.mjs'

/** Answers whether something accepts TCP connections there, and for Redis whether it says PONG. */
function probe(port, hello) {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 2000 })
    const finish = (ok) => {
      socket.destroy()
      done(ok)
    }
    socket.once('connect', () => {
      if (!hello) return finish(true)
      socket.write(hello)
    })
    socket.once('data', (chunk) => finish(chunk.toString().startsWith('+PONG')))
    socket.once('timeout', () => finish(false))
    socket.once('error', () => finish(false))
  })
}

await ensureInstalled()
// The browser tests' Chromium and its one font, so screens and printed PDFs read the same on every machine.
await ensureDebianPackages({
  [HEADLESS_SHELL]: 'chromium-headless-shell',
  [CJK_FONT]: 'fonts-wqy-microhei',
})

const env = { ...process.env }
if (!env.TEST_DATABASE_URL) {
  if (await probe(5432)) env.TEST_DATABASE_URL = `postgres://${userInfo().username}@127.0.0.1:5432/test`
  else
    console.log(
      '\n!! PostgreSQL (127.0.0.1:5432) 未响应：本次跳过 PostgreSQL 上的服务端集成测试，只在 SQLite 上运行。',
    )
}
if (!env.TEST_REDIS_URL) {
  if (await probe(6379, 'PING\r\n')) env.TEST_REDIS_URL = 'redis://127.0.0.1:6379'
  else console.log('\n!! Redis (127.0.0.1:6379) 未响应：本次跳过双进程共享 Redis 的测试。')
}
if (env.TEST_DATABASE_URL) console.log(`\nPostgreSQL 测试库: ${env.TEST_DATABASE_URL}`)

say('代码检查 (biome)')
await run('npm', ['run', 'lint'])
say('类型检查 (tsc)')
await run('npm', ['run', 'typecheck'])
say('单元与集成测试 (vitest)')
await run('npx', ['vitest', 'run'], { env })

const e2eDir = join(ROOT, 'apps/web/e2e')
if (existsSync(e2eDir) && readdirSync(e2eDir).some((f) => f.endsWith('.spec.ts'))) {
  await buildWeb()
  say('浏览器测试 (Playwright + Chromium)')
  env.E2E_PORT ??= String(await freePort())
  await run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], { env })
}
console.log('\n全部测试通过 ✔')
