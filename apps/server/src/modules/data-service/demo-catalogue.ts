// The demo catalogue test keys answer from, so a test key never reads the live catalogue: a SQLite file
// built from the generated demo on the first test-key request (a few seconds), then opened as it is.
// Several processes may build it at once: each builds its own temporary file and the first rename wins.
import { existsSync, renameSync, rmSync } from 'node:fs'
import { ensureDemoCatalogue } from '../../catalogue-data/demo-install'
import { type Db, openDatabase } from '../../db/database'
import { migrateToLatest } from '../../db/migrate'

export class DemoCatalogue {
  private opening: Promise<Db> | undefined

  /** `path`: the file (':memory:' builds it in memory, for tests). */
  constructor(
    private readonly path: string,
    private readonly log: (line: string) => void,
  ) {}

  open(): Promise<Db> {
    this.opening ??= this.build().catch((error) => {
      this.opening = undefined
      throw error
    })
    return this.opening
  }

  private async build(): Promise<Db> {
    if (this.path !== ':memory:' && existsSync(this.path)) {
      const db = openDatabase({ sqlitePath: this.path })
      await migrateToLatest(db)
      return db
    }
    const building = this.path === ':memory:' ? ':memory:' : `${this.path}.${process.pid}.tmp`
    const db = openDatabase({ sqlitePath: building })
    await migrateToLatest(db)
    await ensureDemoCatalogue(db, this.log)
    if (building === ':memory:') return db
    await db.close()
    if (existsSync(this.path)) rmSync(building, { force: true })
    else renameSync(building, this.path)
    for (const suffix of ['-wal', '-shm']) rmSync(`${building}${suffix}`, { force: true })
    return openDatabase({ sqlitePath: this.path })
  }

  async close() {
    const opening = this.opening
    this.opening = undefined
    if (opening) await (await opening.catch(() => undefined))?.close()
  }
}
