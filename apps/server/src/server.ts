// Starts the server: opens and migrates the database, loads the demo (account, catalogue, first sheets) unless
// in production mode, listens on PORT (8080).
import { buildApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db/database'
import { migrateToLatest } from './db/migrate'
import { seedForStart } from './db/seed/demo'
import { DEMO_ACCOUNT } from './db/seed/demo-account'
import { RedisStore } from './store/redis-store'
import { MemoryStore, type SharedStore } from './store/shared-store'

const config = loadConfig()
const db = openDatabase(config)
await migrateToLatest(db)
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

const shutdown = async () => {
  await app.close()
  await store.close()
  await db.close()
  process.exit(0)
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)

await app.listen({ port: config.port, host: config.host })
const where = config.databaseUrl ? 'PostgreSQL' : config.sqlitePath
console.log(`\n汽配EPC 已启动: http://localhost:${config.port}`)
if (demo) console.log(`演示账号: ${DEMO_ACCOUNT.mobile}  密码: ${DEMO_ACCOUNT.password}`)
console.log(`数据库: ${where}${config.redisUrl ? '  共享存储: Redis' : ''}\n`)
