// Reads an import folder: one UTF-8 CSV file per table (`parts.csv`, ...) with a header row, RFC 4180
// quoting; illustration drawings as files named by their svg_file column.
import { createReadStream, existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { basename, join, resolve, sep } from 'node:path'
import { parse } from 'csv-parse'
import { RowError } from './fields'
import type { CatalogueSource, SourceRow } from './importer'

function parser(path: string) {
  return createReadStream(path).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true, trim: false }),
  )
}

export function csvFolder(folder: string): CatalogueSource {
  const root = resolve(folder)
  const fileOf = (table: string) => join(root, `${table}.csv`)
  return {
    describe: (table) => `${table}.csv`,
    async columns(table) {
      const path = fileOf(table)
      if (!existsSync(path)) return null
      for await (const record of parser(path)) return (record.record as string[]).map((c) => c.trim())
      return []
    },
    rows(table) {
      const path = fileOf(table)
      if (!existsSync(path)) return null
      return (async function* (): AsyncGenerator<SourceRow> {
        let header: string[] | null = null
        for await (const { record, info } of parser(path)) {
          const cells = record as string[]
          if (!header) {
            header = cells.map((c) => c.trim())
            continue
          }
          const values: Record<string, string> = {}
          header.forEach((name, i) => {
            values[name] = cells[i] ?? ''
          })
          yield { line: info.lines, values }
        }
      })()
    },
    async readSvg(row) {
      if (row.svg) return row.svg
      const name = (row.svg_file ?? '').trim()
      if (!name) throw new RowError('svg_file', '不能为空')
      // Drawings live under the folder's illustrations/ directory; a path may not climb out of it.
      const path = resolve(root, 'illustrations', name)
      if (!path.startsWith(join(root, 'illustrations') + sep) || basename(path) !== basename(name)) {
        throw new RowError('svg_file', '文件名不能含有路径')
      }
      if (!existsSync(path)) throw new RowError('svg_file', `找不到文件 illustrations/${name}`)
      return readFile(path, 'utf8')
    },
  }
}
