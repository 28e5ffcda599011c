// Starts the server: opens and migrates the database, loads the demo (account, catalogue, first sheets) unless
// in production mode, listens on PORT (8080); SIGTERM or SIGINT stop it gracefully.
import type { AddressInfo } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { buildApp } from './app'
import { loadConfig } from './config'
import { openConnections, openDatabase } from './db/database'
import { migrateToLatest } from './db/migrate'
import { seedForStart } from './db/seed/demo'
import { DEMO_ACCOUNT } from './db/seed/demo-account'
import { RedisStore } from './store/redis-store'
import { MemoryStore, type SharedStore } from './store/shared-store'

function loadConfigOrExit() {
  try {
    return loadConfig()
  } catch (error) {
    console.error(`\n✖ 配置有误，服务拒绝启动：${(error as Error).message}`)
    process.exit(1)
  }
}

/** The longest a stop may wait for requests in flight before the process exits anyway. */
const SHUTDOWN_LIMIT_MS = 10_000

// V8 lets its heap grow to two or three times what a full collection left live before it collects again; under
// a stream of look-ups, the few short-lived objects each young collection promotes pile up meanwhile, and the
// peak came to 418-433 MB on the bench catalogue (about 90 MB live). Growing by half at most keeps it near the
// live size for a few more full collections of about 10 ms each (docs/performance.md, 2026-11-28 fourth
// host). Set here so that every way of starting the server has it.
setFlagsFromString('--heap-growing-percent=50')

const config = loadConfigOrExit()
const db = openDatabase(config)
await migrateToLatest(db)
await openConnections(db)
const store: SharedStore = config.redisUrl
  ? new RedisStore(config.redisUrl, config.redisPrefix)
  : new MemoryStore()
const app = await buildApp({
  config,
  db,
  store,
  serveWeb: true,
  logger: { level: config.logLevel },
})
// The demo's sheets are made through the app's services, so after the app is built (it listens later).
const demo = await seedForStart(app.ctx, (line) => console.log(line))

let stopping = false
// app.close stops accepting, waits for the requests in flight and runs the onClose hooks (the VIN history
// writes what waits); then the store and the database close. A second signal (the terminal sends Ctrl-C
// to npm, the start script and the server alike, and the start script passes it on) changes nothing.
async function shutdown(signal: NodeJS.Signals) {
  if (stopping) return
  stopping = true
  console.log(`\n收到 ${signal}，正在停止：处理完进行中的请求后退出`)
  setTimeout(() => {
    console.error(`✖ ${SHUTDOWN_LIMIT_MS / 1000} 秒内未能停止，强制退出`)
    process.exit(1)
  }, SHUTDOWN_LIMIT_MS).unref()
  // Node closes the connections that are idle when the server stops; a keep-alive connection whose answer
  // leaves later would stay open for its keep-alive time (72 s), so idle ones are closed until the close ends.
  const idleCloser = setInterval(() => app.server.closeIdleConnections(), 100)
  try {
    await app.close()
    clearInterval(idleCloser)
    await store.close()
    await db.close()
  } catch (error) {
    console.error('✖ 停止时出错', error)
    process.exit(1)
  }
  console.log('汽配EPC 已停止')
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)

await app.listen({ port: config.port, host: config.host })
// The port listened on, which the system picked when PORT is 0 (as the tests' restarted servers ask).
const { port } = app.server.address() as AddressInfo
const where = config.databaseUrl ? 'PostgreSQL' : config.sqlitePath
console.log(`\n汽配EPC 已启动: http://localhost:${port}`)
if (demo) console.log(`演示账号: ${DEMO_ACCOUNT.mobile}  密码: ${DEMO_ACCOUNT.password}`)
console.log(`数据库: ${where}${config.redisUrl ? '  共享存储: Redis' : ''}\n`)
