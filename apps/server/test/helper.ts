// Builds the app in-process on a fresh real database (SQLite always, PostgreSQL when TEST_DATABASE_URL is
// set) and talks to it through the real envelope, as a client would.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_SITE_KEYS, type EnvelopeRequest, Messages, type SiteKeys } from '@epc/shared'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import pg from 'pg'
import { expect } from 'vitest'
import { type AppParts, buildApp } from '../src/app'
import { decodeData, sealRequest } from '../src/call/envelope-codec'
import type { Clock } from '../src/clock'
import { type Config, loadConfig } from '../src/config'
import type { AppContext } from '../src/context'
import { type Db, openDatabase } from '../src/db/database'
import { type MigrationName, migrateToLatest } from '../src/db/migrate'
import { seedDemoAccount } from '../src/db/seed/demo-account'
import type { SmsProvider } from '../src/modules/accounts/sms/sms-provider'
import { MemoryStore, type SharedStore } from '../src/store/shared-store'

export type DbKind = 'sqlite' | 'postgres'

/**
 * scrypt's cost (log2 N) in test servers: the lowest the config takes. Production's 17 costs 0.7 s of CPU a
 * hash on a slow two-core machine, and the tests sign in hundreds of times.
 */
export const TEST_PASSWORD_HASH_COST = '10'

/** The databases every integration test runs against. */
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

export class ManualClock implements Clock {
  constructor(public ms = Date.now()) {}
  now() {
    return this.ms
  }
  advance(ms: number) {
    this.ms += ms
  }
}

export interface FreshDatabase {
  db: Db
  url?: string
  /** What a server process needs to open this database (onDisk for SQLite). */
  serverEnv: Record<string, string>
  /** Another handle on the same database, as another server process would open (onDisk for SQLite). */
  openAnother(): Db
  drop(): Promise<void>
}

/**
 * A fresh, migrated database of the given kind; PostgreSQL gets a database of its own, dropped on close.
 * SQLite is in memory unless onDisk (a file in the system's temporary folder, removed on close).
 */
export async function freshDatabase(
  kind: DbKind,
  opts: { onDisk?: boolean; upTo?: MigrationName } = {},
): Promise<FreshDatabase> {
  if (kind === 'sqlite') {
    const folder = opts.onDisk ? mkdtempSync(join(tmpdir(), 'epc-test-')) : undefined
    const sqlitePath = folder ? join(folder, 'epc.sqlite') : ':memory:'
    const db = openDatabase({ sqlitePath })
    await migrateToLatest(db, opts.upTo)
    return {
      db,
      serverEnv: folder ? { SQLITE_PATH: sqlitePath } : {},
      openAnother: () => {
        if (!folder) throw new Error('an in-memory database has no other handle; ask for onDisk')
        return openDatabase({ sqlitePath })
      },
      drop: async () => {
        await db.close()
        if (folder) rmSync(folder, { recursive: true, force: true })
      },
    }
  }
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `epc_t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const db = openDatabase({ databaseUrl: url.toString(), sqlitePath: '' })
  await migrateToLatest(db, opts.upTo)
  return {
    db,
    url: url.toString(),
    serverEnv: { DATABASE_URL: url.toString() },
    openAnother: () => openDatabase({ databaseUrl: url.toString(), sqlitePath: '' }),
    async drop() {
      await db.close()
      const again = new pg.Client({ connectionString: adminUrl })
      await again.connect()
      // A closed pool's connections may still be saying goodbye; forcing them off at once makes pg raise
      // 57P01 in this process, so wait for them first and only force what is left after that.
      for (let attempt = 0; ; attempt++) {
        try {
          await again.query(`DROP DATABASE IF EXISTS ${name}${attempt < 20 ? '' : ' WITH (FORCE)'}`)
          break
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error
          await new Promise((done) => setTimeout(done, 100))
        }
      }
      await again.end()
    },
  }
}

export interface CallAnswer<T = unknown> {
  status: number
  ResultCode: string
  ResultMsg: string
  data?: T
  raw: Record<string, unknown>
}

export interface TestApp {
  app: FastifyInstance
  ctx: AppContext
  clock: ManualClock
  /** Calls an API path through the envelope. */
  call<T = unknown>(path: string, payload: object, opts?: CallOptions): Promise<CallAnswer<T>>
  /** Posts a prepared body as it is. */
  post(
    path: string,
    body: unknown,
    opts?: { token?: string; headers?: Record<string, string>; remoteAddress?: string },
  ): Promise<CallAnswer>
  seal(payload: object, opts?: { keys?: SiteKeys; timespan?: number }): EnvelopeRequest
  login(mobile?: string, password?: string): Promise<string>
  close(): Promise<void>
}

export interface CallOptions {
  token?: string
  keys?: SiteKeys
  timespan?: number
  remoteAddress?: string
}

export async function startTestApp(
  kind: DbKind,
  opts: {
    config?: Partial<Config>
    store?: SharedStore
    sms?: SmsProvider
    logger?: AppParts['logger']
    prepare?: (app: FastifyInstance) => void
    /** A database made by the test (left open on close), instead of a fresh one of `kind`. */
    db?: Db
    /** What fills the database before the test: the demo account unless given (seedDemo sets up as a start). */
    seed?: (ctx: AppContext) => Promise<unknown>
    /** Serve the web app from config.webDist, as server.ts does. */
    serveWeb?: boolean
  } = {},
): Promise<TestApp> {
  const { db, drop } = opts.db ? { db: opts.db, drop: async () => {} } : await freshDatabase(kind)
  const clock = new ManualClock()
  const config = {
    ...loadConfig({ SMS_PROVIDER: 'console', PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST }),
    demoCataloguePath: ':memory:',
    ...opts.config,
  }
  const store = opts.store ?? new MemoryStore(() => clock.now())
  const app = await buildApp({
    config,
    db,
    store,
    clock,
    sms: opts.sms,
    logger: opts.logger,
    serveWeb: opts.serveWeb,
  })
  await (
    opts.seed ?? ((ctx) => seedDemoAccount(ctx.db.kysely, ctx.clock.now(), ctx.config.passwordHashCost))
  )(app.ctx)
  opts.prepare?.(app)
  await app.ready()

  const post: TestApp['post'] = async (path, body, o = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: path,
      remoteAddress: o.remoteAddress,
      headers: {
        'content-type': 'application/json',
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...o.headers,
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    })
    const raw = res.json() as Record<string, unknown>
    return {
      status: res.statusCode,
      ResultCode: raw.ResultCode as string,
      ResultMsg: raw.ResultMsg as string,
      data: typeof raw.data === 'string' ? decodeData(raw.data) : undefined,
      raw,
    }
  }
  const seal: TestApp['seal'] = (payload, o = {}) =>
    sealRequest(o.keys ?? DEMO_SITE_KEYS, payload, { timespan: o.timespan ?? clock.now() })
  const call = async <T>(path: string, payload: object, o: CallOptions = {}) =>
    (await post(path, seal(payload, o), { token: o.token, remoteAddress: o.remoteAddress })) as CallAnswer<T>

  return {
    app,
    ctx: app.ctx,
    clock,
    call,
    post,
    seal,
    async login(mobile = '13800138000', password = 'demo1234') {
      const answer = await call<{ Token: string }>('/api/author/login', {
        Mobile: mobile,
        Password: password,
      })
      if (answer.ResultCode !== '10000' || !answer.data) throw new Error(`login failed: ${answer.ResultMsg}`)
      return answer.data.Token
    },
    async close() {
      await app.close()
      await store.close()
      await drop()
    },
  }
}

/**
 * The tables a call may write: every table of the schema but the catalogue's (cat_*, written by imports only)
 * and vin_queries (the VIN history lands in batches up to 200 ms after a query answered, vin-history.ts, so
 * during whatever request comes next). Read from the database, so a table added later is covered too.
 */
export async function writableTables(db: Db): Promise<string[]> {
  const tables = await db.kysely.introspection.getTables()
  return tables
    .map((table) => table.name)
    .filter((name) => !name.startsWith('cat_') && name !== 'vin_queries')
    .sort()
}

/** Every row of every table a call may write (writableTables), to show that a refused call changed nothing. */
export async function snapshot(db: Db): Promise<string> {
  const out: Record<string, unknown[]> = {}
  for (const t of await writableTables(db)) {
    out[t] = (await sql`select * from ${sql.table(t)} order by 1, 2, 3`.execute(db.kysely)).rows
  }
  return JSON.stringify(out)
}

/** Reads the newest code the console SMS provider sent to a mobile, as the dev route would. */
export async function latestSmsCode(t: TestApp, mobile: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/smscode?mobile=${mobile}` })
  if (res.statusCode !== 200) throw new Error(`no SMS code for ${mobile}`)
  return (res.json() as { code: string }).code
}

/** Each call, sent without a login, answers 401 40100 请先登录 (checked call by call, each named on failure). */
export async function expectNotLoggedIn(t: TestApp, calls: readonly (readonly [string, object])[]) {
  for (const [path, payload] of calls) {
    const answer = await t.call(path, payload)
    expect([path, answer.status, answer.ResultCode, answer.ResultMsg]).toEqual([
      path,
      401,
      '40100',
      Messages.notLoggedIn,
    ])
  }
}
