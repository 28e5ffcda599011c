// Reads the server's settings from the environment; every tunable of the platform lives here.
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_SITE_KEYS, type SiteTable } from '@epc/shared'

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

export interface QuotaConfig {
  /** Catalogue look-ups an account may make per day (Beijing time). */
  dailyLimit: number
  /** A minute with more look-ups than this counts as a burst minute. */
  burstPerMinute: number
  /** This many burst minutes in a row ban the account. */
  burstMinutes: number
}

export interface Config {
  port: number
  host: string
  production: boolean
  databaseUrl?: string
  sqlitePath: string
  redisUrl?: string
  redisPrefix: string
  smsProvider: 'console'
  sites: SiteTable
  quota: QuotaConfig
  webDist: string
  logLevel: string
  /** Proxy addresses whose X-Forwarded-* headers are believed (comma-separated, as Fastify's trustProxy). */
  trustProxy: string | false
  /** SMS codes one client address may ask for in an hour (SMS bombing of many numbers). */
  smsPerAddressHour: number
  /** Memory for cached catalogue answers (encoded); 0 turns the cache off. */
  answerCacheBytes: number
  /** A request must have arrived whole within this time, its headers within headersTimeoutMs. */
  requestTimeoutMs: number
  headersTimeoutMs: number
  /** Origins that may frame the app (CSP frame-ancestors): the desktop host, an embedded catalogue. */
  frameAncestors: string[]
  /** Origins forms may post to besides the app's own (CSP form-action): the payment gateway. */
  formAction: string[]
  /** API bases of other hosts the web app calls (CSP connect-src), as VITE_SITES's apiBase entries. */
  apiOrigins: string[]
  /** Client addresses or subnets (CIDR) that may read /metrics, judged by request.ip after TRUST_PROXY. */
  metricsAllow: string[]
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got ${raw}`)
  return n
}

/** A comma-separated list; an unset variable gives the fallback. */
function listFrom(env: NodeJS.ProcessEnv, name: string, fallback: string[]): string[] {
  const raw = env[name]
  if (raw === undefined) return fallback
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

function readSites(file: string | undefined): SiteTable {
  if (!file) return { default: DEMO_SITE_KEYS }
  const table = JSON.parse(readFileSync(file, 'utf8')) as SiteTable
  if (!table.default) throw new Error(`${file} has no "default" entry`)
  for (const [host, keys] of Object.entries(table)) {
    if (!/^[0-9a-f]{64}$/.test(keys.contentKey) || !keys.signKey) {
      throw new Error(`${file}: ${host} needs a 64-hex contentKey and a signKey`)
    }
  }
  return table
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const requestTimeoutMs = intFrom(env, 'REQUEST_TIMEOUT_MS', 30_000)
  const headersTimeoutMs = intFrom(env, 'HEADERS_TIMEOUT_MS', 10_000)
  // Node needs both, and the headers' time-out within the request's.
  if (requestTimeoutMs === 0 || headersTimeoutMs === 0 || headersTimeoutMs > requestTimeoutMs) {
    throw new Error(
      'REQUEST_TIMEOUT_MS and HEADERS_TIMEOUT_MS must be positive, the second not above the first',
    )
  }
  const production = env.NODE_ENV === 'production'
  const smsProvider = (env.SMS_PROVIDER ?? 'console') as Config['smsProvider']
  if (smsProvider !== 'console') throw new Error(`Unknown SMS_PROVIDER ${smsProvider}`)
  if (production && smsProvider === 'console') {
    throw new Error(
      'The console SMS provider is for development only; configure a real SMS_PROVIDER in production',
    )
  }
  return {
    port: intFrom(env, 'PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    production,
    databaseUrl: env.DATABASE_URL || undefined,
    sqlitePath: env.SQLITE_PATH ?? resolve(REPO_ROOT, 'data/epc.sqlite'),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'epc:',
    smsProvider,
    sites: readSites(env.SITES_FILE),
    quota: {
      dailyLimit: intFrom(env, 'QUOTA_DAILY_LIMIT', 1000),
      burstPerMinute: intFrom(env, 'BURST_PER_MINUTE', 60),
      burstMinutes: intFrom(env, 'BURST_MINUTES', 5),
    },
    webDist: env.WEB_DIST ?? resolve(REPO_ROOT, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY || false,
    answerCacheBytes: intFrom(env, 'ANSWER_CACHE_MB', 64) * 1024 * 1024,
    smsPerAddressHour: intFrom(env, 'SMS_PER_ADDRESS_HOUR', 30),
    requestTimeoutMs,
    headersTimeoutMs,
    frameAncestors: listFrom(env, 'FRAME_ANCESTORS', ["'self'"]),
    formAction: listFrom(env, 'FORM_ACTION', []),
    apiOrigins: listFrom(env, 'API_ORIGINS', []),
    metricsAllow: listFrom(env, 'METRICS_ALLOW', ['127.0.0.1', '::1']),
  }
}
