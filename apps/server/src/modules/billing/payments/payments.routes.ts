// The payment calls (envelope: /api/billing/pay, /api/billing/payresult) and the platforms' notifies, which
// are plain HTTP in each platform's own format (docs/api.md, "Paying an order").
import { payResultSchema, paySchema } from '@epc/shared/billing-schemas'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { registerCall } from '../../../call'
import { NOTIFY_PATHS } from './create-providers'
import { RefusedReport } from './payment-provider'
import type { PaymentsService } from './payments.service'

export async function paymentRoutes(app: FastifyInstance, opts: { payments: PaymentsService }) {
  const { payments } = opts
  registerCall(app, {
    path: '/api/billing/pay',
    access: 'login',
    mutates: true,
    schema: paySchema,
    handle: ({ caller, payload }) => payments.pay(caller, payload),
  })
  // The return page opens in whatever browser paid, often without our login: it needs none, and answers
  // only the state of the payment its signed parameters name.
  registerCall(app, {
    path: '/api/billing/payresult',
    access: 'public',
    mutates: false,
    schema: payResultSchema,
    handle: ({ payload }) => payments.payResult(payload),
  })
  await app.register(notifyRoutes, { payments })
}

/** Form fields (Alipay posts application/x-www-form-urlencoded); a field given twice makes it no form of Alipay's. */
function formFields(body: string): Record<string, string> | undefined {
  const fields: Record<string, string> = {}
  for (const [name, value] of new URLSearchParams(body)) {
    if (Object.hasOwn(fields, name)) return undefined
    fields[name] = value
  }
  return fields
}

/** Its own body parsers (the app's parse every body as JSON) and answers in the platforms' formats. */
async function notifyRoutes(app: FastifyInstance, opts: { payments: PaymentsService }) {
  const { payments } = opts
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, formFields(body as string)),
  )
  // WeChat Pay signs the body's bytes: they are kept as they came.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))

  // Alipay reads only the body: `success` stops its retries, anything else has the notify sent again.
  const alipayAnswer = (reply: FastifyReply, handled: boolean, status = handled ? 200 : 400) =>
    reply
      .status(status)
      .type('text/plain; charset=utf-8')
      .send(handled ? 'success' : 'fail')
  const wechatAnswer = (reply: FastifyReply, status: number, message = '') =>
    status === 204 ? reply.status(204).send() : reply.status(status).send({ code: 'FAIL', message })

  // Failures before a handler runs (a body over the limit, a connection cut short) in the same formats.
  app.setErrorHandler((error, request, reply) => {
    request.log.warn({ err: error, url: request.url }, 'payment notify not read')
    return request.url.startsWith(NOTIFY_PATHS.alipay)
      ? alipayAnswer(reply, false)
      : wechatAnswer(reply, 400, '请求无法读取')
  })

  app.post(NOTIFY_PATHS.alipay, async (request, reply) => {
    const fields = request.body
    if (!fields || Buffer.isBuffer(fields)) return alipayAnswer(reply, false)
    try {
      return alipayAnswer(reply, await payments.alipayNotify(fields as Record<string, string>))
    } catch (error) {
      if (!(error instanceof RefusedReport)) {
        request.log.error({ err: error }, 'alipay notify failed')
        return alipayAnswer(reply, false, 500)
      }
      logRefusal(request, 'alipay', error)
      return alipayAnswer(reply, false)
    }
  })

  app.post(NOTIFY_PATHS.wechat, async (request, reply) => {
    const body = request.body
    if (!Buffer.isBuffer(body)) return wechatAnswer(reply, 400, '通知不是 JSON')
    const header = (name: string) => {
      const value = request.headers[name]
      return typeof value === 'string' ? value : undefined
    }
    try {
      const handled = await payments.wechatNotify(header, body)
      return handled ? wechatAnswer(reply, 204) : wechatAnswer(reply, 500, '订单与通知不符')
    } catch (error) {
      if (!(error instanceof RefusedReport)) {
        request.log.error({ err: error }, 'wechat notify failed')
        return wechatAnswer(reply, 500, '处理失败')
      }
      logRefusal(request, 'wechat', error)
      // A signature that does not hold is 401, as WeChat Pay's own answers; anything else a bad request.
      return wechatAnswer(reply, error.badSignature ? 401 : 400, error.message)
    }
  })
}

function logRefusal(request: FastifyRequest, channel: string, error: RefusedReport) {
  request.log.warn({ channel, reason: error.message, ip: request.ip }, 'payment notify refused')
}
