// The fake payment platform's HTTP face under /fakepay (registered by app.ts only with PAYMENT_PLATFORM=fake
// outside production): Alipay's gateway, WeChat Pay's APIv3, the payer pages, and scripted payment for tests.
// docs/api.md ("Development only") lists these addresses; the browser tests rely on them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type FakePayPlatform, FakePayRefusal, type FakeResult, type FakeTrade } from './fake-platform'
import { alipayCashierPage, messagePage, wechatScanPage } from './pages'

function formFields(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body))
}

/** A JSON body as an object ({} when it is none). */
function jsonOf(body: unknown): Record<string, unknown> {
  if (!Buffer.isBuffer(body)) return (body as Record<string, unknown>) ?? {}
  try {
    const value = JSON.parse(body.toString('utf8')) as unknown
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

const resultOf = (value: unknown): FakeResult | undefined =>
  value === 'success' || value === 'fail' ? value : undefined

export async function fakePayRoutes(app: FastifyInstance, opts: { platform: FakePayPlatform }) {
  const { platform } = opts
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, formFields(body as string)),
  )
  // JSON and everything else as bytes: WeChat Pay's requests are checked over the body as sent.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
  app.setErrorHandler((error, request, reply) => {
    request.log.warn({ err: error }, 'fake payment platform request failed')
    return reply.status(400).send({ message: '请求无法处理' })
  })

  const html = (reply: FastifyReply, text: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').send(text)

  // Alipay: the gateway (page pay in the browser, trade query from the server), cashier and scripted pay.

  app.get('/alipay/gateway.do', async (request, reply) => {
    try {
      return html(reply, alipayCashierPage(platform.pagePay(request.query as Record<string, string>)))
    } catch (error) {
      if (!(error instanceof FakePayRefusal)) throw error
      return html(reply, messagePage('支付宝：支付请求有误', error.message))
    }
  })

  app.post('/alipay/gateway.do', async (request, reply) => {
    if (platform.unavailable) return reply.status(503).send('Service Unavailable')
    const params = {
      ...(request.query as Record<string, string>),
      ...(Buffer.isBuffer(request.body) ? {} : (request.body as Record<string, string>)),
    }
    if (params.method === 'alipay.trade.page.pay') {
      try {
        return html(reply, alipayCashierPage(platform.pagePay(params)))
      } catch (error) {
        if (!(error instanceof FakePayRefusal)) throw error
        return html(reply, messagePage('支付宝：支付请求有误', error.message))
      }
    }
    return reply.type('application/json; charset=utf-8').send(platform.gatewayCall(params).body)
  })

  /** The cashier's buttons: pay or fail, then back to the merchant's return_url as Alipay does. */
  app.post('/alipay/cashier', async (request, reply) => {
    const fields = Buffer.isBuffer(request.body) ? {} : (request.body as Record<string, string>)
    const trade = platform.trade('alipay', fields.out_trade_no ?? '')
    const result = resultOf(fields.result)
    if (!trade || !result) return html(reply, messagePage('支付宝', '交易不存在'), 404)
    try {
      await platform.pay(trade, result)
    } catch (error) {
      if (!(error instanceof FakePayRefusal)) throw error
      return html(reply, messagePage('支付宝', error.message), 400)
    }
    return reply.redirect(platform.returnUrl(trade), 303)
  })

  app.post('/alipay/pay', async (request, reply) => {
    const body = jsonOf(request.body)
    const trade = platform.trade('alipay', String(body.out_trade_no ?? ''))
    return scriptedPay(reply, trade, body, (t) => ({
      trade_status: t.state === 'paid' ? 'TRADE_SUCCESS' : 'TRADE_CLOSED',
      return_url: platform.returnUrl(t),
    }))
  })

  // WeChat Pay: APIv3 (Native order, trade query), the scan page and scripted pay.

  const wechatApi = async (request: FastifyRequest, reply: FastifyReply) => {
    if (platform.unavailable) return reply.status(503).send({ code: 'SYSTEM_ERROR', message: '系统异常' })
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    const authorization = request.headers.authorization
    const answer = platform.wechatCall(request.method, request.url, authorization, body)
    return reply.status(answer.status).headers(answer.headers).send(answer.body)
  }
  app.post('/wechat/v3/pay/transactions/native', wechatApi)
  app.get('/wechat/v3/pay/transactions/out-trade-no/:outTradeNo', wechatApi)

  app.get('/wechat/scan', async (request, reply) => {
    const codeUrl = String((request.query as { code_url?: string }).code_url ?? '')
    const trade = platform.tradeByCodeUrl(codeUrl)
    if (!trade) return html(reply, messagePage('微信支付', '二维码无效'), 404)
    if (trade.state === 'paid') return html(reply, messagePage('微信支付', '该订单已支付'))
    if (platform.expired(trade)) return html(reply, messagePage('微信支付', '二维码已过期'))
    return html(reply, wechatScanPage(trade))
  })

  app.post('/wechat/scan', async (request, reply) => {
    const fields = Buffer.isBuffer(request.body) ? {} : (request.body as Record<string, string>)
    const trade = platform.tradeByCodeUrl(fields.code_url ?? '')
    const result = resultOf(fields.result)
    if (!trade || !result) return html(reply, messagePage('微信支付', '二维码无效'), 404)
    try {
      await platform.pay(trade, result)
    } catch (error) {
      if (!(error instanceof FakePayRefusal)) throw error
      return html(reply, messagePage('微信支付', error.message), 400)
    }
    return html(reply, messagePage('微信支付', result === 'success' ? '支付成功' : '支付失败'))
  })

  app.post('/wechat/pay', async (request, reply) => {
    const body = jsonOf(request.body)
    const trade = platform.tradeByCodeUrl(String(body.code_url ?? ''))
    return scriptedPay(reply, trade, body, (t) => ({
      trade_state: t.state === 'paid' ? 'SUCCESS' : 'PAYERROR',
    }))
  })

  /** The notifies sent (or held back), newest last, optionally of one order: for tests to read or replay. */
  app.get('/notifies', async (request) => {
    const outTradeNo = (request.query as { out_trade_no?: string }).out_trade_no
    return platform.notifies.filter((n) => !outTradeNo || n.outTradeNo === outTradeNo)
  })

  /** Scripted payment: `{ result: 'success' | 'fail', drop_notify?: true }`, answered as JSON. */
  async function scriptedPay(
    reply: FastifyReply,
    trade: FakeTrade | undefined,
    body: Record<string, unknown>,
    answer: (trade: FakeTrade) => object,
  ) {
    const result = resultOf(body.result)
    if (!trade) return reply.status(404).send({ message: '交易不存在' })
    if (!result) return reply.status(400).send({ message: 'result 须是 success 或 fail' })
    try {
      const { notify } = await platform.pay(trade, result, { dropNotify: body.drop_notify === true })
      return { ...answer(trade), notify: notify ?? null }
    } catch (error) {
      if (!(error instanceof FakePayRefusal)) throw error
      return reply.status(400).send({ message: error.message })
    }
  }
}
