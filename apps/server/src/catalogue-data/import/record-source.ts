// A catalogue source from rows in memory or made on the fly (the demo generator), read exactly as CSV rows
// are; and the CSV writer that turns such a source into an import folder.
import { createWriteStream } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { CatalogueSource, SourceRow } from './importer'
import { TABLES } from './tables'

export interface RecordTable {
  columns: string[]
  rows(): Iterable<Record<string, string>>
}

export function recordSource(tables: Record<string, RecordTable>): CatalogueSource {
  return {
    describe: (table) => `${table}.csv`,
    columns: async (table) => tables[table]?.columns ?? null,
    rows(table) {
      const t = tables[table]
      if (!t) return null
      return (function* (): Generator<SourceRow> {
        let line = 1
        for (const values of t.rows()) {
          line += 1
          yield { line, values }
        }
      })()
    },
    readSvg: async (row) => row.svg ?? '',
  }
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value
}

/** Writes the tables as an import folder; illustration drawings go to illustrations/<image_code>.svg. */
export async function writeCsvFolder(tables: Record<string, RecordTable>, folder: string): Promise<void> {
  await mkdir(join(folder, 'illustrations'), { recursive: true })
  for (const def of TABLES) {
    const table = tables[def.name]
    if (!table) continue
    const isDrawing = def.name === 'illustrations'
    const columns = isDrawing ? [...table.columns.filter((c) => c !== 'svg'), 'svg_file'] : table.columns
    const out = createWriteStream(join(folder, `${def.name}.csv`))
    out.write(`${columns.join(',')}\n`)
    for (const row of table.rows()) {
      if (isDrawing) {
        const file = `${row.image_code}.svg`
        await writeFile(join(folder, 'illustrations', file), row.svg ?? '')
        row.svg_file = file
      }
      const line = `${columns.map((c) => csvCell(row[c] ?? '')).join(',')}\n`
      if (!out.write(line)) await new Promise<void>((r) => out.once('drain', () => r()))
    }
    await new Promise<void>((resolve, reject) =>
      out.end((err?: Error | null) => (err ? reject(err) : resolve())),
    )
  }
}
