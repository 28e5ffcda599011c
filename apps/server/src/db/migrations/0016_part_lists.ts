// Each model's parts on an illustration kept deflated per price list (catalogue-data/import/part-lists.ts):
// written by the importer, filled here for a catalogue imported before.
import { CompiledQuery, type Kysely, sql } from 'kysely'
import { refreshPartLists } from '../../catalogue-data/import/part-lists'
import type { DialectName } from '../database'

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('cat_model_illustrations').addColumn('part_list', 'integer').execute()
  await db.schema
    .createTable('cat_part_lists')
    .addColumn('list', 'integer', (c) => c.notNull())
    .addColumn('type4s', 'integer', (c) => c.notNull())
    .addColumn('piece', dialect === 'postgres' ? sql`bytea` : 'blob', (c) => c.notNull())
    // Not clustered on SQLite: a clustered row holds at most about 1 KB in its page, and a list's piece is
    // 1-3 KB (the rest would go to an overflow page of its own).
    .addPrimaryKeyConstraint('cat_part_lists_pk', ['list', 'type4s'])
    .execute()
  await refreshPartLists({
    dialect,
    exec: async (statement) => void (await db.executeQuery(CompiledQuery.raw(statement))),
    query: async <R>(statement: string, params: unknown[] = []) =>
      (await db.executeQuery(CompiledQuery.raw(statement, params))).rows as R[],
  })
}
