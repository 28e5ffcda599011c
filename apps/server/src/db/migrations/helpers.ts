// Small dialect-aware pieces for migrations; everything else in a migration is portable Kysely.
import type { CreateTableBuilder } from 'kysely'
import type { DialectName } from '../database'

export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}
