// `npm run backup -- <file>`: a consistent copy of the embedded SQLite database, taken while the server runs.
// `npm run restore -- <file>`: puts such a copy back, with the server stopped; the old file is kept aside.
// PostgreSQL is backed up with pg_dump / pg_restore (docs/operations.md).
import { existsSync, renameSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import SQLite from 'better-sqlite3'
import { ROOT } from './lib.mjs'

const [mode, file] = process.argv.slice(2)
// The same default as apps/server/src/config.ts.
const dbPath = resolve(process.env.SQLITE_PATH ?? resolve(ROOT, 'data/epc.sqlite'))

function stop(message) {
  console.error(`\n✖ ${message}`)
  process.exit(1)
}

if (!file) stop(`用法: npm run ${mode} -- <备份文件>`)
if (/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')) {
  stop('DATABASE_URL 指向 PostgreSQL：请用 pg_dump / pg_restore 备份和恢复（见 docs/operations.md）。')
}
const target = resolve(file)

/** Answers the problems `PRAGMA integrity_check` finds in a database file, none for a sound one. */
function integrityProblems(path) {
  const db = new SQLite(path, { readonly: true, fileMustExist: true })
  try {
    const rows = db.pragma('integrity_check', { simple: false })
    return rows.map((r) => r.integrity_check).filter((r) => r !== 'ok')
  } catch (error) {
    return [error.message]
  } finally {
    db.close()
  }
}

/**
 * Folds the database's WAL into its file and leaves WAL mode, which SQLite allows only when no other
 * connection has the database open: a running server (or import) holds one for as long as it runs, even
 * idle, so this is the check that it is stopped, made by SQLite's own locks.
 */
function leaveWal(path) {
  const db = new SQLite(path, { fileMustExist: true, timeout: 1000 })
  try {
    db.pragma('journal_mode = DELETE')
  } catch (error) {
    if (error.code === 'SQLITE_BUSY') stop(`数据库正被使用（服务仍在运行？）：请先停止服务再恢复。${path}`)
    throw error
  } finally {
    db.close()
  }
}

if (mode === 'backup') {
  if (!existsSync(dbPath)) stop(`数据库文件不存在: ${dbPath}`)
  const db = new SQLite(dbPath, { fileMustExist: true })
  db.pragma('busy_timeout = 5000')
  // SQLite's online backup starts over whenever another process writes between two of its steps; copying
  // every remaining page in one step (a read transaction, which WAL lets writers run beside) always ends.
  await db.backup(target, { progress: ({ remainingPages }) => Math.max(remainingPages, 100) })
  db.close()
  const problems = integrityProblems(target)
  if (problems.length) stop(`备份文件未通过完整性检查: ${problems.join('; ')}`)
  console.log(`已备份 ${dbPath} → ${target}`)
} else if (mode === 'restore') {
  if (!existsSync(target)) stop(`备份文件不存在: ${target}`)
  const problems = integrityProblems(target)
  if (problems.length) stop(`备份文件损坏，未恢复: ${problems.join('; ')}`)
  if (existsSync(dbPath)) {
    leaveWal(dbPath)
    const aside = `${dbPath}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
    renameSync(dbPath, aside)
    console.log(`原数据库已移到 ${aside}`)
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true })
  const copy = new SQLite(target, { readonly: true, fileMustExist: true })
  await copy.backup(dbPath)
  copy.close()
  console.log(`已从 ${target} 恢复到 ${dbPath}`)
} else {
  stop('用法: npm run backup -- <备份文件> 或 npm run restore -- <备份文件>')
}
