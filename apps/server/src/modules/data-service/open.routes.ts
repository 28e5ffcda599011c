// The open API's calls under /open/v1 (docs/open-api.md), declared once each; call/open-api.ts checks the
// signature, the key and the body before a handler runs.
import {
  openPartsByNameSchema,
  openPartsLookupSchema,
  openVinDecodeSchema,
} from '@epc/shared/data-service-schemas'
import type { FastifyInstance } from 'fastify'
import { type OpenAnswer, registerOpenCall } from '../../call'
import type { DemoCatalogue } from './demo-catalogue'
import { type Metering, OpenDataService } from './open.service'

/** A metered answer: its body, and the items left as X-Quota-Remaining. */
function metered(answer: { body: unknown; metering: Metering }): OpenAnswer {
  return { body: answer.body, headers: { 'x-quota-remaining': String(answer.metering.items_left) } }
}

export function openRoutes(demo: DemoCatalogue) {
  return (scope: FastifyInstance) => {
    const data = new OpenDataService(scope.ctx, demo)
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
  }
}
