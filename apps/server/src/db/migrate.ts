// Applies the migrations in order with Kysely's Migrator; the list is static so no files are read at run time.
import { type Migration, Migrator } from 'kysely'
import type { Db } from './database'
import * as m0001 from './migrations/0001_accounts'
import * as m0002 from './migrations/0002_catalogue'
import * as m0003 from './migrations/0003_sheets'
import * as m0004 from './migrations/0004_part_markers'
import * as m0005 from './migrations/0005_part_number_index'
import * as m0006 from './migrations/0006_positions'
import * as m0007 from './migrations/0007_billing'
import * as m0008 from './migrations/0008_payments'
import * as m0009 from './migrations/0009_host_prices'
import * as m0010 from './migrations/0010_staff'
import * as m0011 from './migrations/0011_messages_profile'
import * as m0012 from './migrations/0012_name_index'
import * as m0013 from './migrations/0013_drawing_pieces'
import * as m0014 from './migrations/0014_data_service'
import * as m0015 from './migrations/0015_embed'
import * as m0016 from './migrations/0016_part_lists'
import * as m0017 from './migrations/0017_name_search_plan'
import * as m0018 from './migrations/0018_records_kept'

const migrations = {
  '0001_accounts': m0001,
  '0002_catalogue': m0002,
  '0003_sheets': m0003,
  '0004_part_markers': m0004,
  '0005_part_number_index': m0005,
  '0006_positions': m0006,
  '0007_billing': m0007,
  '0008_payments': m0008,
  '0009_host_prices': m0009,
  '0010_staff': m0010,
  '0011_messages_profile': m0011,
  '0012_name_index': m0012,
  '0013_drawing_pieces': m0013,
  '0014_data_service': m0014,
  '0015_embed': m0015,
  '0016_part_lists': m0016,
  '0017_name_search_plan': m0017,
  '0018_records_kept': m0018,
}

export type MigrationName = keyof typeof migrations

function migrator(db: Db): Migrator {
  const provided: Record<string, Migration> = {}
  for (const [name, m] of Object.entries(migrations)) {
    provided[name] = { up: (k) => m.up(k, db.dialect) }
  }
  return new Migrator({ db: db.kysely, provider: { getMigrations: async () => provided } })
}

/** The migrations this build knows that the database has not had (another process may migrate it). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const all = await migrator(db).getMigrations()
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name)
}

/** Applies every migration, or those up to and including `upTo` (tests of a migration's data handling). */
export async function migrateToLatest(db: Db, upTo?: MigrationName): Promise<void> {
  const m = migrator(db)
  const { error, results } = await (upTo ? m.migrateTo(upTo) : m.migrateToLatest())
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`数据库迁移失败: ${failed?.migrationName ?? ''} ${String(error)}`)
  }
}
