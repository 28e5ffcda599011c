// Reads the server's settings from the environment; every tunable of the platform lives here.
import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_SITE_KEYS, isDemoKeys, type SiteTable, type SmsScene } from '@epc/shared'

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

export interface QuotaConfig {
  /** Catalogue look-ups an account may make per day (Beijing time). */
  dailyLimit: number
  /** A minute with more look-ups than this counts as a burst minute. */
  burstPerMinute: number
  /** This many burst minutes in a row ban the account. */
  burstMinutes: number
}

/** The SMS template of each scene, as the provider's console names it (Aliyun SMS_123…, Tencent a number). */
export type SmsTemplates = Record<SmsScene, string>

/** SMS_ENDPOINT overrides the provider's address (a test's fake): `http://127.0.0.1:9000`. */
export interface SmsEndpoint {
  protocol: 'http' | 'https'
  /** Host and port. */
  host: string
}

export type SmsConfig =
  | { provider: 'console' }
  | {
      provider: 'aliyun'
      accessKeyId: string
      accessKeySecret: string
      signName: string
      templates: SmsTemplates
      endpoint?: SmsEndpoint
    }
  | {
      provider: 'tencent'
      secretId: string
      secretKey: string
      sdkAppId: string
      region: string
      signName: string
      templates: SmsTemplates
      endpoint?: SmsEndpoint
    }

/** Our bank account that 对公转账 orders are paid to. */
export interface TransferAccount {
  name: string
  bank: string
  account: string
}

/** Alipay 电脑网站支付 in public-key mode (RSA2). */
export interface AlipaySettings {
  appId: string
  /** The app's private key (PKCS#8 PEM), which signs our requests. */
  privateKey: string
  /** Alipay's public key (SPKI PEM), which checks its notifies, return pages and answers. */
  alipayPublicKey: string
  /** The gateway address, https://openapi.alipay.com/gateway.do unless told. */
  gateway: string
}

/** WeChat Pay APIv3 Native in public-key mode (微信支付公钥, not platform certificates). */
export interface WechatSettings {
  mchid: string
  appid: string
  /** The serial number of the merchant API certificate whose private key signs our requests. */
  serialNo: string
  /** The merchant API private key (PKCS#8 PEM). */
  privateKey: string
  /** The WeChat Pay public key's id (PUB_KEY_ID_…), as answers and notifies name it in Wechatpay-Serial. */
  publicKeyId: string
  /** The WeChat Pay public key (SPKI PEM), which checks its answers and notifies. */
  publicKey: string
  /** The APIv3 key (32 characters) that notifies' resources are encrypted under. */
  apiV3Key: string
  /** The API's base address, https://api.mch.weixin.qq.com unless told. */
  gateway: string
}

/**
 * The payment platforms: the real ones (each channel offered only when configured), or the local fake
 * platform of development and tests (modules/fakepay), which production refuses.
 */
export type PaymentsConfig =
  | { platform: 'fake' }
  | { platform: 'real'; alipay?: AlipaySettings; wechat?: WechatSettings }

export interface Config {
  /** Absent when 对公转账 is not offered. */
  transferAccount: TransferAccount | null
  port: number
  host: string
  production: boolean
  databaseUrl?: string
  sqlitePath: string
  redisUrl?: string
  redisPrefix: string
  sms: SmsConfig
  payments: PaymentsConfig
  /** The site's own origin as the payment platforms reach it (notify_url, return_url), no trailing slash. */
  publicUrl: string
  /** PUBLIC_URL was given; otherwise embedded catalogues' links name the host the open API was called at. */
  publicUrlSet: boolean
  sites: SiteTable
  quota: QuotaConfig
  webDist: string
  logLevel: string
  /** Proxy addresses whose X-Forwarded-* headers are believed (comma-separated, as Fastify's trustProxy). */
  trustProxy: string | false
  /** SMS codes one client address may ask for in an hour (SMS bombing of many numbers). */
  smsPerAddressHour: number
  /** log2 of scrypt's N for new password hashes (lib/secrets.ts); below 17 only outside production. */
  passwordHashCost: number
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
  /** The key the data service's AppSecrets are sealed under (AES-256-GCM, 32 bytes). */
  dataServiceMasterKey: Buffer
  /** The demo catalogue test keys answer from (SQLite, built on first use); ':memory:' in tests. */
  demoCataloguePath: string
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got ${raw}`)
  return n
}

/**
 * PASSWORD_HASH_COST: 17 (OWASP's scrypt N=2^17) unless told. A lower cost is for the browser tests, whose
 * every test registers and signs in (0.7 s of CPU a hash on a slow two-core machine); production refuses it.
 */
export function readPasswordHashCost(env: NodeJS.ProcessEnv, production: boolean): number {
  const cost = intFrom(env, 'PASSWORD_HASH_COST', 17)
  if (cost < 10 || cost > 18) throw new Error(`PASSWORD_HASH_COST 须在 10 到 18 之间，现为 ${cost}`)
  if (production && cost < 17) throw new Error('生产模式的 PASSWORD_HASH_COST 不能低于 17')
  return cost
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

/**
 * The account bank transfers go to: all of TRANSFER_ACCOUNT_NAME, TRANSFER_BANK and TRANSFER_ACCOUNT_NO,
 * or none (对公转账 not offered). Outside production an unset account is a marked demo one.
 */
export function readTransferAccount(env: NodeJS.ProcessEnv, production: boolean): TransferAccount | null {
  const name = env.TRANSFER_ACCOUNT_NAME?.trim()
  const bank = env.TRANSFER_BANK?.trim()
  const account = env.TRANSFER_ACCOUNT_NO?.trim()
  if (name && bank && account) return { name, bank, account }
  if (name || bank || account) {
    throw new Error('对公转账须同时设置 TRANSFER_ACCOUNT_NAME、TRANSFER_BANK、TRANSFER_ACCOUNT_NO')
  }
  if (production) return null
  return {
    name: '汽配EPC演示科技有限公司（演示账户）',
    bank: '演示银行深圳分行',
    account: '6222 0000 0000 0000 000',
  }
}

function readSites(file: string | undefined, production: boolean): SiteTable {
  // The demo keys are published (protocol.md), so a production site signed with them has no protection.
  if (!file) {
    if (production) throw new Error('生产模式须用 SITES_FILE 配置本站的报文密钥，不能使用演示密钥')
    return { default: DEMO_SITE_KEYS }
  }
  const table = JSON.parse(readFileSync(file, 'utf8')) as SiteTable
  if (!table.default) throw new Error(`${file} has no "default" entry`)
  for (const [host, keys] of Object.entries(table)) {
    if (!/^[0-9a-f]{64}$/.test(keys.contentKey) || !keys.signKey) {
      throw new Error(`${file}: ${host} needs a 64-hex contentKey and a signKey`)
    }
    if (production && isDemoKeys(keys)) {
      throw new Error(`${file}: ${host} 使用了公开的演示密钥，生产模式须换成本站自己的密钥`)
    }
  }
  return table
}

/** The names that are missing (unset or empty) in env. */
function missing(env: NodeJS.ProcessEnv, names: string[]): string[] {
  return names.filter((name) => !env[name]?.trim())
}

function readSmsEndpoint(raw: string | undefined): SmsEndpoint | undefined {
  if (!raw) return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`SMS_ENDPOINT 须是 http(s)://主机[:端口]，现为 ${raw}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`SMS_ENDPOINT 须是 http(s)://主机[:端口]，现为 ${raw}`)
  }
  return { protocol: url.protocol === 'http:' ? 'http' : 'https', host: url.host }
}

/**
 * The SMS gateway. There is no default: the console provider (codes in the log, GET /api/dev/smscode) must be
 * asked for, which `npm start` does for development, so a server started otherwise never falls back to it.
 */
export function readSmsConfig(env: NodeJS.ProcessEnv, production: boolean): SmsConfig {
  const provider = env.SMS_PROVIDER
  if (!provider) {
    throw new Error('请设置 SMS_PROVIDER：aliyun（阿里云短信）、tencent（腾讯云短信），或仅供开发的 console')
  }
  if (provider === 'console') {
    if (production) {
      throw new Error(
        'SMS_PROVIDER=console 仅供开发使用，生产模式（NODE_ENV=production）须用 aliyun 或 tencent',
      )
    }
    return { provider }
  }
  const common = ['SMS_SIGN_NAME', 'SMS_TEMPLATE_REGISTER', 'SMS_TEMPLATE_LOGIN', 'SMS_TEMPLATE_RESETPWD']
  const own =
    provider === 'aliyun'
      ? ['ALIYUN_ACCESS_KEY_ID', 'ALIYUN_ACCESS_KEY_SECRET']
      : provider === 'tencent'
        ? ['TENCENT_SECRET_ID', 'TENCENT_SECRET_KEY', 'TENCENT_SMS_SDK_APP_ID']
        : undefined
  if (!own) throw new Error(`SMS_PROVIDER 只能是 aliyun、tencent 或 console，现为 ${provider}`)
  const absent = missing(env, [...own, ...common])
  if (absent.length > 0) throw new Error(`SMS_PROVIDER=${provider} 时须设置：${absent.join('、')}`)
  const value = (name: string) => (env[name] ?? '').trim()
  const verify = value('SMS_TEMPLATE_VERIFY') || value('SMS_TEMPLATE_LOGIN')
  const shared = {
    signName: value('SMS_SIGN_NAME'),
    templates: {
      register: value('SMS_TEMPLATE_REGISTER'),
      login: value('SMS_TEMPLATE_LOGIN'),
      resetpwd: value('SMS_TEMPLATE_RESETPWD'),
      // The account screens' checks (change or bind a mobile, cancel) share one 身份验证 template; a site
      // that has none approved uses its login template, which says the same.
      changemobile: verify,
      bindmobile: verify,
      cancel: verify,
    },
    endpoint: readSmsEndpoint(env.SMS_ENDPOINT),
  }
  if (provider === 'aliyun') {
    return {
      provider,
      accessKeyId: value('ALIYUN_ACCESS_KEY_ID'),
      accessKeySecret: value('ALIYUN_ACCESS_KEY_SECRET'),
      ...shared,
    }
  }
  return {
    provider: 'tencent',
    secretId: value('TENCENT_SECRET_ID'),
    secretKey: value('TENCENT_SECRET_KEY'),
    sdkAppId: value('TENCENT_SMS_SDK_APP_ID'),
    region: value('TENCENT_SMS_REGION') || 'ap-guangzhou',
    ...shared,
  }
}

const ALIPAY_NAMES = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE']
const WECHAT_NAMES = [
  'WECHAT_MCHID',
  'WECHAT_APPID',
  'WECHAT_SERIAL_NO',
  'WECHAT_PRIVATE_KEY_FILE',
  'WECHAT_PUBLIC_KEY_ID',
  'WECHAT_PUBLIC_KEY_FILE',
  'WECHAT_APIV3_KEY',
]

/**
 * An RSA key from a file, as PEM. The platforms' consoles hand out keys as PEM or as bare base64 (Alipay's
 * key tool: PKCS#8 or PKCS#1 private keys, SPKI public keys), so each is read and written out one way.
 */
function readKeyFile(name: string, file: string, kind: 'private' | 'public'): string {
  let text: string
  try {
    text = readFileSync(file, 'utf8').trim()
  } catch {
    throw new Error(`${name} 指向的文件无法读取：${file}`)
  }
  const der = Buffer.from(text.replace(/\s+/g, ''), 'base64')
  const tries: (() => KeyObject)[] =
    kind === 'private'
      ? [
          () => createPrivateKey(text),
          () => createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
          () => createPrivateKey({ key: der, format: 'der', type: 'pkcs1' }),
        ]
      : [
          () => createPublicKey(text),
          () => createPublicKey({ key: der, format: 'der', type: 'spki' }),
          () => createPublicKey({ key: der, format: 'der', type: 'pkcs1' }),
        ]
  for (const attempt of tries) {
    try {
      const key = attempt()
      if (key.asymmetricKeyType !== 'rsa') break
      return kind === 'private'
        ? (key.export({ format: 'pem', type: 'pkcs8' }) as string)
        : (key.export({ format: 'pem', type: 'spki' }) as string)
    } catch {
      // Not this encoding; the next one is tried.
    }
  }
  throw new Error(`${name}（${file}）不是有效的 RSA ${kind === 'private' ? '私钥' : '公钥'}`)
}

/** An http(s) address, without a trailing slash. */
function readHttpUrl(name: string, raw: string): string {
  let url: URL | undefined
  try {
    url = new URL(raw)
  } catch {}
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`${name} 须是 http(s):// 开头的地址，现为 ${raw}`)
  }
  return raw.replace(/\/+$/, '')
}

/**
 * The payment platforms and the site's public address. PAYMENT_PLATFORM=real (the default) offers each
 * channel whose settings are all given and none whose settings are all absent; half a channel is refused.
 * PAYMENT_PLATFORM=fake is the local fake platform, for development and tests only (`npm start` sets it).
 */
export function readPaymentsConfig(
  env: NodeJS.ProcessEnv,
  production: boolean,
  port: number,
): { payments: PaymentsConfig; publicUrl: string; publicUrlSet: boolean } {
  const platform = env.PAYMENT_PLATFORM?.trim() || 'real'
  if (platform !== 'real' && platform !== 'fake') {
    throw new Error(`PAYMENT_PLATFORM 只能是 real 或仅供开发的 fake，现为 ${platform}`)
  }
  if (platform === 'fake' && production) {
    throw new Error(
      'PAYMENT_PLATFORM=fake（本地模拟支付平台）仅供开发和测试使用，生产模式（NODE_ENV=production）须用 real 并配置支付宝或微信支付',
    )
  }
  const value = (name: string) => (env[name] ?? '').trim()
  const channel = (label: string, names: string[]) => {
    const absent = missing(env, names)
    if (absent.length === names.length) return false
    if (absent.length > 0) throw new Error(`启用${label}须设置：${absent.join('、')}`)
    return true
  }
  let payments: PaymentsConfig = { platform: 'fake' }
  if (platform === 'real') {
    const real: PaymentsConfig = { platform: 'real' }
    if (channel('支付宝', ALIPAY_NAMES)) {
      real.alipay = {
        appId: value('ALIPAY_APP_ID'),
        privateKey: readKeyFile('ALIPAY_PRIVATE_KEY_FILE', value('ALIPAY_PRIVATE_KEY_FILE'), 'private'),
        alipayPublicKey: readKeyFile('ALIPAY_PUBLIC_KEY_FILE', value('ALIPAY_PUBLIC_KEY_FILE'), 'public'),
        gateway: readHttpUrl(
          'ALIPAY_GATEWAY',
          value('ALIPAY_GATEWAY') || 'https://openapi.alipay.com/gateway.do',
        ),
      }
    }
    if (channel('微信支付', WECHAT_NAMES)) {
      const apiV3Key = value('WECHAT_APIV3_KEY')
      if (Buffer.byteLength(apiV3Key) !== 32) throw new Error('WECHAT_APIV3_KEY 须是 32 个字符的 APIv3 密钥')
      real.wechat = {
        mchid: value('WECHAT_MCHID'),
        appid: value('WECHAT_APPID'),
        serialNo: value('WECHAT_SERIAL_NO'),
        privateKey: readKeyFile('WECHAT_PRIVATE_KEY_FILE', value('WECHAT_PRIVATE_KEY_FILE'), 'private'),
        publicKeyId: value('WECHAT_PUBLIC_KEY_ID'),
        publicKey: readKeyFile('WECHAT_PUBLIC_KEY_FILE', value('WECHAT_PUBLIC_KEY_FILE'), 'public'),
        apiV3Key,
        gateway: readHttpUrl('WECHAT_GATEWAY', value('WECHAT_GATEWAY') || 'https://api.mch.weixin.qq.com'),
      }
    }
    payments = real
  }
  const offered = payments.platform === 'fake' || Boolean(payments.alipay || payments.wechat)
  const raw = value('PUBLIC_URL')
  if (!raw && production && offered) {
    throw new Error(
      '生产模式启用在线支付须设置 PUBLIC_URL（本站对外地址，如 https://epc.example.com），支付平台据此回调',
    )
  }
  const publicUrl = readHttpUrl('PUBLIC_URL', raw || `http://127.0.0.1:${port}`)
  // WeChat Pay takes notify addresses over https only; better refused at start than at the first payment.
  if (production && payments.platform === 'real' && payments.wechat && !publicUrl.startsWith('https://')) {
    throw new Error('微信支付只向 https 地址发送支付通知：生产模式的 PUBLIC_URL 须以 https:// 开头')
  }
  return { payments, publicUrl, publicUrlSet: raw !== '' }
}

// Outside production the AppSecrets are sealed under a published key, so a development database's secrets
// are as safe as its demo keys; production refuses to start without a key of its own.
const DEV_MASTER_KEY = createHash('sha256').update('汽配EPC development data-service master key').digest()

/** DATA_SERVICE_MASTER_KEY: 32 bytes as 64 hex digits or base64 (`openssl rand -base64 32`). */
export function readMasterKey(raw: string | undefined, production: boolean): Buffer {
  if (!raw) {
    if (production) {
      throw new Error(
        '生产模式须配置 DATA_SERVICE_MASTER_KEY（32 字节，64 位十六进制或 base64；如 openssl rand -base64 32）',
      )
    }
    return DEV_MASTER_KEY
  }
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64')
  if (key.length !== 32) throw new Error('DATA_SERVICE_MASTER_KEY 应为 32 字节：64 位十六进制或 base64')
  if (production && key.equals(DEV_MASTER_KEY))
    throw new Error('生产模式不能使用开发用的 DATA_SERVICE_MASTER_KEY')
  return key
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
  const sms = readSmsConfig(env, production)
  const port = intFrom(env, 'PORT', 8080)
  const { payments, publicUrl, publicUrlSet } = readPaymentsConfig(env, production, port)
  return {
    transferAccount: readTransferAccount(env, production),
    port,
    host: env.HOST ?? '0.0.0.0',
    production,
    databaseUrl: env.DATABASE_URL || undefined,
    sqlitePath: env.SQLITE_PATH ?? resolve(REPO_ROOT, 'data/epc.sqlite'),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'epc:',
    sms,
    payments,
    publicUrl,
    publicUrlSet,
    sites: readSites(env.SITES_FILE, production),
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
    passwordHashCost: readPasswordHashCost(env, production),
    requestTimeoutMs,
    headersTimeoutMs,
    frameAncestors: listFrom(env, 'FRAME_ANCESTORS', ["'self'"]),
    formAction: listFrom(env, 'FORM_ACTION', []),
    apiOrigins: listFrom(env, 'API_ORIGINS', []),
    dataServiceMasterKey: readMasterKey(env.DATA_SERVICE_MASTER_KEY, production),
    demoCataloguePath: env.DEMO_CATALOGUE_PATH ?? resolve(REPO_ROOT, 'data/demo-catalogue.sqlite'),
    metricsAllow: listFrom(env, 'METRICS_ALLOW', ['127.0.0.1', '::1']),
  }
}
