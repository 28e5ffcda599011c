// Each illustration's drawing kept deflated beside it (catalogue-data/import/drawing-piece.ts): written by
// the importer, filled here for a catalogue imported before.
import { type Kysely, sql } from 'kysely'
import { drawingPiece } from '../../catalogue-data/import/drawing-piece'
import type { DialectName } from '../database'

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('cat_illustrations')
    .addColumn('drawing_piece', dialect === 'postgres' ? sql`bytea` : 'blob')
    .execute()
  const { rows } = await sql<{ id: number; svg: string; width: number; height: number; callouts: string }>`
    select id, svg, width, height, callouts from cat_illustrations`.execute(db)
  for (const row of rows) {
    await sql`update cat_illustrations set drawing_piece = ${drawingPiece(row)} where id = ${row.id}`.execute(
      db,
    )
  }
}
