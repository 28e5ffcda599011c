// The importer's writer on PostgreSQL: rows go in by COPY, the fastest way in (docs/performance.md,
// 2026-11-27). A table that is empty when the import reaches it, and that no foreign key points at, is loaded
// the way pg_restore loads a dump: emptied again inside the import's transaction (a rollback gives it back as
// it was), without its indexes and key constraints, its rows copied in with FREEZE (no later pass to mark them
// visible) and its keys built once from all rows at the end. Other tables take each chunk of rows by COPY
// into a temporary staging table and one INSERT ... SELECT ... ON CONFLICT, so a re-import updates rows.
import { finished } from 'node:stream/promises'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import type { BatchUpsert, ImportWriter, UpsertSpec } from './writer'

/** Bytes sent to PostgreSQL in one COPY: large enough that a statement's round trip does not count. */
const CHUNK_BYTES = 1 << 20
/** Room past a chunk's end for the line that fills it. */
const CHUNK_SLACK = 1 << 16
/** Rows merged into a table that has rows already, per staging round. */
const MERGE_ROWS = 20_000

/** What an upsert does with a row whose key exists, and which columns it answers (both dialects). */
export function conflictClause(spec: UpsertSpec): string {
  const action = spec.update.length
    ? `DO UPDATE SET ${spec.update.map((c) => `${c} = excluded.${c}`).join(', ')}`
    : spec.returning
      ? // A no-op update so RETURNING answers the existing row's id too.
        `DO UPDATE SET ${spec.conflict[0]} = excluded.${spec.conflict[0]}`
      : 'DO NOTHING'
  const returning = spec.returning ? ` RETURNING ${spec.returning.id}, ${spec.returning.key}` : ''
  return `ON CONFLICT (${spec.conflict.join(', ')}) ${action}${returning}`
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }
const SPECIAL = /[\\\t\n\r]/
const SPECIALS = /[\\\t\n\r]/g

/** A row as a line of COPY's text format: values between tabs, \N for null, backslash escapes. */
export function copyLine(values: readonly unknown[]): string {
  let line = ''
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += '\t'
    const value = values[i]
    if (value === null || value === undefined) line += '\\N'
    else if (typeof value === 'number') line += value
    // bytea as hex, its backslash escaped for COPY.
    else if (value instanceof Uint8Array) line += `\\\\x${Buffer.from(value).toString('hex')}`
    else {
      const text = String(value)
      line += SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPES[c] as string) : text
    }
  }
  return `${line}\n`
}

async function copyIn(client: pg.PoolClient, statement: string, data: string | Buffer): Promise<void> {
  const stream = client.query(copyFrom(statement))
  stream.end(data)
  await finished(stream)
}

interface Bulk {
  /** The statements that give the table back its indexes and key constraints when its rows are in. */
  rebuild: string[]
  /** For tables whose rows are found by id: the id the next new row gets, from the table's sequence. */
  nextId: number
  sequence: string | null
  /** Rows whose key came earlier in this file, by key: written over the first by id once the rows are in. */
  late: Map<string, unknown[]>
}

class PgCopyBatch implements BatchUpsert {
  onWritten?: (key: string, id: number) => void
  private ready = false
  private bulk?: Bulk
  private copySql = ''
  /** COPY lines not sent yet, as bytes outside the JavaScript heap: millions of lines kept there as strings
   * until sent cost the import more in garbage collection than making them. */
  private chunk = Buffer.allocUnsafe(CHUNK_BYTES + CHUNK_SLACK)
  private used = 0
  /** The chunk PostgreSQL is taking now: one COPY at a time on the connection. */
  private sending: Promise<void> = Promise.resolve()
  /** Rows for the staging round, by key (PostgreSQL refuses to touch one row twice in a statement). */
  private pending = new Map<string, unknown[]>()
  private staged = false
  /** Statements for the end of the import (buildDeferred). */
  private readonly deferred: string[] = []
  private readonly keyIndexes: number[]
  private readonly keyIndex: number
  /** The keys written, with their ids: `known`, which onWritten keeps (tables.ts entity), or our own. */
  private readonly ids: Map<string, number>

  constructor(
    private readonly client: pg.PoolClient,
    private readonly spec: UpsertSpec,
    private readonly known?: Map<string, number>,
  ) {
    this.keyIndexes = spec.conflict.map((c) => spec.columns.indexOf(c))
    this.keyIndex = spec.returning ? spec.columns.indexOf(spec.returning.key) : -1
    this.ids = known ?? new Map()
  }

  add(values: unknown[]): void | Promise<void> {
    if (!this.ready) return this.start().then(() => this.add(values))
    if (!this.bulk) return this.stage(values)
    const returning = this.spec.returning
    if (!returning) this.put(copyLine(values))
    else {
      const key = String(values[this.keyIndex])
      if (this.ids.has(key)) {
        this.bulk.late.delete(key)
        this.bulk.late.set(key, values)
        return
      }
      const id = this.bulk.nextId++
      // Millions of parts: one write to the map, not two.
      if (this.known && this.onWritten) this.onWritten(key, id)
      else {
        this.ids.set(key, id)
        this.onWritten?.(key, id)
      }
      this.put(`${id}\t${copyLine(values)}`)
    }
    if (this.used >= CHUNK_BYTES) return this.send()
  }

  async flush() {
    if (!this.ready) return
    const bulk = this.bulk
    if (!bulk) return this.merge()
    if (this.used) void this.send()
    await this.sending
    this.bulk = undefined
    if (bulk.sequence) await this.client.query('SELECT setval($1, $2)', [bulk.sequence, bulk.nextId - 1])
    await this.rebuild(bulk.rebuild)
    await this.overwrite(bulk.late)
  }

  /** The keys left for the end of the import: built before a row is merged in, or at the commit. */
  async buildDeferred() {
    for (const statement of this.deferred.splice(0)) await this.client.query(statement)
  }

  /** Loads an empty table without its keys, else stages; decided at the first row. */
  private async start() {
    this.ready = true
    const { table, columns, returning } = this.spec
    const state = await this.client.query<{ empty: boolean; referenced: boolean }>(
      `SELECT NOT EXISTS (SELECT 1 FROM ${table}) AS empty,
        EXISTS (SELECT 1 FROM pg_constraint WHERE contype = 'f' AND confrelid = $1::regclass) AS referenced`,
      [table],
    )
    const { empty, referenced } = state.rows[0] ?? {}
    // A table a foreign key points at cannot be emptied with TRUNCATE; such tables are the few small ones.
    if (!empty || referenced) return
    // TRUNCATE gives the table a new file in this transaction: COPY may then FREEZE its rows, and the rows
    // lie in the file in the order they were sent, which the duplicate rule below relies on.
    await this.client.query(`TRUNCATE ${table}`)
    const keys = await this.client.query<{ name: string; def: string; con: string | null; condef: string }>(
      `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS def, c.conname AS con,
        pg_get_constraintdef(c.oid) AS condef
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.conrelid = x.indrelid AND c.contype IN ('p', 'u')
      WHERE x.indrelid = $1::regclass`,
      [table],
    )
    const rebuild: string[] = []
    // The natural key of rows found by id (a part's number) is kept unique by the key map while the import
    // runs and read by nothing before its end: built last, the updates of the parts' markers need not
    // keep it, and the parts file's time is the rows'.
    const naturalKey = returning ? `UNIQUE (${this.spec.conflict.join(', ')})` : null
    for (const k of keys.rows) {
      if (k.con) {
        await this.client.query(`ALTER TABLE ${table} DROP CONSTRAINT ${k.con}`)
        const add = `ALTER TABLE ${table} ADD CONSTRAINT ${k.con} ${k.condef}`
        if (k.condef === naturalKey) this.deferred.push(add)
        else rebuild.push(add)
      } else {
        await this.client.query(`DROP INDEX ${k.name}`)
        rebuild.push(k.def)
      }
    }
    let sequence: string | null = null
    let nextId = 0
    if (returning) {
      const seq = await this.client.query<{ s: string }>('SELECT pg_get_serial_sequence($1, $2) AS s', [
        table,
        returning.id,
      ])
      sequence = seq.rows[0]?.s ?? null
      if (!sequence) throw new Error(`${table}.${returning.id} has no sequence`)
      const next = await this.client.query<{ n: number }>('SELECT nextval($1) AS n', [sequence])
      nextId = Number(next.rows[0]?.n)
    }
    this.bulk = { rebuild, nextId, sequence, late: new Map() }
    const copied = returning ? [returning.id, ...columns] : columns
    this.copySql = `COPY ${table} (${copied.join(', ')}) FROM STDIN WITH (FREEZE)`
  }

  /** Sends the lines made so far and answers the chunk before (its error, if it failed): PostgreSQL takes
   * one chunk while the next is being made. */
  private send(): Promise<void> {
    const data = this.chunk.subarray(0, this.used)
    this.chunk = Buffer.allocUnsafe(CHUNK_BYTES + CHUNK_SLACK)
    this.used = 0
    const before = this.sending
    this.sending = before.then(() => copyIn(this.client, this.copySql, data))
    // Waited for by the next send or flush; until then its failure is not unhandled.
    this.sending.catch(() => {})
    return before
  }

  private put(line: string) {
    // A UTF-8 character takes at most three bytes per UTF-16 unit; a line longer than the slack (a large
    // drawing) makes its chunk larger.
    const room = this.used + line.length * 3
    if (room > this.chunk.length) {
      const larger = Buffer.allocUnsafe(room)
      this.chunk.copy(larger, 0, 0, this.used)
      this.chunk = larger
    }
    this.used += this.chunk.write(line, this.used)
  }

  /** The keys back; rows that repeat a key, which only a table without ids can hold, keep the last one. */
  private async rebuild(statements: string[]) {
    const run = async () => {
      for (const statement of statements) await this.client.query(statement)
    }
    await this.client.query('SAVEPOINT epc_keys')
    try {
      await run()
    } catch (error) {
      if ((error as { code?: string }).code !== '23505' || this.spec.returning) throw error
      await this.client.query('ROLLBACK TO SAVEPOINT epc_keys')
      const key = this.spec.conflict.join(', ')
      await this.client.query(`DELETE FROM ${this.spec.table} WHERE ctid IN (
        SELECT ctid FROM (SELECT ctid, row_number() OVER (PARTITION BY ${key} ORDER BY ctid DESC) AS n
          FROM ${this.spec.table}) d WHERE n > 1)`)
      await run()
    }
    await this.client.query('RELEASE SAVEPOINT epc_keys')
  }

  /** Rows written over the rows of their keys, found by id: the last of a key wins, as in a merge. */
  private async overwrite(late: Map<string, unknown[]>) {
    const { table, columns, update, returning } = this.spec
    if (!late.size || !returning || !update.length) return
    const list = [returning.id, ...columns].join(', ')
    const stage = `epc_late_${table}`
    await this.client.query(
      `CREATE TEMP TABLE IF NOT EXISTS ${stage} ON COMMIT DROP AS SELECT ${list} FROM ${table} WITH NO DATA`,
    )
    let text = ''
    for (const [key, values] of late) text += `${this.ids.get(key)}\t${copyLine(values)}`
    await copyIn(this.client, `COPY ${stage} (${list}) FROM STDIN`, text)
    await this.client.query(
      `UPDATE ${table} t SET ${update.map((c) => `${c} = l.${c}`).join(', ')}
      FROM ${stage} l WHERE t.${returning.id} = l.${returning.id}`,
    )
    await this.client.query(`TRUNCATE ${stage}`)
  }

  private stage(values: unknown[]): void | Promise<void> {
    if (this.deferred.length) return this.buildDeferred().then(() => this.stage(values))
    const key = this.keyIndexes.map((i) => String(values[i])).join('\u0001')
    this.pending.delete(key)
    this.pending.set(key, values)
    if (this.pending.size >= MERGE_ROWS) return this.merge()
  }

  private async merge() {
    if (!this.pending.size) return
    const rows = [...this.pending.values()]
    this.pending = new Map()
    const { table, columns, returning } = this.spec
    const list = columns.join(', ')
    const stage = `epc_stage_${table}`
    if (!this.staged) {
      await this.client.query(
        `CREATE TEMP TABLE IF NOT EXISTS ${stage} ON COMMIT DROP AS SELECT ${list} FROM ${table} WITH NO DATA`,
      )
      this.staged = true
    }
    let text = ''
    for (const row of rows) text += copyLine(row)
    await copyIn(this.client, `COPY ${stage} (${list}) FROM STDIN`, text)
    const result = await this.client.query(
      `INSERT INTO ${table} (${list}) SELECT ${list} FROM ${stage} ${conflictClause(this.spec)}`,
    )
    await this.client.query(`TRUNCATE ${stage}`)
    if (returning && this.onWritten) {
      for (const row of result.rows as Record<string, unknown>[]) {
        this.onWritten(String(row[returning.key]), Number(row[returning.id]))
      }
    }
  }
}

export async function openPgWriter(pool: pg.Pool): Promise<ImportWriter> {
  const client = await pool.connect()
  await client.query('BEGIN')
  // Keys are built from millions of rows and the name index sorts millions: in memory, for this import only.
  await client.query("SET LOCAL maintenance_work_mem = '1GB'")
  await client.query("SET LOCAL work_mem = '256MB'")
  const batches: PgCopyBatch[] = []
  return {
    dialect: 'postgres',
    upsert: (spec, known) => {
      const batch = new PgCopyBatch(client, spec, known)
      batches.push(batch)
      return batch
    },
    exec: async (statement) => void (await client.query(statement)),
    query: async <R>(statement: string, params?: unknown[]) =>
      (await client.query(statement, params)).rows as R[],
    buildKeys: async () => {
      for (const batch of batches) await batch.buildDeferred()
    },
    // A failed commit is followed by the importer's rollback, which hands the connection back.
    commit: async () => {
      for (const batch of batches) await batch.buildDeferred()
      await client.query('COMMIT')
      client.release()
    },
    rollback: async () => {
      try {
        await client.query('ROLLBACK')
        client.release()
      } catch (error) {
        // A connection that failed here is not handed out again.
        client.release(error as Error)
        throw error
      }
    },
  }
}
