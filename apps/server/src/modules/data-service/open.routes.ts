// The open API's calls under /open/v1 (docs/open-api.md), declared once each; call/open-api.ts checks the
// signature, the key and the body before a handler runs.
import {
  openEmbedSchema,
  openJobSchema,
  openPartsByNameSchema,
  openPartsLookupSchema,
  openVinDecodeSchema,
} from '@epc/shared/data-service-schemas'
import type { FastifyInstance } from 'fastify'
import { type OpenAnswer, OpenApiError, registerOpenCall } from '../../call'
import type { DemoCatalogue } from './demo-catalogue'
import { EmbedService } from './embed.service'
import { jobCsv } from './job-csv'
import { JobRunner } from './jobs'
import { type Metering, OpenDataService } from './open.service'

/** A metered answer: its body, and the items left as X-Quota-Remaining. */
function metered(body: Metering): OpenAnswer {
  return { body, headers: { 'x-quota-remaining': String(body.items_left) } }
}

/** The open calls; `jobs` is handed the runner this scope starts, for tests that wait on it. */
export function openRoutes(demo: DemoCatalogue, jobs?: (runner: JobRunner) => void) {
  return (scope: FastifyInstance) => {
    const data = new OpenDataService(scope.ctx, demo)
    const embeds = new EmbedService(scope.ctx)
    const runner = new JobRunner(scope.ctx, data, (error) =>
      scope.log.error({ err: error }, 'data-service job failed'),
    )
    runner.start()
    scope.addHook('onClose', () => runner.stop())
    jobs?.(runner)
    registerOpenCall(scope, {
      method: 'GET',
      path: '/names',
      handle: async ({ caller }) => ({ body: await data.names(caller) }),
    })
    registerOpenCall(scope, {
      method: 'POST',
      path: '/vin/decode',
      schema: openVinDecodeSchema,
      handle: async ({ caller, body }) => metered(await data.vinDecode(caller, body.vins)),
    })
    registerOpenCall(scope, {
      method: 'POST',
      path: '/parts/lookup',
      schema: openPartsLookupSchema,
      handle: async ({ caller, body }) => metered(await data.partsLookup(caller, body.numbers)),
    })
    registerOpenCall(scope, {
      method: 'POST',
      path: '/parts/by-name',
      schema: openPartsByNameSchema,
      handle: async ({ caller, body }) => metered(await data.partsByName(caller, body.items)),
    })
    registerOpenCall(scope, {
      method: 'POST',
      path: '/embed/sessions',
      schema: openEmbedSchema,
      handle: async ({ caller, body, request }) => ({
        status: 201,
        body: await embeds.create(caller, body.vin, `${request.protocol}://${request.host}`),
      }),
    })
    registerOpenCall(scope, {
      method: 'POST',
      path: '/jobs/parts-by-name',
      schema: openJobSchema,
      handle: async ({ caller, body }) => ({ status: 202, body: await runner.submit(caller, body) }),
    })
    registerOpenCall(scope, {
      method: 'GET',
      path: '/jobs/:jobId',
      handle: async ({ caller, request }) => {
        const status = await runner.status(caller, (request.params as { jobId: string }).jobId)
        if (!status) throw new OpenApiError('JOB_NOT_FOUND')
        return { body: status }
      },
    })
    registerOpenCall(scope, {
      method: 'GET',
      path: '/jobs/:jobId/result',
      handle: async ({ caller, request }) => {
        const result = await runner.result(caller, (request.params as { jobId: string }).jobId)
        if (!result) throw new OpenApiError('JOB_NOT_FOUND')
        if (result === 'running') throw new OpenApiError('JOB_NOT_DONE')
        if ((request.query as { format?: string }).format === 'csv') {
          return { body: jobCsv(result.runs), type: 'text/csv; charset=utf-8' }
        }
        // Written from the stored runs as they are: a 5,000-pair answer is not parsed and serialised again.
        const results = result.runs.map((r) => r.slice(1, -1)).filter((r) => r !== '')
        return {
          body: `{"job_id":${JSON.stringify(result.id)},"results":[${results.join(',')}],"items_charged":${result.charged}}`,
          type: 'application/json; charset=utf-8',
        }
      },
    })
  }
}
