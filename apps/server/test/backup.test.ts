// npm run backup / restore (scripts/backup.mjs) on the embedded database: a copy taken while another
// process writes holds every write acknowledged before it began; a restore refuses while the database is
// open elsewhere or the copy is damaged, and otherwise puts the copy back with the old file kept aside.
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../src/config'
import { openDatabase } from '../src/db/database'

function runScript(mode: 'backup' | 'restore', file: string, sqlitePath: string) {
  return new Promise<{ code: number; output: string }>((done) => {
    execFile(
      process.execPath,
      ['scripts/backup.mjs', mode, file],
      { cwd: REPO_ROOT, env: { ...process.env, SQLITE_PATH: sqlitePath, DATABASE_URL: '' } },
      (error, stdout, stderr) =>
        done({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    )
  })
}

function rowIds(path: string): number[] {
  const db = new SQLite(path, { readonly: true })
  const ids = (db.prepare('select id from probe order by id').all() as { id: number }[]).map((r) => r.id)
  db.close()
  return ids
}

describe('npm run backup / restore', () => {
  const dir = mkdtempSync(join(tmpdir(), 'epc-backup-'))
  const sqlitePath = join(dir, 'epc.sqlite')
  const copy = join(dir, 'copy.sqlite')
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('copies the database under write load with every write acknowledged before it began', async () => {
    // The server's own settings (WAL, busy time-out) for the writer.
    const writer = openDatabase({ sqlitePath })
    const sqlite = writer.sqlite as SQLite.Database
    sqlite.exec('create table probe (id integer primary key, body blob not null)')
    const insert = sqlite.prepare('insert into probe (body) values (?)')
    const write = () => Number(insert.run(Buffer.alloc(1000, 7)).lastInsertRowid)
    // Some thousand pages, so the copy takes several steps and a write can fall between two of them.
    for (let i = 0; i < 4000; i++) write()

    let acknowledged = write()
    const ackedBeforeBackup = acknowledged
    let writing = true
    const writes = (async () => {
      while (writing) {
        acknowledged = write()
        await new Promise((r) => setImmediate(r))
      }
    })()
    const backup = await runScript('backup', copy, sqlitePath)
    writing = false
    await writes
    expect(backup, backup.output).toMatchObject({ code: 0 })
    // The writer kept writing while the copy was taken.
    expect(acknowledged).toBeGreaterThan(ackedBeforeBackup + 10)

    const copied = rowIds(copy)
    expect(copied.slice(0, ackedBeforeBackup)).toEqual(
      Array.from({ length: ackedBeforeBackup }, (_, i) => i + 1),
    )

    // A restore while the database is open elsewhere (a running server) is refused and changes nothing.
    const refused = await runScript('restore', copy, sqlitePath)
    expect(refused.code).toBe(1)
    expect(refused.output).toContain('请先停止服务')
    expect(rowIds(sqlitePath)).toHaveLength(acknowledged)

    await writer.close()
    const restored = await runScript('restore', copy, sqlitePath)
    expect(restored, restored.output).toMatchObject({ code: 0 })
    const db = new SQLite(sqlitePath, { readonly: true })
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    db.close()
    expect(rowIds(sqlitePath)).toEqual(copied)
    // The database the restore replaced is kept, every row in it.
    const aside = readdirSync(dir).filter((f) => f.startsWith('epc.sqlite.before-restore-'))
    expect(aside).toHaveLength(1)
    expect(rowIds(join(dir, aside[0] as string))).toHaveLength(acknowledged)
  })

  it('refuses to restore a damaged copy and leaves the database as it was', async () => {
    const damaged = join(dir, 'damaged.sqlite')
    writeFileSync(damaged, Buffer.alloc(8192, 1))
    const before = rowIds(sqlitePath)
    const answer = await runScript('restore', damaged, sqlitePath)
    expect(answer.code).toBe(1)
    expect(answer.output).toContain('备份文件损坏')
    expect(rowIds(sqlitePath)).toEqual(before)
  })
})
