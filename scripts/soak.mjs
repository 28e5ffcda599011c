// `npm run soak`: the crash-safety and hostile-input tests at length: CRASH_ROUNDS kills per database (100),
// HOSTILE_RUNS generated requests per property (2000). PostgreSQL too when TEST_DATABASE_URL is set or the
// machine's PostgreSQL answers on 127.0.0.1:5432, as in `npm test`.
import { connect } from 'node:net'
import { userInfo } from 'node:os'
import { ensureInstalled, run, say } from './lib.mjs'

const answers = (port) =>
  new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 2000 })
    const finish = (ok) => {
      socket.destroy()
      done(ok)
    }
    socket.once('connect', () => finish(true))
    socket.once('timeout', () => finish(false))
    socket.once('error', () => finish(false))
  })

await ensureInstalled()
const env = { ...process.env }
env.CRASH_ROUNDS ??= '100'
env.HOSTILE_RUNS ??= '2000'
if (!env.TEST_DATABASE_URL && (await answers(5432)))
  env.TEST_DATABASE_URL = `postgres://${userInfo().username}@127.0.0.1:5432/test`
if (!env.TEST_DATABASE_URL) console.log('\n!! PostgreSQL 未响应：只在 SQLite 上运行。')
say(`耐久测试: ${env.CRASH_ROUNDS} 次强杀, ${env.HOSTILE_RUNS} 次生成请求 (每项)`)
await run(
  'npx',
  ['vitest', 'run', 'apps/server/test/crash-safety.test.ts', 'apps/server/test/hostile-input.test.ts'],
  { env },
)
