// Operations endpoints outside the envelope: /healthz (the process answers), /readyz (what a request needs is
// there: the database, Redis when configured, the migrations), /metrics (Prometheus, METRICS_ALLOW only).
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { registry } from '../call/metrics'
import type { Db } from '../db/database'
import { pendingMigrations } from '../db/migrate'
import { addressList } from '../lib/address-list'
import type { SharedStore } from '../store/shared-store'

export interface OpsOptions {
  db: Db
  store: SharedStore
  /** Redis is checked only when it is the store (REDIS_URL). */
  redis: boolean
  metricsAllow: string[]
}

// A check that hangs (Redis reconnecting, the pool exhausted) fails instead of holding the probe.
const CHECK_MS = 2000

async function check(run: () => Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_MS} ms`)), CHECK_MS)
  })
  try {
    const problem = await Promise.race([run(), timeout])
    return typeof problem === 'string' ? problem : 'ok'
  } catch (error) {
    return `failed: ${(error as Error).message}`
  } finally {
    clearTimeout(timer)
  }
}

export async function opsRoutes(app: FastifyInstance, opts: OpsOptions) {
  const metricsAllowed = addressList(opts.metricsAllow)

  app.get('/healthz', (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return { status: 'ok' }
  })

  app.get('/readyz', async (_request, reply) => {
    const checks: Record<string, string> = {
      database: await check(() => sql`select 1`.execute(opts.db.kysely)),
      migrations: await check(async () => {
        const pending = await pendingMigrations(opts.db)
        return pending.length ? `pending: ${pending.join(', ')}` : 'ok'
      }),
    }
    if (opts.redis) checks.redis = await check(() => opts.store.get('readyz'))
    const ready = Object.values(checks).every((c) => c === 'ok')
    reply.header('cache-control', 'no-store')
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks })
  })

  app.get('/metrics', async (request, reply) => {
    // Not found, rather than forbidden, for everyone else: nothing tells a scanner it is here.
    if (!metricsAllowed(request.ip)) return reply.callNotFound()
    reply.header('cache-control', 'no-store').type(registry.contentType)
    return registry.metrics()
  })
}
