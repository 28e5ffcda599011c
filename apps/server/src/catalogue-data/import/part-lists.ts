// A model's parts on an illustration as the illustration answer lists them (docs/api.md), kept deflated per
// price list, so a first look-up reads one row instead of joining 50-odd parts and their prices and
// deflating 13 KB (docs/performance.md, 2026-11-28). Models of a series mostly share their parts on an
// illustration: the 208,000 model-illustration pairs of the bench catalogue hold 39,000 distinct lists,
// each kept once (cat_part_lists) and named by the pairs (cat_model_illustrations.part_list). Derived data
// like the part markers, refreshed in the import's transaction: rebuilt whole by an import of drawings or
// fitments, and only where the touched parts are listed by an import of parts, prices, stock, substitutes or
// supersessions (a dealer's daily stock file would otherwise re-render every list, a minute at scale).
import { fenToYuan, type IllustrationPart } from '@epc/shared'
import { deflatedPiece } from '../../call'
import type { DialectName } from '../../db/database'

/** The tables whose import changes the part lists (the part markers' sources among them). */
export const PART_LIST_SOURCES = [
  'model_illustrations',
  'parts',
  'fitments',
  'prices',
  'stock',
  'substitutes',
  'supersessions',
]

/** Statements run in a transaction: the import's, or a migration's. */
export interface SqlSession {
  readonly dialect: DialectName
  exec(statement: string): Promise<void>
  query<R>(statement: string, params?: unknown[]): Promise<R[]>
}

// Lists read, deflated and written at a time: 2,000 lists are about 100,000 parts.
const CHUNK = 2000

/** The tables whose import changes which parts a list holds: the whole refresh follows them. */
const LIST_SHAPE_SOURCES = ['model_illustrations', 'fitments']

// Past this many touched parts (a whole price list, a full stock take) the lists holding them are most of
// the lists, and rebuilding all of them is as quick as finding them.
const TOUCHED_PARTS_MAX = 20_000

/** The parts an import touches through part-level files, up to the number worth refreshing one by one. */
export class TouchedParts {
  readonly ids = new Set<number>()
  overflow = false

  add(id: number): void {
    if (this.overflow || this.ids.has(id)) return
    if (this.ids.size >= TOUCHED_PARTS_MAX) {
      this.overflow = true
      this.ids.clear()
    } else this.ids.add(id)
  }

  /** Whether an import of these tables may refresh only the touched parts' markers and lists. */
  onlyTheseFor(imported: readonly string[]): boolean {
    return !this.overflow && !imported.some((table) => LIST_SHAPE_SOURCES.includes(table))
  }
}

/** Writes the touched parts, and the parts they supersede (whose newer number they show), to part_touched. */
export async function noteTouchedParts(s: SqlSession, touched: TouchedParts): Promise<void> {
  await s.exec('DROP TABLE IF EXISTS part_touched')
  await s.exec('CREATE TEMP TABLE part_touched (id INTEGER PRIMARY KEY)')
  const ids = [...touched.ids]
  // Our own integer ids, written into the statement: alike on both databases, within SQLite's parameters.
  for (let i = 0; i < ids.length; i += 1000)
    await s.exec(
      `INSERT INTO part_touched (id) VALUES ${ids.slice(i, i + 1000).map((id) => `(${Number(id)})`)}`,
    )
  await s.exec(`INSERT INTO part_touched (id)
    SELECT DISTINCT old_part_id FROM cat_supersessions WHERE new_part_id IN (SELECT id FROM part_touched)
    ON CONFLICT (id) DO NOTHING`)
  // PostgreSQL plans the joins from its statistics, which a temporary table has only when asked.
  if (s.dialect === 'postgres') await s.exec('ANALYZE part_touched')
}

/** Renders again the lists that hold a part of part_touched (noteTouchedParts); which pairs name them stays. */
export async function refreshTouchedPartLists(s: SqlSession): Promise<void> {
  await s.exec('DROP TABLE IF EXISTS part_list_ids')
  // Every pair named by a list has its fitments, so the pair that led to the list reads it.
  await s.exec(`CREATE TEMP TABLE part_list_ids AS
    SELECT mi.part_list AS list, min(f.model_id) AS model_id, f.illustration_id
    FROM part_touched t
    JOIN cat_fitments f ON f.part_id = t.id
    JOIN cat_model_illustrations mi ON mi.model_id = f.model_id AND mi.illustration_id = f.illustration_id
    WHERE mi.part_list IS NOT NULL
    GROUP BY mi.part_list, f.illustration_id`)
  await s.exec('CREATE INDEX part_list_ids_list ON part_list_ids (list, model_id, illustration_id)')
  if (s.dialect === 'postgres') await s.exec('ANALYZE part_list_ids')
  await s.exec('DELETE FROM cat_part_lists WHERE list IN (SELECT list FROM part_list_ids)')
  await renderLists(s)
  await s.exec('DROP TABLE part_list_ids')
  await s.exec('DROP TABLE part_touched')
}

interface ListedPart {
  list: number
  callout: number
  disp_number: string
  norm_number: string
  part_name_cn: string
  quantity: number
  note: string
  remark: string
  stock_total: number
  sales_banned: number
  substitute_count: number
  replaced_by: string | null
  /** price_1, price_2…: the part's price in fen in each price list, null where it has none. */
  [price: `price_${number}`]: number | null
}

/** A part as the illustration answer lists it (docs/api.md), priced by a list, else the standard one (1). */
function listed(r: ListedPart, type4s: number): IllustrationPart {
  const fen = r[`price_${type4s}`] ?? r.price_1
  const substitutes = Number(r.substitute_count)
  return {
    callout: Number(r.callout),
    disp_number: r.disp_number,
    part_number: r.norm_number,
    part_name_cn: r.part_name_cn,
    quantity: Number(r.quantity),
    note: r.note,
    remark: r.remark,
    price: fen === null || fen === undefined ? null : fenToYuan(Number(fen)),
    stock_total: Number(r.stock_total),
    sales_banned: Number(r.sales_banned) === 1,
    substitutes,
    replaced_by: r.replaced_by,
    flag: substitutes > 0 || (r.replaced_by ?? '') !== '' ? 1 : 0,
  }
}

/** Rebuilds every part list and the pairs' names for them from the fitments, parts and prices. */
export async function refreshPartLists(s: SqlSession): Promise<void> {
  const sqlite = s.dialect === 'sqlite'
  await s.exec('DROP TABLE IF EXISTS part_list_pairs')
  await s.exec('DROP TABLE IF EXISTS part_list_ids')
  // A pair's fitments written out whole (the note quoted), so equal texts are equal lists; on PostgreSQL their
  // SHA-256, since a B-tree key holds at most 8 KB and a drawing may have hundreds of parts.
  const whole = `callout || ',' || part_id || ',' || quantity || ',' || `
  const fitment = sqlite
    ? `group_concat(${whole} quote(note), ';' ORDER BY callout, part_id)`
    : `sha256(convert_to(string_agg(${whole} quote_literal(note), ';' ORDER BY callout, part_id), 'UTF8'))`
  await s.exec(`CREATE TEMP TABLE part_list_pairs AS
    SELECT model_id, illustration_id, ${fitment} AS fitments FROM cat_fitments GROUP BY model_id, illustration_id`)
  // Numbered in the fitments' order, so a chunk of lists reads neighbouring fitments.
  await s.exec(`CREATE TEMP TABLE part_list_ids AS
    SELECT row_number() OVER (ORDER BY min(model_id), illustration_id) AS list, illustration_id,
      min(model_id) AS model_id, fitments
    FROM part_list_pairs GROUP BY illustration_id, fitments`)
  await s.exec('CREATE INDEX part_list_ids_fitments ON part_list_ids (illustration_id, fitments)')
  // The chunks' reads find their lists by number here, never through the table: its rows carry the whole
  // fitments text, hundreds of megabytes at scale, which SQLite scanned once per chunk (a first import of the
  // bench catalogue ran for over half an hour).
  await s.exec('CREATE INDEX part_list_ids_list ON part_list_ids (list, model_id, illustration_id)')
  if (!sqlite) await s.exec('ANALYZE part_list_pairs, part_list_ids')
  await s.exec('UPDATE cat_model_illustrations SET part_list = NULL WHERE part_list IS NOT NULL')
  await s.exec(`UPDATE cat_model_illustrations SET part_list = l.list
    FROM part_list_pairs pp JOIN part_list_ids l ON l.illustration_id = pp.illustration_id AND l.fitments = pp.fitments
    WHERE cat_model_illustrations.model_id = pp.model_id
      AND cat_model_illustrations.illustration_id = pp.illustration_id`)

  await s.exec('DELETE FROM cat_part_lists')
  await renderLists(s)
  await s.exec('DROP TABLE part_list_pairs')
  await s.exec('DROP TABLE part_list_ids')
}

/** Renders the lists of part_list_ids (list, model_id, illustration_id: a pair that holds it) into cat_part_lists. */
async function renderLists(s: SqlSession): Promise<void> {
  const at = (i: number) => (s.dialect === 'sqlite' ? '?' : `$${i}`)
  const lists = (await s.query<{ list: number }>('SELECT list FROM part_list_ids ORDER BY list')).map((r) =>
    Number(r.list),
  )
  const priceLists = (
    await s.query<{ type4s: number }>(
      'SELECT DISTINCT type4s FROM cat_prices WHERE type4s <> 1 ORDER BY type4s',
    )
  ).map((r) => Number(r.type4s))
  const price = (list: number) => `(SELECT price_fen FROM cat_prices
    WHERE cat_prices.part_id = p.id AND cat_prices.type4s = ${list}) AS price_${list}`
  // Plain rows, read once for every price list; the answer's JSON is written here, alike on both databases.
  const read = `SELECT l.list, f.callout, p.disp_number, p.norm_number, p.part_name_cn, f.quantity, f.note,
      p.remark, p.stock_total, p.sales_banned, p.substitute_count, p.replaced_by,
      ${[1, ...priceLists].map(price).join(', ')}
    FROM part_list_ids l
    JOIN cat_fitments f ON f.model_id = l.model_id AND f.illustration_id = l.illustration_id
    JOIN cat_parts p ON p.id = f.part_id
    WHERE l.list >= ${at(1)} AND l.list < ${at(2)}
    ORDER BY l.list, f.callout, p.disp_number`
  for (let i = 0; i < lists.length; i += CHUNK) {
    const chunk = lists.slice(i, i + CHUNK)
    const byList = new Map<number, ListedPart[]>()
    for (const row of await s.query<ListedPart>(read, [chunk[0], (chunk.at(-1) ?? 0) + 1])) {
      const list = Number(row.list)
      const parts = byList.get(list)
      if (parts) parts.push(row)
      else byList.set(list, [row])
    }
    const pieces: [number, number, Buffer][] = []
    for (const [list, parts] of byList) {
      const standard = JSON.stringify(parts.map((r) => listed(r, 1)))
      pieces.push([list, 1, deflatedPiece(standard)])
      // Another price list's parts are kept only where they differ (a list without own prices answers list 1's).
      for (const type4s of priceLists) {
        const json = JSON.stringify(parts.map((r) => listed(r, type4s)))
        if (json !== standard) pieces.push([list, type4s, deflatedPiece(json)])
      }
    }
    await writePieces(s, pieces)
  }
}

async function writePieces(s: SqlSession, pieces: [number, number, Buffer][]) {
  if (!pieces.length) return
  if (s.dialect === 'postgres') {
    await s.query(
      'INSERT INTO cat_part_lists (list, type4s, piece) SELECT * FROM unnest($1::int[], $2::int[], $3::bytea[])',
      [pieces.map((p) => p[0]), pieces.map((p) => p[1]), pieces.map((p) => p[2])],
    )
    return
  }
  // Within SQLite's 32,766 bound parameters.
  for (let i = 0; i < pieces.length; i += 5000) {
    const some = pieces.slice(i, i + 5000)
    await s.query(
      `INSERT INTO cat_part_lists (list, type4s, piece) VALUES ${some.map(() => '(?, ?, ?)').join(', ')}`,
      some.flat(),
    )
  }
}
