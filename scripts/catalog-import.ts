// `npm run catalog:import -- <folder> [--skip-bad]`: imports a catalogue folder (docs/catalogue-import.md)
// into the configured database (DATABASE_URL or the embedded SQLite), migrating it first.

import { csvFolder } from '../apps/server/src/catalogue-data/import/csv-source'
import { formatProblem, runImport } from '../apps/server/src/catalogue-data/import/importer'
import { loadConfig } from '../apps/server/src/config'
import { openDatabase } from '../apps/server/src/db/database'
import { migrateToLatest } from '../apps/server/src/db/migrate'

const args = process.argv.slice(2)
const folder = args.find((a) => !a.startsWith('--'))
if (!folder) {
  console.error('用法：npm run catalog:import -- <目录> [--skip-bad]')
  process.exit(2)
}
// The import sends no SMS; outside production it needs no SMS settings, as `npm start` needs none.
const development = process.env.NODE_ENV === 'production' ? {} : { SMS_PROVIDER: 'console' }
const config = loadConfig({ ...development, ...process.env })
const db = openDatabase(config)
await migrateToLatest(db)
const report = await runImport(db, csvFolder(folder), {
  skipBad: args.includes('--skip-bad'),
  onProgress: (table, rows, rate) => console.log(`  ${table}: ${rows} 行（${Math.round(rate)} 行/秒）`),
})
for (const p of report.skipped) console.log(`已跳过：${formatProblem(p)}`)
if (!report.ok) {
  for (const p of report.errors) console.error(formatProblem(p))
  console.error(`导入失败，未写入任何数据（${report.errors.length} 处错误）`)
  await db.close()
  process.exit(1)
}
console.log(`导入完成，用时 ${report.seconds.toFixed(1)} 秒：`, report.imported)
await db.close()
