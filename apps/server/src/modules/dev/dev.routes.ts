// Development-only routes: registered only with the console SMS provider outside production, and answering
// only clients on this machine.

import { MOBILE_PATTERN } from '@epc/shared'
import type { FastifyInstance } from 'fastify'
import { isLoopback } from '../../lib/address-list'

export async function devRoutes(app: FastifyInstance) {
  const sms = app.ctx.sms
  // config.ts refuses the console provider in production; this keeps the route off whatever builds the app.
  if (app.ctx.config.production || sms.name !== 'console' || !sms.latestCode) return
  const latestCode = sms.latestCode.bind(sms)
  app.get<{ Querystring: { mobile?: string } }>('/api/dev/smscode', async (request, reply) => {
    // Another machine is answered as if the route did not exist.
    if (!isLoopback(request.ip)) return reply.callNotFound()
    const mobile = String(request.query.mobile ?? '')
    const code = MOBILE_PATTERN.test(mobile) ? await latestCode(mobile) : null
    if (!code) return reply.status(404).send({ message: '没有有效的验证码' })
    return { code }
  })
}
