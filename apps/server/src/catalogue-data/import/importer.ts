// Runs a catalogue import: every file in order, in one transaction. Each row is checked; errors name the
// file, line and field. With any error nothing is kept, unless skipBad, which skips the bad rows and
// reports them. Re-importing the same data updates rows instead of duplicating them. A kept import gets
// a new catalogue version (cached answers of the old one become unreachable) and, unless it is small beside
// the catalogue, fresh planner statistics.
import { normalizePartNumber } from '@epc/shared'
import { sql } from 'kysely'
import { pinyin } from 'pinyin-pro'
import type { Db } from '../../db/database'
import { refreshStatistics } from '../../modules/catalogue/catalogue.repository'
import { bumpCatalogueVersion } from '../../modules/catalogue/catalogue-version'
import { type Position, positionOfName } from '../../modules/catalogue/position'
import { type Row, RowError } from './fields'
import { NAME_INDEX_SOURCES, REFRESH_NAME_INDEX } from './name-index'
import {
  noteTouchedParts,
  PART_LIST_SOURCES,
  refreshPartLists,
  refreshTouchedPartLists,
  TouchedParts,
} from './part-lists'
import { MARKER_SOURCES, REFRESH_PART_MARKERS, REFRESH_TOUCHED_PART_MARKERS } from './part-markers'
import { type ImportContext, type KeyMaps, TABLES } from './tables'
import { openWriter } from './writer'

export interface SourceRow {
  /** The line in the file (the header is line 1), for messages. */
  line: number
  values: Row
}

export interface CatalogueSource {
  /**
   * Rows of a table from its start, or null when the source has no such file; generated rows come
   * synchronously. A table may be read twice (its part numbers first, for an import of part-level files).
   */
  rows(table: string): Iterable<SourceRow> | AsyncIterable<SourceRow> | null
  /** The header of a table's file, to check the columns before reading rows. */
  columns(table: string): Promise<string[] | null>
  readSvg(row: Row): Promise<string>
  describe(table: string): string
}

export interface ImportProblem {
  file: string
  line: number
  field: string
  message: string
}

export interface ImportReport {
  ok: boolean
  imported: Record<string, number>
  skipped: ImportProblem[]
  errors: ImportProblem[]
  seconds: number
}

export interface ImportOptions {
  skipBad?: boolean
  /** Called about every 50,000 rows and at the end of each file. */
  onProgress?(table: string, rows: number, rowsPerSecond: number): void
  /** Errors beyond this many are counted but not listed. */
  maxListedErrors?: number
  /** Starts the new catalogue version's name (default 'import'), for people reading the database. */
  label?: string
}

export function formatProblem(p: ImportProblem): string {
  return `${p.file} 第${p.line}行 字段 ${p.field}：${p.message}`
}

const KEY_QUERIES: [keyof KeyMaps, string, string][] = [
  ['brandGroups', 'cat_brand_groups', 'code'],
  ['manufacturers', 'cat_manufacturers', 'code'],
  ['brands', 'cat_brands', 'brand_number'],
  ['series', 'cat_series', 'series_number'],
  ['models', 'cat_models', 'model_code'],
  ['mainGroups', 'cat_main_groups', 'main_number'],
  ['subGroups', 'cat_sub_groups', 'sub_number'],
  ['illustrations', 'cat_illustrations', 'image_code'],
  ['genericNames', 'cat_generic_names', 'name_cn'],
  ['parts', 'cat_parts', 'norm_number'],
  ['zones', 'cat_accident_zones', 'code'],
]

/** The positions earlier imports' part names give, for fitments that leave theirs empty. */
async function loadPartPositions(db: Db): Promise<Map<string, Position>> {
  const { rows } = await sql<{ k: string; name: string }>`
    select norm_number as k, part_name_cn as name from cat_parts
    where part_name_cn like '%左%' or part_name_cn like '%右%'
       or part_name_cn like '%前%' or part_name_cn like '%后%'`.execute(db.kysely)
  const positions = new Map<string, Position>()
  for (const r of rows) {
    const at = positionOfName(r.name)
    if (at) positions.set(r.k, at)
  }
  return positions
}

// An import without a parts or fitments file (a price list, a day's stock) names few of the catalogue's
// parts: reading all their numbers cost 4 of a 100-row stock file's 6 s on the bench catalogue. The numbers
// its files name (the columns called *part_number) are gathered first and only their parts are read; past
// this many, all are.
const NAMED_PARTS_MAX = 100_000

/** The normalised part numbers an import's files name, or null when it needs every part's. */
async function partNumbersNamed(source: CatalogueSource): Promise<string[] | null> {
  if ((await source.columns('parts')) || (await source.columns('fitments'))) return null
  const named = new Set<string>()
  for (const table of TABLES) {
    const columns = ((await source.columns(table.name)) ?? []).filter((c) => c.endsWith('part_number'))
    const rows = columns.length ? source.rows(table.name) : null
    if (!rows) continue
    for await (const { values } of rows) {
      for (const column of columns) {
        const number = values[column]
        if (number) named.add(normalizePartNumber(number))
      }
      if (named.size > NAMED_PARTS_MAX) return null
    }
  }
  return [...named]
}

/** What is already in the database, so an import may refer to earlier imports' rows (of parts, those named). */
async function loadKeys(db: Db, onlyParts: string[] | null): Promise<KeyMaps> {
  const maps = {} as KeyMaps
  for (const [name, table, column] of KEY_QUERIES) {
    if (name === 'parts' && onlyParts) {
      maps.parts = new Map()
      for (let i = 0; i < onlyParts.length; i += 500) {
        const { rows } = await sql<{ id: number; k: string }>`select id, norm_number as k from cat_parts
          where norm_number in (${sql.join(onlyParts.slice(i, i + 500))})`.execute(db.kysely)
        for (const r of rows) maps.parts.set(r.k, Number(r.id))
      }
      continue
    }
    const { rows } = await sql<{
      id: number
      k: string
    }>`select id, ${sql.ref(column)} as k from ${sql.table(table)}`.execute(db.kysely)
    maps[name] = new Map(rows.map((r) => [r.k, Number(r.id)]))
  }
  return maps
}

async function countParts(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from cat_parts`.execute(db.kysely)
  return Number(rows[0]?.n ?? 0)
}

function spokenForms() {
  const cache = new Map<string, { full: string; initials: string }>()
  return (text: string) => {
    let hit = cache.get(text)
    if (!hit) {
      const options = { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true } as const
      const full = pinyin(text, options).join('').toLowerCase().replace(/\s+/g, '')
      const initials = pinyin(text, { ...options, pattern: 'first' })
        .join('')
        .toLowerCase()
        .replace(/\s+/g, '')
      hit = { full, initials }
      // Names repeat a great deal across parts, so the cache stays small.
      if (cache.size < 200_000) cache.set(text, hit)
    }
    return hit
  }
}

export async function runImport(
  db: Db,
  source: CatalogueSource,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const started = Date.now()
  const maxListed = options.maxListedErrors ?? 200
  const errors: ImportProblem[] = []
  const skipped: ImportProblem[] = []
  let errorCount = 0
  const imported: Record<string, number> = {}
  const namedParts = await partNumbersNamed(source)
  const writer = await openWriter(db)
  const ctx: ImportContext = {
    writer,
    ids: await loadKeys(db, namedParts),
    readSvg: (r) => source.readSvg(r),
    pinyin: spokenForms(),
    // Only fitments read them (the parts file of the same import updates them first): 700,000 names at scale.
    partPositions: (await source.columns('fitments')) ? await loadPartPositions(db) : new Map(),
    touchedParts: new TouchedParts(),
  }

  const partsBefore = namedParts ? await countParts(db) : ctx.ids.parts.size

  const problem = (p: ImportProblem) => {
    if (options.skipBad) {
      if (skipped.length < maxListed) skipped.push(p)
    } else {
      errorCount += 1
      if (errors.length < maxListed) errors.push(p)
    }
  }

  try {
    for (const table of TABLES) {
      const rows = source.rows(table.name)
      if (!rows) continue
      const file = source.describe(table.name)
      const header = (await source.columns(table.name)) ?? []
      const missing = table.columns.filter((c) => !header.includes(c))
      if (missing.length) {
        problem({ file, line: 1, field: missing.join(','), message: '表头缺少这些列' })
        if (!options.skipBad) continue
      }
      const importer = table.open(ctx)
      let count = 0
      const tableStart = Date.now()
      // Millions of rows: no promise per row unless the source or the writer has something to wait for.
      const take = (row: SourceRow): Promise<void> | undefined => {
        try {
          const pending = importer.row(row.values)
          if (pending)
            return pending.then(
              () => {
                count += 1
              },
              (error) => {
                if (!(error instanceof RowError)) throw error
                problem({ file, line: row.line, field: error.field, message: error.message })
              },
            )
          count += 1
        } catch (error) {
          if (!(error instanceof RowError)) throw error
          problem({ file, line: row.line, field: error.field, message: error.message })
        }
        if (count % 50_000 === 0 && count > 0) {
          options.onProgress?.(table.name, count, count / ((Date.now() - tableStart) / 1000 || 1))
        }
        return undefined
      }
      if (Symbol.iterator in rows) {
        for (const row of rows) {
          const pending = take(row)
          if (pending) await pending
        }
      } else {
        for await (const row of rows) await take(row)
      }
      await importer.finish()
      imported[table.name] = count
      options.onProgress?.(table.name, count, count / ((Date.now() - tableStart) / 1000 || 0.001))
    }
    if (errorCount > 0) {
      await writer.rollback()
      return { ok: false, imported: {}, skipped, errors, seconds: (Date.now() - started) / 1000 }
    }
    const listsChange = PART_LIST_SOURCES.some((name) => name in imported)
    // Only the touched parts' markers and lists where the import allows (part-lists.ts). Finding them reads
    // the tables just loaded, so their keys are built first; the later buildKeys then finds none left.
    const touchedOnly = listsChange && ctx.touchedParts.onlyTheseFor(Object.keys(imported))
    if (touchedOnly) {
      await writer.buildKeys()
      await noteTouchedParts(writer, ctx.touchedParts)
    }
    if (MARKER_SOURCES.some((name) => name in imported))
      await writer.exec(touchedOnly ? REFRESH_TOUCHED_PART_MARKERS : REFRESH_PART_MARKERS)
    if (NAME_INDEX_SOURCES.some((name) => name in imported))
      for (const statement of REFRESH_NAME_INDEX) await writer.exec(statement)
    if (listsChange) {
      await writer.buildKeys()
      await (touchedOnly ? refreshTouchedPartLists(writer) : refreshPartLists(writer))
    }
    await writer.commit()
  } catch (error) {
    await writer.rollback()
    throw error
  }
  await bumpCatalogueVersion(db, options.label ?? 'import')
  // Rows fewer than a tenth of the parts there were cannot move the planner's choices, and analysing the
  // whole catalogue again takes seconds at scale (PostgreSQL's autovacuum follows the tables anyway).
  const rows = Object.values(imported).reduce((a, b) => a + b, 0)
  if (rows >= partsBefore / 10) await refreshStatistics(db)
  return { ok: true, imported, skipped, errors, seconds: (Date.now() - started) / 1000 }
}
