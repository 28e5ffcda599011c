// `npm run ops -- <命令> …`: the operator's commands on the configured database (DATABASE_URL or the
// embedded SQLite), migrating it first; docs/operations.md. The logic is apps/server/src/modules/ops/ops.ts.

import { systemClock } from '../apps/server/src/clock'
import { loadConfig } from '../apps/server/src/config'
import { openDatabase } from '../apps/server/src/db/database'
import { migrateToLatest } from '../apps/server/src/db/migrate'
import { OpsError, runOps } from '../apps/server/src/modules/ops/ops'

// The commands send no SMS; outside production they need no SMS settings, as `npm start` needs none. In
// production they read the service's own environment, checked as the service checks it.
const development = process.env.NODE_ENV === 'production' ? {} : { SMS_PROVIDER: 'console' }
let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig({ ...development, ...process.env })
} catch (error) {
  console.error(
    `✖ 配置有误：${(error as Error).message}（生产模式下 npm run ops 读取与服务相同的环境变量，见 docs/operations.md）`,
  )
  process.exit(1)
}
const db = openDatabase(config)
let code = 0
try {
  await migrateToLatest(db)
  for (const line of await runOps({ db, clock: systemClock }, process.argv.slice(2))) console.log(line)
} catch (error) {
  if (!(error instanceof OpsError)) throw error
  console.error(error.message)
  code = 1
} finally {
  await db.close()
}
process.exit(code)
