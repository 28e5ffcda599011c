// Loads the generated demo catalogue into an empty catalogue on start, through the importer, so a fresh
// `npm start` has something to look up. Several processes starting together load it once.
import type { Db } from '../db/database'
import { setMeta } from '../modules/catalogue/catalogue.repository'
import { storedCatalogueVersion } from '../modules/catalogue/catalogue-version'
import { type DemoSize, demoCatalogue } from './demo/generate'
import { formatProblem, runImport } from './import/importer'
import { recordSource } from './import/record-source'

async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres' || !db.pgPool) return work()
  const client = await db.pgPool.connect()
  try {
    await client.query('select pg_advisory_lock(7310)')
    return await work()
  } finally {
    await client.query('select pg_advisory_unlock(7310)').catch(() => {})
    client.release()
  }
}

/** Answers whether it loaded the demo (false when a catalogue is already there). */
export async function ensureDemoCatalogue(
  db: Db,
  log: (line: string) => void,
  size: DemoSize = 'demo',
): Promise<boolean> {
  return withStartupLock(db, async () => {
    if (await storedCatalogueVersion(db)) return false
    const started = Date.now()
    log('正在生成并导入演示目录…')
    const { tables, demoVins } = demoCatalogue(size)
    const report = await runImport(db, recordSource(tables), { label: `demo-${size}` })
    if (!report.ok) throw new Error(`演示目录导入失败：\n${report.errors.map(formatProblem).join('\n')}`)
    await setMeta(db.kysely, 'demo_vins', JSON.stringify(demoVins))
    log(
      `演示目录已导入：${report.imported.parts ?? 0} 个配件，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`,
    )
    return true
  })
}
