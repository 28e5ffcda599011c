// The data service's payload schemas: the 数据服务 page's calls (shared with its form) and the open API's
// request bodies (docs/open-api.md), which also feed its OpenAPI description.
import * as z from 'zod/mini'
import { DataServiceLimits, DataServiceMessages } from './data-service'
import { recordIdSchema, textSchema } from './zod-fields'

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/
const HEXTET = /^[0-9a-f]{1,4}$/i

function isIpv6(text: string): boolean {
  // An IPv4 tail (::ffff:192.0.2.1) stands for the last two groups.
  let body = text
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (tail) {
    if (!IPV4.test(tail[2] ?? '')) return false
    body = `${tail[1]}0:0`
  }
  const halves = body.split('::')
  if (halves.length > 2) return false
  const groups = halves.flatMap((h) => (h === '' ? [] : h.split(':')))
  if (!groups.every((g) => HEXTET.test(g))) return false
  return halves.length === 2 ? groups.length <= 7 : groups.length === 8
}

/** Whether an entry is an IPv4/IPv6 address or a CIDR range of one, as a key's allowed sources. */
export function isIpRange(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/')
  if (extra !== undefined) return false
  const v4 = IPV4.test(address)
  if (!v4 && !isIpv6(address)) return false
  if (bits === undefined) return true
  if (!/^\d{1,3}$/.test(bits)) return false
  return Number(bits) <= (v4 ? 32 : 128)
}

const ipRanges = z.pipe(
  z.array(z.string({ error: DataServiceMessages.ipRanges }), { error: DataServiceMessages.ipRanges }),
  z.transform((list: string[], ctx) => {
    const entries = [...new Set(list.map((e) => e.trim()).filter((e) => e !== ''))]
    if (entries.length > DataServiceLimits.ipRangesMax || !entries.every(isIpRange)) {
      ctx.issues.push({ code: 'custom', message: DataServiceMessages.ipRanges, input: list })
      return z.NEVER
    }
    return entries
  }),
)

/** An origin as a browser sends it: http(s), a host and perhaps a port (not the default); no path, query or user. */
export function isWebOrigin(entry: string): boolean {
  const match = /^(https?):\/\/([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:(\d{1,5}))?$/i.exec(entry)
  if (!match) return false
  const port = match[5]
  if (port === undefined) return true
  const n = Number(port)
  const fallback = match[1]?.toLowerCase() === 'https' ? 443 : 80
  return String(n) === port && n > 0 && n <= 65_535 && n !== fallback
}

const embedOrigins = z.pipe(
  z.array(z.string({ error: DataServiceMessages.embedOrigins }), { error: DataServiceMessages.embedOrigins }),
  z.transform((list: string[], ctx) => {
    const entries = [...new Set(list.map((e) => e.trim().replace(/\/$/, '').toLowerCase()).filter(Boolean))]
    if (entries.length > DataServiceLimits.embedOriginsMax || !entries.every(isWebOrigin)) {
      ctx.issues.push({ code: 'custom', message: DataServiceMessages.embedOrigins, input: list })
      return z.NEVER
    }
    return entries
  }),
)

const keyName = textSchema({
  label: '密钥名称',
  required: DataServiceMessages.keyName,
  max: DataServiceLimits.keyNameMax,
  plain: true,
})

const keyId = recordIdSchema(DataServiceMessages.keyId)

export const createApiKeySchema = z.object({
  Name: keyName,
  IsTest: z.optional(z.boolean({ error: '请选择是否为测试密钥' })),
  IpRanges: z.optional(ipRanges),
})

export const apiKeySchema = z.object({ KeyId: keyId })
export const renameApiKeySchema = z.object({ KeyId: keyId, Name: keyName })
export const setApiKeyIpsSchema = z.object({ KeyId: keyId, IpRanges: ipRanges })
export const setApiKeyEmbedSchema = z.object({ KeyId: keyId, EmbedOrigins: embedOrigins })
export const openEmbedLinkSchema = z.object({ Link: z.string({ error: '请求格式错误' }) })
export const apiUsageSchema = z.object({
  Days: z.optional(
    z
      .int({ error: DataServiceMessages.usageDays })
      .check(
        z.gte(1, { error: DataServiceMessages.usageDays }),
        z.lte(DataServiceLimits.usageDays, { error: DataServiceMessages.usageDays }),
      ),
  ),
})

// The open API's bodies. Field messages say which field, in Chinese; the error's `field` names it too.

const vin = z.string({ error: 'vin 应为17位车架号' })

export const openVinDecodeSchema = z.object({
  vins: z.array(vin, { error: 'vins 应为车架号数组' }).check(
    z.minLength(1, { error: 'vins 至少 1 个' }),
    z.maxLength(DataServiceLimits.vinsPerRequest, {
      error: `vins 最多 ${DataServiceLimits.vinsPerRequest} 个`,
    }),
  ),
})

export const openPartsLookupSchema = z.object({
  numbers: z.array(z.string({ error: 'numbers 应为零件号数组' }), { error: 'numbers 应为零件号数组' }).check(
    z.minLength(1, { error: 'numbers 至少 1 个' }),
    z.maxLength(DataServiceLimits.numbersPerRequest, {
      error: `numbers 最多 ${DataServiceLimits.numbersPerRequest} 个`,
    }),
  ),
})

const nameList = z
  .array(z.string({ error: 'names 应为配件名称数组' }), { error: 'names 应为配件名称数组' })
  .check(
    z.minLength(1, { error: 'names 至少 1 个' }),
    z.maxLength(DataServiceLimits.namesPerItem, { error: `names 最多 ${DataServiceLimits.namesPerItem} 个` }),
  )

/**
 * An item of parts/by-name and of a job: a VIN and the generic names asked for it; `model_id` chooses among
 * the catalogue models of a VIN that fits several (vin/decode lists them).
 */
const vinNames = z.object(
  { vin, names: nameList, model_id: z.optional(z.string({ error: 'model_id 应为车型编号字符串' })) },
  { error: 'items 的每一项应为 { vin, names } 对象' },
)

export const openPartsByNameSchema = z.object({
  items: z.array(vinNames, { error: 'items 应为数组' }).check(
    z.minLength(1, { error: 'items 至少 1 个' }),
    z.maxLength(DataServiceLimits.itemsPerRequest, {
      error: `items 最多 ${DataServiceLimits.itemsPerRequest} 个`,
    }),
  ),
})

/** An embedded catalogue for one VIN. */
export const openEmbedSchema = z.object({ vin })

/** An asynchronous job: up to 5,000 VIN and name pairs, each item as in parts/by-name. */
export const openJobSchema = z.object({
  items: z.array(vinNames, { error: 'items 应为数组' }).check(
    z.minLength(1, { error: 'items 至少 1 个' }),
    z.refine((items) => items.reduce((n, i) => n + i.names.length, 0) <= DataServiceLimits.pairsPerJob, {
      error: `一个任务最多 ${DataServiceLimits.pairsPerJob} 个 VIN 与名称组合`,
    }),
  ),
})

// The open API's answers, described once: the OpenAPI file is generated from these and the request schemas
// above (apps/server/src/modules/data-service/openapi.ts), and the server's answers are typed by them.

const nullableText = z.nullable(z.string())
const money = z.nullable(z.number())
const metering = {
  items_charged: z.int(),
  items_left: z.int(),
  test: z.boolean(),
}

const openModel = z.object({
  model_id: z.string(),
  name: z.string(),
  brand: z.string(),
  series: z.string(),
  manufacturer: z.string(),
  year: z.int(),
  engine: z.string(),
  transmission: z.string(),
  condition: z.string(),
  imported: z.boolean(),
})

const openDecode = z.object({
  maker: nullableText,
  brand: nullableText,
  country: nullableText,
  model_year: z.nullable(z.int()),
  model_year_candidates: z.array(z.int()),
  plant_code: nullableText,
  check_digit_valid: z.nullable(z.boolean()),
  expected_check_digit: nullableText,
  corrections: z.array(z.object({ position: z.int(), from: z.string(), to: z.string() })),
  warnings: z.array(z.string()),
})

export const openNamesAnswer = z.object({
  count: z.int(),
  names: z.array(
    z.object({
      name: z.string(),
      system: z.string(),
      unit: z.string(),
      pinyin: z.string(),
      initials: z.string(),
      aliases: z.array(z.string()),
    }),
  ),
})

export const openVinDecodeAnswer = z.object({
  results: z.array(
    z.object({
      vin: z.string(),
      status: z.enum(['ok', 'vin_not_found', 'vin_invalid', 'quota_exhausted']),
      message: z.optional(z.string()),
      decode: z.optional(openDecode),
      models: z.optional(z.array(openModel)),
      charged: z.boolean(),
    }),
  ),
  ...metering,
})

export const openPartsLookupAnswer = z.object({
  results: z.array(
    z.object({
      number: z.string(),
      status: z.enum(['ok', 'not_found', 'quota_exhausted']),
      current_number: z.optional(z.string()),
      superseded: z.optional(z.boolean()),
      old_number: z.optional(nullableText),
      name: z.optional(z.string()),
      generic_name: z.optional(z.string()),
      price: z.optional(money),
      substitutes: z.optional(z.array(z.object({ number: z.string(), name: z.string(), note: z.string() }))),
      charged: z.boolean(),
    }),
  ),
  ...metering,
})

export const openPartsByNameAnswer = z.object({
  results: z.array(
    z.object({
      vin: z.string(),
      status: z.enum(['ok', 'vin_not_found', 'model_not_for_vin']),
      model: z.optional(openModel),
      /** How many catalogue models the VIN fits: more than 1, and the parts are those of `model` alone. */
      models_matched: z.optional(z.int()),
      names: z.array(
        z.object({
          name: z.string(),
          status: z.enum(['ok', 'name_unknown', 'no_part', 'quota_exhausted']),
          generic_name: z.optional(z.string()),
          parts: z.optional(
            z.array(
              z.object({
                number: z.string(),
                name: z.string(),
                quantity: z.int(),
                illustration: z.object({ id: z.string(), name: z.string(), callout: z.int() }),
                price: money,
                replaced_by: nullableText,
              }),
            ),
          ),
          charged: z.boolean(),
        }),
      ),
    }),
  ),
  ...metering,
})

export const openEmbedAnswer = z.object({
  /** Opened once, within link_expires_at, in an iframe of one of the key's embed origins. */
  url: z.string(),
  vin: z.string(),
  models: z.array(openModel),
  /** ISO 8601, UTC. */
  link_expires_at: z.string(),
  /** How long the catalogue works once opened, in seconds. */
  session_seconds: z.int(),
})

export const openJobAnswer = z.object({
  job_id: z.string(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  items: z.int(),
  pairs: z.int(),
  done_items: z.int(),
  items_charged: z.int(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  finished_at: z.nullable(z.string()),
  error: z.nullable(z.string()),
})

export const openJobResultAnswer = z.object({
  job_id: z.string(),
  results: openPartsByNameAnswer.shape.results,
  items_charged: z.int(),
})

export const openErrorAnswer = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    message_en: z.string(),
    field: z.optional(z.string()),
  }),
})
