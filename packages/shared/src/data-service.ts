// The data service (issue 21; docs/open-api.md): the open API's limits, headers, signing rule and error
// table, and the texts of the owner's 数据服务 page. The zod schemas built from these are in
// data-service-schemas.ts.

/** The data-service trial's plan: 100 items, free, once per company. */
export const DATA_ITEMS_TRIAL_PLAN = 'data_items_trial'

export const DataServiceLimits = {
  /** Keys a company may hold at once (revoked ones not counted). */
  keysPerCompany: 20,
  keyNameMax: 30,
  /** Addresses and CIDR ranges a key may be limited to. */
  ipRangesMax: 20,
  /** A request's timestamp may differ from the server's clock by at most this much, either way. */
  signatureWindowMs: 5 * 60_000,
  nonceMin: 16,
  nonceMax: 64,
  /** An Idempotency-Key answers its first answer again for this long. */
  idempotencyTtlMs: 24 * 3_600_000,
  idempotencyKeyMax: 64,
  vinsPerRequest: 50,
  itemsPerRequest: 50,
  namesPerItem: 20,
  numbersPerRequest: 200,
  /** An asynchronous job's VIN and name pairs, at most. */
  pairsPerJob: 5_000,
  /** A finished job's answer is kept this long. */
  jobKeptMs: 7 * 86_400_000,
  /** Requests a second one key may make, unless the key says otherwise. */
  requestsPerSecond: 10,
  /** The usage table shows this many days back. */
  usageDays: 30,
  /** Origins (scheme, host and port) a key's embedded catalogue may be framed by. */
  embedOriginsMax: 10,
  /** An embedded catalogue's link must be opened within this long of being made, and only once. */
  embedLinkTtlMs: 10 * 60_000,
  /** An embedded catalogue, once opened, works this long. */
  embedSessionTtlMs: 2 * 3_600_000,
} as const

/**
 * The bearer tokens of embedded catalogues start so: the server tells them from sign-in sessions without a
 * look-up, and they are never mistaken for one (docs/api.md "Embedded catalogue").
 */
export const EMBED_TOKEN_PREFIX = 'emb.'

/** The request headers of the signing rule (docs/open-api.md "Signing"); HTTP header names are case-blind. */
export const OpenApiHeaders = {
  appKey: 'x-epc-appkey',
  timestamp: 'x-epc-timestamp',
  nonce: 'x-epc-nonce',
  signature: 'x-epc-signature',
  idempotencyKey: 'idempotency-key',
} as const

/**
 * The text a request's signature is the HMAC-SHA256 of (keyed with the AppSecret's UTF-8 bytes): method,
 * path with its query string as sent, timestamp (Unix seconds), nonce and the lowercase hex SHA-256 of the
 * body's bytes (of nothing for a GET), joined by line feeds.
 */
export function stringToSign(parts: {
  method: string
  path: string
  timestamp: string
  nonce: string
  bodySha256: string
}): string {
  return [parts.method.toUpperCase(), parts.path, parts.timestamp, parts.nonce, parts.bodySha256].join('\n')
}

/** The open API's errors: one stable code each, its HTTP status and its Chinese and English messages. */
export const OpenApiErrors = {
  INVALID_REQUEST: {
    status: 400,
    zh: '请求格式错误：请求体应为 JSON 对象',
    en: 'The body must be a JSON object',
  },
  INVALID_FIELD: { status: 400, zh: '字段不正确', en: 'A field is missing or invalid' },
  AUTH_MISSING: {
    status: 401,
    zh: '缺少签名信息：请带上 X-Epc-AppKey、X-Epc-Timestamp、X-Epc-Nonce 和 X-Epc-Signature',
    en: 'Missing X-Epc-AppKey, X-Epc-Timestamp, X-Epc-Nonce or X-Epc-Signature',
  },
  APP_KEY_UNKNOWN: { status: 401, zh: 'AppKey 不存在', en: 'Unknown AppKey' },
  APP_KEY_REVOKED: { status: 401, zh: 'AppKey 已停用', en: 'The AppKey has been revoked' },
  TIMESTAMP_EXPIRED: {
    status: 401,
    zh: '时间戳与服务器时间相差超过 5 分钟，请校准时钟',
    en: 'The timestamp is more than 5 minutes away from the server clock',
  },
  NONCE_USED: {
    status: 401,
    zh: '该 nonce 已使用过：每个请求须用新的 nonce',
    en: 'The nonce has been used already; every request needs a new one',
  },
  SIGNATURE_INVALID: { status: 401, zh: '签名不正确', en: 'The signature does not match' },
  IP_NOT_ALLOWED: {
    status: 403,
    zh: '请求来源 IP 不在该 AppKey 允许的范围内',
    en: "The client's IP address is not allowed for this AppKey",
  },
  SERVICE_DISABLED: {
    status: 403,
    zh: '企业账号已停用，数据服务不可用',
    en: 'The account is disabled; the data service is unavailable',
  },
  NOT_FOUND: { status: 404, zh: '接口不存在', en: 'No such endpoint' },
  VIN_NOT_FOUND: {
    status: 404,
    zh: '目录中没有该车架号对应的车型',
    en: 'The catalogue has no model for this VIN',
  },
  EMBED_NO_ORIGINS: {
    status: 403,
    zh: '该 AppKey 未设置嵌入来源：请在数据服务页面填写允许嵌入目录的网站地址',
    en: 'The AppKey has no embed origins; set them on the data service page',
  },
  EMBED_TEST_KEY: {
    status: 403,
    zh: '测试密钥不能打开嵌入目录，请使用正式密钥',
    en: 'A test key cannot open an embedded catalogue; use a live key',
  },
  QUOTA_EXHAUSTED: {
    status: 402,
    zh: '数据服务条数已用完，请购买数据服务套餐',
    en: 'No data-service items are left; buy a data-service pack',
  },
  JOB_NOT_FOUND: { status: 404, zh: '任务不存在或已过期', en: 'No such job, or it has expired' },
  JOB_NOT_DONE: {
    status: 409,
    zh: '任务尚未完成，请稍后再取结果',
    en: 'The job has not finished yet; fetch its result later',
  },
  IDEMPOTENCY_CONFLICT: {
    status: 409,
    zh: '同一 Idempotency-Key 已用于不同的请求',
    en: 'The Idempotency-Key was used with a different request',
  },
  PAYLOAD_TOO_LARGE: { status: 413, zh: '请求体过大', en: 'The body is too large' },
  RATE_LIMITED: {
    status: 429,
    zh: '请求过于频繁，请按 Retry-After 稍后重试',
    en: 'Too many requests; retry after the Retry-After seconds',
  },
  SERVER_ERROR: { status: 500, zh: '服务器内部错误，请稍后重试', en: 'Internal error; please retry later' },
} as const satisfies Record<string, { status: number; zh: string; en: string }>

export type OpenApiErrorCode = keyof typeof OpenApiErrors

/** An error's body: `{ error: { code, message, message_en } }`; a field error names the field. */
export interface OpenApiErrorBody {
  error: { code: OpenApiErrorCode; message: string; message_en: string; field?: string }
}

/** A key as the 数据服务 page lists it; the AppSecret is shown once, in CreatedKey, and never again. */
export interface ApiKeyRow {
  KeyId: number
  Name: string
  AppKey: string
  IsTest: boolean
  IpRanges: string[]
  /** Origins allowed to frame this key's embedded catalogues ('https://erp.example.com'); none: no embedding. */
  EmbedOrigins: string[]
  /** 'active' or 'revoked'. */
  State: 'active' | 'revoked'
  /** Beijing `YYYY-MM-DD HH:mm:ss`; '' when never. */
  CreatedTime: string
  LastUsedTime: string
  RevokedTime: string
}

/** The answer of creating or rotating a key: the row and its AppSecret, shown this once. */
export interface CreatedKey {
  Key: ApiKeyRow
  AppSecret: string
}

/** A day of one key's use (the usage table): Beijing date `YYYY-MM-DD`. */
export interface ApiUsageRow {
  Day: string
  KeyId: number
  AppKey: string
  Name: string
  Requests: number
  ItemsCharged: number
  ItemsFree: number
}

export interface ApiUsageAnswer {
  rows: ApiUsageRow[]
  /** Items left in the company's data-service packs (trial included). */
  ItemsLeft: number
  /** The company has claimed the data-service trial, which is offered once. */
  TrialClaimed: boolean
}

export const DataServiceMessages = {
  ownerOnly: '只有企业主账号可以管理数据服务密钥',
  keyName: `请填写密钥名称（1至${DataServiceLimits.keyNameMax}个字）`,
  keyId: '请选择密钥',
  keyNotFound: '密钥不存在',
  keyRevoked: '密钥已停用，不能再修改',
  tooManyKeys: `每个企业最多保留 ${DataServiceLimits.keysPerCompany} 个启用的密钥，请先停用不用的密钥`,
  ipRanges: `IP 范围不正确：每行一个 IPv4/IPv6 地址或 CIDR 网段（如 203.0.113.0/24），最多 ${DataServiceLimits.ipRangesMax} 个`,
  usageDays: `统计天数应为 1 至 ${DataServiceLimits.usageDays} 天`,
  embedOrigins: `嵌入来源不正确：每行一个网站地址，如 https://erp.example.com（协议、域名和端口，不带路径），最多 ${DataServiceLimits.embedOriginsMax} 个`,
} as const

/** An embedded catalogue's link, opened (docs/api.md "Embedded catalogue"): its session, limited to one VIN. */
export interface EmbedSession {
  /** The bearer token of this catalogue's calls (starts with EMBED_TOKEN_PREFIX). */
  Token: string
  Vin: string
  /** The catalogue models of the VIN: the only ones this session may look at. */
  ModelIds: string[]
  CompanyName: string
  /** When the session ends (ms since the epoch). */
  ExpiresAt: number
}

/** The texts of embedded catalogues, on the server's refusals and in the page. */
export const EmbedMessages = {
  linkInvalid: '嵌入链接已失效（链接只能打开一次，且须在生成后 10 分钟内打开），请从原系统重新打开',
  sessionOver: '嵌入目录已结束，请从原系统重新打开',
  notInEmbed: '嵌入目录不能使用此功能',
  otherVin: '嵌入目录只能查看生成链接时的车架号',
  noItems: '数据服务条数已用完，请联系企业主购买数据服务',
} as const
