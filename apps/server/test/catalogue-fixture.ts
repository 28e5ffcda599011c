// The tiny demo catalogue for integration tests: generated once per test process, imported into each
// fresh database through the real importer.

import { type DemoCatalogue, demoCatalogue } from '../src/catalogue-data/demo/generate'
import { formatProblem, runImport } from '../src/catalogue-data/import/importer'
import { type RecordTable, recordSource } from '../src/catalogue-data/import/record-source'
import type { Db } from '../src/db/database'
import * as repo from '../src/modules/catalogue/catalogue.repository'

let cached: DemoCatalogue | null = null

function tinyCatalogue(): DemoCatalogue {
  if (!cached) {
    const { tables, demoVins } = demoCatalogue('tiny')
    const materialised: Record<string, RecordTable> = {}
    for (const [name, table] of Object.entries(tables)) {
      const rows = [...table.rows()]
      materialised[name] = { columns: table.columns, rows: () => rows.map((r) => ({ ...r })) }
    }
    cached = { tables: materialised, demoVins }
  }
  return cached
}

export async function loadTinyCatalogue(db: Db): Promise<DemoCatalogue> {
  const catalogue = tinyCatalogue()
  const report = await runImport(db, recordSource(catalogue.tables), { label: 'demo-tiny' })
  if (!report.ok) throw new Error(report.errors.map(formatProblem).join('\n'))
  await repo.setMeta(db.kysely, 'demo_vins', JSON.stringify(catalogue.demoVins))
  return catalogue
}
