// The name search's index (catalogue-data/import/name-index.ts): written by the importer, filled here for a
// catalogue imported before.
import { type Kysely, sql } from 'kysely'
import { REFRESH_NAME_INDEX } from '../../catalogue-data/import/name-index'
import type { DialectName } from '../database'

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // Clustered by its key on SQLite, as the fitments: a model's callouts of a name are one range read.
  const clustered = dialect === 'sqlite' ? sql` without rowid` : sql``
  await db.schema
    .createTable('cat_name_callouts')
    .addColumn('model_id', 'integer', (c) => c.notNull())
    .addColumn('generic_name_id', 'integer', (c) => c.notNull())
    .addColumn('illustration_id', 'integer', (c) => c.notNull())
    .addColumn('callout', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('cat_name_callouts_pk', [
      'model_id',
      'generic_name_id',
      'illustration_id',
      'callout',
    ])
    .modifyEnd(clustered)
    .execute()
  await db.schema
    .createTable('cat_part_names')
    .addColumn('generic_name_id', 'integer', (c) => c.notNull())
    .addColumn('name_cn', 'text', (c) => c.notNull())
    .addColumn('pinyin', 'text', (c) => c.notNull())
    .addColumn('initials', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cat_part_names_pk', ['generic_name_id', 'name_cn', 'pinyin', 'initials'])
    .execute()
  for (const statement of REFRESH_NAME_INDEX) await sql.raw(statement).execute(db)
}
