// The dealer-price calls of a desktop host's page: the report after a stock look-up (spec section 7's
// update4spricelist) and the read-back the part detail shows as 店端4S价.
import { get4sPriceListSchema, update4sPriceListSchema } from '@epc/shared/host-bridge-schemas'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../call'
import { HostBridgeService } from './host-bridge.service'

export async function hostBridgeRoutes(app: FastifyInstance) {
  const prices = new HostBridgeService(app.ctx)

  registerCall(app, {
    path: '/api/author/update4spricelist',
    access: 'login',
    mutates: true,
    schema: update4sPriceListSchema,
    handle: ({ caller, payload }) => prices.report(caller, payload),
  })
  registerCall(app, {
    path: '/api/author/get4spricelist',
    access: 'login',
    mutates: false,
    schema: get4sPriceListSchema,
    handle: ({ caller, payload }) => prices.latest(caller, payload.partNumber),
  })
}
