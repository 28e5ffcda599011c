// Development-only routes, registered only while the console SMS provider is active.

import { MOBILE_PATTERN } from '@epc/shared'
import type { FastifyInstance } from 'fastify'

export async function devRoutes(app: FastifyInstance) {
  const sms = app.ctx.sms
  if (sms.name !== 'console' || !sms.latestCode) return
  const latestCode = sms.latestCode.bind(sms)
  app.get<{ Querystring: { mobile?: string } }>('/api/dev/smscode', async (request, reply) => {
    const mobile = String(request.query.mobile ?? '')
    const code = MOBILE_PATTERN.test(mobile) ? await latestCode(mobile) : null
    if (!code) return reply.status(404).send({ message: '没有有效的验证码' })
    return { code }
  })
}
