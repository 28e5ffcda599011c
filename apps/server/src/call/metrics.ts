// Prometheus metrics of the process (GET /metrics, plugins/ops.ts): calls by path and result code with their
// time, quota refusals, bans, SMS sends, the PostgreSQL pool. One registry per process, as the counters are.
import type pg from 'pg'
import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client'

export const registry = new Registry()
collectDefaultMetrics({ register: registry })

// Calls are timed into plain arrays and turned into a histogram only when scraped: prom-client's own
// Histogram builds and hashes a labels object on every observe (about 3 µs here, a tenth of a cached look-up).
const CALL_SECONDS = 'epc_call_duration_seconds'
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]

interface Tally {
  labels: { path: string; code: string }
  /** Per bucket (and one past the last), not cumulative. */
  counts: number[]
  sum: number
  count: number
}

const tallies: Tally[] = []
const talliesOf = new Map<string, Record<string, Tally>>()

function histogramValues({ labels, counts, sum, count }: Tally) {
  let seen = 0
  const buckets = counts.map((n, i) => {
    seen += n
    const le = i < BUCKETS.length ? String(BUCKETS[i]) : '+Inf'
    return { metricName: `${CALL_SECONDS}_bucket`, labels: { ...labels, le }, value: seen }
  })
  return [
    ...buckets,
    { metricName: `${CALL_SECONDS}_sum`, labels, value: sum },
    { metricName: `${CALL_SECONDS}_count`, labels, value: count },
  ]
}

const help =
  'Envelope calls by path and ResultCode: time from the handler to the answer (_count counts calls)'
registry.registerMetric({
  name: CALL_SECONDS,
  help,
  get: async () => ({
    name: CALL_SECONDS,
    help,
    type: 'histogram',
    aggregator: 'sum',
    values: tallies.flatMap(histogramValues),
  }),
} as unknown as Metric)

const quotaRefusals = new Counter({
  name: 'epc_quota_refusals_total',
  help: 'Look-ups refused because the account used up its daily quota',
  registers: [registry],
})
const bans = new Counter({
  name: 'epc_bans_total',
  help: 'Accounts banned by the burst detector',
  registers: [registry],
})
const smsSends = new Counter({
  name: 'epc_sms_sent_total',
  help: 'SMS codes handed to the provider, by provider and outcome (sent, failed)',
  labelNames: ['provider', 'outcome'],
  registers: [registry],
})

let pool: pg.Pool | undefined
new Gauge({
  name: 'epc_db_pool_connections',
  help: 'PostgreSQL pool connections: total, idle, and clients waiting for one',
  labelNames: ['state'],
  registers: [registry],
  collect() {
    if (!pool) return
    this.set({ state: 'total' }, pool.totalCount)
    this.set({ state: 'idle' }, pool.idleCount)
    this.set({ state: 'waiting' }, pool.waitingCount)
  },
})

/** What features count; modules reach it through call/index.ts. */
export const metrics = {
  smsSent(provider: string, outcome: 'sent' | 'failed') {
    smsSends.labels(provider, outcome).inc()
  },
  quotaRefused() {
    quotaRefusals.inc()
  },
  banned() {
    bans.inc()
  },
  /** The pool the gauges read when scraped (the newest app's, in tests that build several). */
  watchPool(watched: pg.Pool | undefined) {
    pool = watched
  },
}

/** Records one call's answers; a path's tally per result code is made once, so a call allocates nothing. */
export function callMeter(path: string): (code: string, startedMs: number) => void {
  // Shared by every app of the process that registers the path (tests build several), like one series.
  const byCode = talliesOf.get(path) ?? {}
  talliesOf.set(path, byCode)
  return (code, startedMs) => {
    let tally = byCode[code]
    if (!tally) {
      tally = { labels: { path, code }, counts: new Array(BUCKETS.length + 1).fill(0), sum: 0, count: 0 }
      byCode[code] = tally
      tallies.push(tally)
    }
    const seconds = (performance.now() - startedMs) / 1000
    let i = 0
    while (i < BUCKETS.length && seconds > (BUCKETS[i] as number)) i++
    tally.counts[i] = (tally.counts[i] ?? 0) + 1
    tally.sum += seconds
    tally.count += 1
  }
}
