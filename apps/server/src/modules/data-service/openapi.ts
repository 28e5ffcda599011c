// The open API's OpenAPI 3.1 description, generated from the schemas that validate its requests and type its
// answers (@epc/shared/data-service-schemas), and its readable page, /open/docs: docs/open-api.md rendered.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { DataServiceLimits, OpenApiErrors } from '@epc/shared'
import {
  openEmbedAnswer,
  openEmbedSchema,
  openErrorAnswer,
  openJobAnswer,
  openJobResultAnswer,
  openJobSchema,
  openNamesAnswer,
  openPartsByNameAnswer,
  openPartsByNameSchema,
  openPartsLookupAnswer,
  openPartsLookupSchema,
  openVinDecodeAnswer,
  openVinDecodeSchema,
} from '@epc/shared/data-service-schemas'
import type { FastifyInstance } from 'fastify'
import { marked } from 'marked'
import * as z from 'zod/mini'
import { REPO_ROOT } from '../../config'

/** A schema as JSON Schema 2020-12 (OpenAPI 3.1's own), without the `$schema` line. */
function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output') {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io })
  return rest
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const json = (name: string) => ({ 'application/json': { schema: ref(name) } })

const errorResponses = {
  '400': { description: 'INVALID_REQUEST, INVALID_FIELD', content: json('Error') },
  '401': {
    description:
      'AUTH_MISSING, APP_KEY_UNKNOWN, APP_KEY_REVOKED, TIMESTAMP_EXPIRED, NONCE_USED, SIGNATURE_INVALID',
    content: json('Error'),
  },
  '403': { description: 'IP_NOT_ALLOWED, SERVICE_DISABLED', content: json('Error') },
  '409': { description: 'IDEMPOTENCY_CONFLICT', content: json('Error') },
  '413': { description: 'PAYLOAD_TOO_LARGE', content: json('Error') },
  '429': {
    description: 'RATE_LIMITED',
    headers: { 'Retry-After': { schema: { type: 'integer' }, description: '秒' } },
    content: json('Error'),
  },
  '500': { description: 'SERVER_ERROR', content: json('Error') },
}

const meteredHeaders = {
  'X-Quota-Remaining': { schema: { type: 'integer' }, description: '剩余条数（同 items_left）' },
  'Idempotent-Replayed': {
    schema: { type: 'string', enum: ['true'] },
    description: '按 Idempotency-Key 答复的第一次应答',
  },
}

const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: DataServiceLimits.idempotencyKeyMax },
  description: '24 小时内同一键与同一请求只执行、计费一次',
}

function metered(summary: string, request: string, answer: string) {
  return {
    post: {
      summary,
      parameters: [idempotencyKey],
      requestBody: { required: true, content: json(request) },
      responses: {
        '200': { description: '成功', headers: meteredHeaders, content: json(answer) },
        ...errorResponses,
      },
    },
  }
}

const jobId = {
  name: 'job_id',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^job_[0-9a-f]{24}$' },
}

function jobPaths() {
  return {
    '/jobs/parts-by-name': {
      post: {
        summary: `异步任务：按 VIN 与配件名称批量查询（合计最多 ${DataServiceLimits.pairsPerJob} 个组合）`,
        parameters: [idempotencyKey],
        requestBody: { required: true, content: json('JobRequest') },
        responses: { '202': { description: '已接受', content: json('JobAnswer') }, ...errorResponses },
      },
    },
    '/jobs/{job_id}': {
      get: {
        summary: '任务进度',
        parameters: [jobId],
        responses: {
          ...errorResponses,
          '200': { description: '成功', content: json('JobAnswer') },
          '404': { description: 'JOB_NOT_FOUND', content: json('Error') },
        },
      },
    },
    '/jobs/{job_id}/result': {
      get: {
        summary: '任务结果（JSON，或 format=csv 时 CSV）',
        parameters: [
          jobId,
          { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['csv'] } },
        ],
        responses: {
          ...errorResponses,
          '200': {
            description: '成功',
            content: { ...json('JobResultAnswer'), 'text/csv': { schema: { type: 'string' } } },
          },
          '404': { description: 'JOB_NOT_FOUND', content: json('Error') },
          '409': { description: 'JOB_NOT_DONE', content: json('Error') },
        },
      },
    },
  }
}

/** The OpenAPI 3.1 document of /open/v1. */
export function openApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: '汽配EPC 数据服务 API',
      version: '1',
      description: '签名、计费与错误码见 /open/docs（docs/open-api.md）。',
    },
    servers: [{ url: '/open/v1' }],
    security: [{ AppKey: [], Timestamp: [], Nonce: [], Signature: [] }],
    paths: {
      '/names': {
        get: {
          summary: '配件通用名称表（不计费）',
          responses: { '200': { description: '成功', content: json('NamesAnswer') }, ...errorResponses },
        },
      },
      '/vin/decode': metered(
        `解析 VIN 并给出目录车型（每次 1 至 ${DataServiceLimits.vinsPerRequest} 个）`,
        'VinDecodeRequest',
        'VinDecodeAnswer',
      ),
      '/parts/by-name': metered(
        `按 VIN 与配件名称查 OE 配件（每次 1 至 ${DataServiceLimits.itemsPerRequest} 个条目）`,
        'PartsByNameRequest',
        'PartsByNameAnswer',
      ),
      '/parts/lookup': metered(
        `按零件号查现行号、价格与替换件（每次 1 至 ${DataServiceLimits.numbersPerRequest} 个）`,
        'PartsLookupRequest',
        'PartsLookupAnswer',
      ),
      '/embed/sessions': {
        post: {
          summary:
            '嵌入目录：为一个 VIN 生成一次性链接，在允许的网站的 iframe 中打开（生成不计费，其中每次查询计 1 条）',
          parameters: [idempotencyKey],
          requestBody: { required: true, content: json('EmbedRequest') },
          responses: {
            '201': { description: '已生成', content: json('EmbedAnswer') },
            ...errorResponses,
            '402': { description: 'QUOTA_EXHAUSTED', content: json('Error') },
            '403': {
              description: 'IP_NOT_ALLOWED, SERVICE_DISABLED, EMBED_NO_ORIGINS, EMBED_TEST_KEY',
              content: json('Error'),
            },
            '404': { description: 'VIN_NOT_FOUND', content: json('Error') },
          },
        },
      },
      ...jobPaths(),
    },
    components: {
      securitySchemes: {
        AppKey: { type: 'apiKey', in: 'header', name: 'X-Epc-AppKey' },
        Timestamp: { type: 'apiKey', in: 'header', name: 'X-Epc-Timestamp', description: 'Unix 秒' },
        Nonce: { type: 'apiKey', in: 'header', name: 'X-Epc-Nonce' },
        Signature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Epc-Signature',
          description: 'HMAC-SHA256，见 /open/docs 的“签名”',
        },
      },
      schemas: {
        Error: {
          ...jsonSchema(openErrorAnswer, 'output'),
          description: Object.entries(OpenApiErrors)
            .map(([code, e]) => `${code} (${e.status}): ${e.zh} / ${e.en}`)
            .join('\n'),
        },
        NamesAnswer: jsonSchema(openNamesAnswer, 'output'),
        VinDecodeRequest: jsonSchema(openVinDecodeSchema, 'input'),
        VinDecodeAnswer: jsonSchema(openVinDecodeAnswer, 'output'),
        PartsByNameRequest: jsonSchema(openPartsByNameSchema, 'input'),
        PartsByNameAnswer: jsonSchema(openPartsByNameAnswer, 'output'),
        PartsLookupRequest: jsonSchema(openPartsLookupSchema, 'input'),
        EmbedRequest: jsonSchema(openEmbedSchema, 'input'),
        EmbedAnswer: jsonSchema(openEmbedAnswer, 'output'),
        JobRequest: jsonSchema(openJobSchema, 'input'),
        JobAnswer: jsonSchema(openJobAnswer, 'output'),
        JobResultAnswer: jsonSchema(openJobResultAnswer, 'output'),
        PartsLookupAnswer: jsonSchema(openPartsLookupAnswer, 'output'),
      },
    },
  }
}

const PAGE_STYLE = `body{font:15px/1.7 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;max-width:960px;margin:0 auto;
padding:24px;color:#1f1f1f}pre{background:#f5f5f5;padding:12px;overflow:auto;border-radius:4px}code{font-family:Menlo,Consolas,
monospace;font-size:13px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #ddd;padding:6px 8px;text-align:left;
vertical-align:top}h1,h2,h3{line-height:1.3}`

/** /open/openapi.json and /open/docs: public, no signature; the page is rendered once per process. */
export async function openDocsRoutes(app: FastifyInstance) {
  const document = JSON.stringify(openApiDocument())
  let page: string | undefined
  app.get('/open/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document),
  )
  app.get('/open/docs', async (_request, reply) => {
    page ??= `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>汽配EPC 数据服务 API</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${PAGE_STYLE}</style></head><body>
${await marked.parse(readFileSync(resolve(REPO_ROOT, 'docs/open-api.md'), 'utf8'))}
<p><a href="/open/openapi.json">OpenAPI 3.1 描述（JSON）</a></p></body></html>`
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page)
  })
}
