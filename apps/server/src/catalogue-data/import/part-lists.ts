// A model's parts on an illustration as the illustration answer lists them (docs/api.md), kept deflated per
// price list, so a first look-up reads one row instead of joining 50-odd parts and their prices and
// deflating 13 KB (docs/performance.md, 2026-11-28). Models of a series mostly share their parts on an
// illustration: the 208,000 model-illustration pairs of the bench catalogue hold 39,000 distinct lists,
// each kept once (cat_part_lists) and named by the pairs (cat_model_illustrations.part_list). Derived data
// like the part markers: rebuilt whole, in the import's transaction, by every import that can change it.
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

// Lists read, deflated and written at a time: 2,000 lists are about 26 MB of JSON.
const CHUNK = 2000

/**
 * The JSON array of a list's parts for a price list, by the database (the caller's list, else the standard
 * one, 1; prices in yuan, exact to the cent in a double as fenToYuan gives them). `p` is the part, `f` its
 * fitment.
 */
function partsJson(dialect: DialectName, type4s: number): string {
  const price = (list: number) =>
    `(SELECT price_fen FROM cat_prices WHERE cat_prices.part_id = p.id AND cat_prices.type4s = ${list})`
  const listPrice = `coalesce(${price(type4s)}, ${price(1)})`
  const listed = `p.substitute_count > 0 OR coalesce(p.replaced_by, '') <> ''`
  const order = 'ORDER BY f.callout, p.disp_number'
  return dialect === 'sqlite'
    ? `cast(json_group_array(json_object('callout', f.callout, 'disp_number', p.disp_number,
        'part_number', p.norm_number, 'part_name_cn', p.part_name_cn, 'quantity', f.quantity, 'note', f.note,
        'remark', p.remark, 'price', ${listPrice} / 100.0, 'stock_total', p.stock_total,
        'sales_banned', json(iif(p.sales_banned = 1, 'true', 'false')), 'substitutes', p.substitute_count,
        'replaced_by', p.replaced_by, 'flag', iif(${listed}, 1, 0)) ${order}) AS blob)`
    : `json_agg(json_build_object('callout', f.callout, 'disp_number', p.disp_number,
        'part_number', p.norm_number, 'part_name_cn', p.part_name_cn, 'quantity', f.quantity, 'note', f.note,
        'remark', p.remark, 'price', (${listPrice} / 100.0)::float8, 'stock_total', p.stock_total,
        'sales_banned', p.sales_banned = 1, 'substitutes', p.substitute_count,
        'replaced_by', p.replaced_by, 'flag', CASE WHEN ${listed} THEN 1 ELSE 0 END) ${order})::text`
}

/** Rebuilds every part list and the pairs' names for them from the fitments, parts and prices. */
export async function refreshPartLists(s: SqlSession): Promise<void> {
  const sqlite = s.dialect === 'sqlite'
  const at = (i: number) => (sqlite ? '?' : `$${i}`)
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
  if (!sqlite) await s.exec('ANALYZE part_list_pairs, part_list_ids')
  await s.exec('UPDATE cat_model_illustrations SET part_list = NULL WHERE part_list IS NOT NULL')
  await s.exec(`UPDATE cat_model_illustrations SET part_list = l.list
    FROM part_list_pairs pp JOIN part_list_ids l ON l.illustration_id = pp.illustration_id AND l.fitments = pp.fitments
    WHERE cat_model_illustrations.model_id = pp.model_id
      AND cat_model_illustrations.illustration_id = pp.illustration_id`)

  await s.exec('DELETE FROM cat_part_lists')
  const [counted] = await s.query<{ lists: number | string }>('SELECT count(*) AS lists FROM part_list_ids')
  const lists = Number(counted?.lists ?? 0)
  const priceLists = (
    await s.query<{ type4s: number }>(
      'SELECT DISTINCT type4s FROM cat_prices WHERE type4s <> 1 ORDER BY type4s',
    )
  ).map((r) => Number(r.type4s))
  const read = (type4s: number) => `SELECT l.list, ${partsJson(s.dialect, type4s)} AS parts
    FROM part_list_ids l
    JOIN cat_fitments f ON f.model_id = l.model_id AND f.illustration_id = l.illustration_id
    JOIN cat_parts p ON p.id = f.part_id
    WHERE l.list >= ${at(1)} AND l.list < ${at(2)}
    GROUP BY l.list`
  for (let from = 1; from <= lists; from += CHUNK) {
    const bounds = [from, from + CHUNK]
    const standard = new Map<number, Buffer>()
    for (const row of await s.query<{ list: number; parts: Buffer | string }>(read(1), bounds))
      standard.set(Number(row.list), Buffer.from(row.parts))
    const rows: [number, number, Buffer][] = [...standard].map(([list, parts]) => [list, 1, parts])
    // Another price list's parts are kept only where they differ (a list without own prices answers list 1's).
    for (const type4s of priceLists) {
      for (const row of await s.query<{ list: number; parts: Buffer | string }>(read(type4s), bounds)) {
        const parts = Buffer.from(row.parts)
        if (!parts.equals(standard.get(Number(row.list)) as Buffer))
          rows.push([Number(row.list), type4s, parts])
      }
    }
    await writePieces(s, rows)
  }
  await s.exec('DROP TABLE part_list_pairs')
  await s.exec('DROP TABLE part_list_ids')
}

async function writePieces(s: SqlSession, rows: [number, number, Buffer][]) {
  if (!rows.length) return
  const pieces = rows.map(([list, type4s, parts]) => [list, type4s, deflatedPiece(parts)] as const)
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
