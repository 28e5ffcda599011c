// The local fake payment platform (PAYMENT_PLATFORM=fake, development and tests; never in production):
// Alipay's gateway and WeChat Pay's APIv3, as far as this site uses them, with keys of its own made at start.
// It checks request signatures as the real gateways do, keeps its own trades, lets a payer pay or fail, and
// sends notifies signed (and, for WeChat, encrypted) exactly as the platforms do. It is written apart from
// the real providers on purpose: a mistake in one is then not hidden by the same mistake in the other.
import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPair,
  randomBytes,
  randomInt,
  randomUUID,
} from 'node:crypto'
import { promisify } from 'node:util'
import type { Clock } from '../../clock'
import type { AlipaySettings, WechatSettings } from '../../config'

const BEIJING_MS = 8 * 3600_000
const MAX_AGE_S = 5 * 60

export type FakeChannel = 'alipay' | 'wechat'
export type FakeResult = 'success' | 'fail'

export interface FakeTrade {
  channel: FakeChannel
  outTradeNo: string
  /** The platform's trade number (Alipay trade_no, WeChat transaction_id), given when paid. */
  tradeNo: string
  amountFen: number
  subject: string
  /** The time_expire the merchant gave, epoch ms: no payment after it. */
  expiresAt: number
  notifyUrl: string
  /** Alipay's return_url ('' for WeChat). */
  returnUrl: string
  /** WeChat's code_url ('' for Alipay). */
  codeUrl: string
  /** open: waiting for the payer; failed: the payer's payment failed (a new payment start reopens it). */
  state: 'open' | 'paid' | 'failed'
  createdAt: number
  paidAt: number | null
}

/** A notify as sent (or held back) to the merchant, kept for tests to read, replay or alter. */
export interface FakeNotify {
  channel: FakeChannel
  outTradeNo: string
  url: string
  headers: Record<string, string>
  body: string
  /** The merchant's answer, once delivered. */
  answer?: { status: number; body: string }
}

/** Why a payer's payment cannot go ahead (shown on the payer page, or answered to a test). */
export class FakePayRefusal extends Error {}

interface KeyPair {
  privateKey: string
  publicKey: string
}

const rsaPair = async (): Promise<KeyPair> =>
  promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('')
const beijing = (ms: number) => new Date(ms + BEIJING_MS).toISOString().slice(0, 19)
/** 'YYYY-MM-DD HH:mm:ss', Beijing time, as Alipay writes times. */
const alipayTime = (ms: number) => beijing(ms).replace('T', ' ')
/** RFC 3339 in Beijing time, as WeChat Pay writes times. */
const wechatTime = (ms: number) => `${beijing(ms)}+08:00`
const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`

function fenOf(text: unknown): number | undefined {
  const match = typeof text === 'string' ? /^(0|[1-9]\d{0,9})(?:\.(\d{1,2}))?$/.exec(text) : null
  if (!match) return undefined
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

const rsaSign = (text: string, privateKey: string) =>
  createSign('RSA-SHA256').update(text, 'utf8').sign(privateKey, 'base64')
const rsaVerify = (text: string, signature: string, publicKey: string) => {
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(publicKey, signature, 'base64')
  } catch {
    return false
  }
}

/** Alipay's string to sign: the parameters but `leave` and empty ones, sorted by name, as name=value&…. */
function alipaySignContent(params: Record<string, string>, leave: string[]) {
  return Object.keys(params)
    .filter((key) => !leave.includes(key) && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&')
}

export interface AlipayAnswer {
  /** JSON text as Alipay's gateway writes it: the method's answer and the signature over it. */
  body: string
}

export interface WechatAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

export class FakePayPlatform {
  readonly trades = new Map<string, FakeTrade>()
  readonly notifies: FakeNotify[] = []
  /** While true the server-to-server APIs answer 503, as a platform in an outage (a test's switch). */
  unavailable = false

  readonly alipayAppId = '9021000000000001'
  readonly alipaySellerId = '2088000000000001'
  readonly wechatMchid = '1900000001'
  readonly wechatAppid = 'wxfa0e00000000fake'
  readonly wechatSerialNo = '5157F09EFDC096DE15EBE81A47057A72FA000001'
  readonly wechatPublicKeyId = 'PUB_KEY_ID_0119000000012026010100000000000001'
  readonly wechatApiV3Key = randomBytes(16).toString('hex')

  private constructor(
    /** Where the fake answers: {PUBLIC_URL}/fakepay. */
    readonly baseUrl: string,
    private readonly clock: Clock,
    /** Our app's keys at Alipay: the app signs with the private one, Alipay checks with the public one. */
    readonly alipayApp: KeyPair,
    /** Alipay's own keys: it signs notifies, returns and answers. */
    readonly alipayPlatform: KeyPair,
    /** The merchant's API key pair at WeChat Pay. */
    readonly wechatMerchant: KeyPair,
    /** The WeChat Pay public key pair (公钥模式). */
    readonly wechatPlatform: KeyPair,
  ) {}

  static async start(publicUrl: string, clock: Clock) {
    const [a, b, c, d] = await Promise.all([rsaPair(), rsaPair(), rsaPair(), rsaPair()])
    return new FakePayPlatform(`${publicUrl}/fakepay`, clock, a, b, c, d)
  }

  /** The real providers' settings, pointing at this fake. */
  channelSettings(): { alipay: AlipaySettings; wechat: WechatSettings } {
    return {
      alipay: {
        appId: this.alipayAppId,
        privateKey: this.alipayApp.privateKey,
        alipayPublicKey: this.alipayPlatform.publicKey,
        gateway: `${this.baseUrl}/alipay/gateway.do`,
      },
      wechat: {
        mchid: this.wechatMchid,
        appid: this.wechatAppid,
        serialNo: this.wechatSerialNo,
        privateKey: this.wechatMerchant.privateKey,
        publicKeyId: this.wechatPublicKeyId,
        publicKey: this.wechatPlatform.publicKey,
        apiV3Key: this.wechatApiV3Key,
        gateway: `${this.baseUrl}/wechat`,
      },
    }
  }

  trade(channel: FakeChannel, outTradeNo: string): FakeTrade | undefined {
    return this.trades.get(`${channel}:${outTradeNo}`)
  }

  tradeByCodeUrl(codeUrl: string): FakeTrade | undefined {
    for (const trade of this.trades.values()) if (trade.codeUrl && trade.codeUrl === codeUrl) return trade
    return undefined
  }

  private now() {
    return this.clock.now()
  }

  /** An unpaid trade past its time_expire: no payment any more. */
  expired(trade: FakeTrade) {
    return trade.state !== 'paid' && this.now() >= trade.expiresAt
  }

  // Alipay's gateway

  /**
   * Alipay's check of a request: our app id, RSA2 over every parameter but sign, with the app's public key,
   * and for a server's call a Beijing-time timestamp (a page-pay link is checked by its time_expire instead).
   */
  private alipayRequestProblem(params: Record<string, string>, checkTime: boolean): string | undefined {
    if (params.app_id !== this.alipayAppId) return 'isv.invalid-app-id'
    if (params.sign_type !== 'RSA2') return 'isv.invalid-signature-type'
    if (
      !params.sign ||
      !rsaVerify(alipaySignContent(params, ['sign']), params.sign, this.alipayApp.publicKey)
    ) {
      return 'isv.invalid-signature'
    }
    // The request time is Beijing time; one far off (a machine's UTC, say) is refused.
    const sent = Date.parse(`${(params.timestamp ?? '').replace(' ', 'T')}+08:00`)
    if (checkTime && !(Math.abs(this.now() - sent) <= MAX_AGE_S * 2000)) return 'isv.invalid-timestamp'
    return undefined
  }

  /**
   * The page-pay request the payer's browser brings (alipay.trade.page.pay): the trade to show on the
   * cashier page, or why Alipay would show its error page instead.
   */
  pagePay(params: Record<string, string>): FakeTrade {
    const problem = this.alipayRequestProblem(params, false)
    if (problem)
      throw new FakePayRefusal(
        `错误代码 ${problem}：${problem === 'isv.invalid-signature' ? '验签出错' : '参数无效'}`,
      )
    if (params.method !== 'alipay.trade.page.pay')
      throw new FakePayRefusal('错误代码 isv.invalid-method：不支持的接口')
    let biz: Record<string, unknown>
    try {
      biz = JSON.parse(params.biz_content ?? '') as Record<string, unknown>
    } catch {
      throw new FakePayRefusal('错误代码 isv.missing-biz-content：缺少 biz_content')
    }
    const amountFen = fenOf(biz.total_amount)
    const outTradeNo = typeof biz.out_trade_no === 'string' ? biz.out_trade_no : ''
    const expire = typeof biz.time_expire === 'string' ? biz.time_expire : ''
    if (
      !outTradeNo ||
      !amountFen ||
      typeof biz.subject !== 'string' ||
      biz.product_code !== 'FAST_INSTANT_TRADE_PAY' ||
      !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(expire)
    ) {
      throw new FakePayRefusal('错误代码 isv.invalid-parameter：业务参数不正确')
    }
    const expiresAt = Date.parse(`${expire.replace(' ', 'T')}+08:00`)
    if (this.now() >= expiresAt) throw new FakePayRefusal('错误代码 ACQ.TRADE_HAS_CLOSE：交易已经关闭')
    const known = this.trade('alipay', outTradeNo)
    if (known?.state === 'paid') throw new FakePayRefusal('错误代码 ACQ.TRADE_HAS_SUCCESS：交易已被支付')
    if (known && known.amountFen !== amountFen) {
      throw new FakePayRefusal('错误代码 ACQ.CONTEXT_INCONSISTENT：交易信息被篡改')
    }
    const trade: FakeTrade = {
      channel: 'alipay',
      outTradeNo,
      tradeNo: '',
      amountFen,
      subject: biz.subject,
      expiresAt,
      notifyUrl: params.notify_url ?? '',
      returnUrl: params.return_url ?? '',
      codeUrl: '',
      state: 'open',
      createdAt: known?.createdAt ?? this.now(),
      paidAt: null,
    }
    this.trades.set(`alipay:${outTradeNo}`, trade)
    return trade
  }

  /** A server-to-server call of the gateway (alipay.trade.query), answered and signed as Alipay does. */
  gatewayCall(params: Record<string, string>): AlipayAnswer {
    const method = params.method ?? ''
    const key = `${method.replaceAll('.', '_')}_response`
    const problem = this.alipayRequestProblem(params, true)
    if (problem) {
      return this.alipayAnswer(key, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: problem,
        sub_msg:
          problem === 'isv.invalid-signature'
            ? '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配'
            : '参数无效',
      })
    }
    if (method !== 'alipay.trade.query') {
      return this.alipayAnswer(key, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-method',
        sub_msg: '不存在的方法名',
      })
    }
    let outTradeNo = ''
    try {
      outTradeNo = String(
        (JSON.parse(params.biz_content ?? '') as { out_trade_no?: unknown }).out_trade_no ?? '',
      )
    } catch {}
    const trade = this.trade('alipay', outTradeNo)
    if (!trade) {
      return this.alipayAnswer(key, {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.TRADE_NOT_EXIST',
        sub_msg: '交易不存在',
        out_trade_no: outTradeNo,
      })
    }
    const status =
      trade.state === 'paid'
        ? 'TRADE_SUCCESS'
        : trade.state === 'failed' || this.expired(trade)
          ? 'TRADE_CLOSED'
          : 'WAIT_BUYER_PAY'
    return this.alipayAnswer(key, {
      code: '10000',
      msg: 'Success',
      out_trade_no: trade.outTradeNo,
      trade_no: trade.tradeNo || undefined,
      trade_status: status,
      total_amount: yuan(trade.amountFen),
      buyer_logon_id: trade.state === 'paid' ? 'fak***@example.com' : undefined,
      send_pay_date: trade.paidAt ? alipayTime(trade.paidAt) : undefined,
    })
  }

  private alipayAnswer(key: string, answer: Record<string, string | undefined>): AlipayAnswer {
    const inner = JSON.stringify(answer)
    return { body: `{"${key}":${inner},"sign":"${rsaSign(inner, this.alipayPlatform.privateKey)}"}` }
  }

  /** Fields signed by Alipay (its private key, RSA2 over the sorted fields but sign and sign_type). */
  private alipaySigned(fields: Record<string, string>): Record<string, string> {
    const sign = rsaSign(alipaySignContent(fields, ['sign', 'sign_type']), this.alipayPlatform.privateKey)
    return { ...fields, sign, sign_type: 'RSA2' }
  }

  /** The address the payer's browser returns to after paying: return_url with Alipay's signed fields. */
  returnUrl(trade: FakeTrade): string {
    const fields = this.alipaySigned({
      charset: 'utf-8',
      out_trade_no: trade.outTradeNo,
      method: 'alipay.trade.page.pay.return',
      total_amount: yuan(trade.amountFen),
      trade_no: trade.tradeNo || `${digits(28)}`,
      auth_app_id: this.alipayAppId,
      version: '1.0',
      app_id: this.alipayAppId,
      seller_id: this.alipaySellerId,
      timestamp: alipayTime(this.now()),
    })
    const query = new URLSearchParams(fields).toString()
    return `${trade.returnUrl}${trade.returnUrl.includes('?') ? '&' : '?'}${query}`
  }

  /**
   * Alipay's async notify of a paid trade (form fields, signed). `change` alters fields before signing
   * (a wrong amount or app id signed by Alipay); a `sign` in it replaces the signature (a forgery).
   */
  alipayNotify(trade: FakeTrade, change: Record<string, string> = {}): FakeNotify {
    const now = this.now()
    const { sign, ...changed } = change
    const amount = yuan(trade.amountFen)
    const fields = this.alipaySigned({
      gmt_create: alipayTime(trade.createdAt),
      charset: 'utf-8',
      gmt_payment: alipayTime(trade.paidAt ?? now),
      notify_time: alipayTime(now),
      subject: trade.subject,
      buyer_id: '2088102000000001',
      invoice_amount: amount,
      version: '1.0',
      notify_id: `${randomUUID().replaceAll('-', '')}`,
      fund_bill_list: `[{"amount":"${amount}","fundChannel":"ALIPAYACCOUNT"}]`,
      notify_type: 'trade_status_sync',
      out_trade_no: trade.outTradeNo,
      total_amount: amount,
      trade_status: 'TRADE_SUCCESS',
      trade_no: trade.tradeNo,
      auth_app_id: this.alipayAppId,
      receipt_amount: amount,
      point_amount: '0.00',
      buyer_pay_amount: amount,
      app_id: this.alipayAppId,
      seller_id: this.alipaySellerId,
      ...changed,
    })
    if (sign !== undefined) fields.sign = sign
    return {
      channel: 'alipay',
      outTradeNo: trade.outTradeNo,
      url: trade.notifyUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(fields).toString(),
    }
  }

  // WeChat Pay's APIv3

  /**
   * An APIv3 request: the merchant's signature checked (mchid, serial_no, time, RSA over
   * `METHOD\nURL\ntimestamp\nnonce\nbody\n`), then the call, the answer signed with the WeChat Pay key.
   * `url` is the path and query as received.
   */
  wechatCall(method: string, url: string, authorization: string | undefined, body: Buffer): WechatAnswer {
    const auth = Object.fromEntries(
      [
        ...(/^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(authorization ?? '')?.[1] ?? '').matchAll(
          /(\w+)="([^"]*)"/g,
        ),
      ].map((m) => [m[1], m[2]]),
    ) as Record<string, string | undefined>
    const timestamp = Number(auth.timestamp)
    const message = `${method}\n${url}\n${auth.timestamp}\n${auth.nonce_str}\n${body.toString('utf8')}\n`
    if (
      auth.mchid !== this.wechatMchid ||
      auth.serial_no !== this.wechatSerialNo ||
      !Number.isInteger(timestamp) ||
      Math.abs(this.now() / 1000 - timestamp) > MAX_AGE_S ||
      !auth.nonce_str ||
      !rsaVerify(message, auth.signature ?? '', this.wechatMerchant.publicKey)
    ) {
      return this.wechatAnswer(401, { code: 'SIGN_ERROR', message: '签名错误' })
    }
    const path = url.split('?')[0] ?? ''
    const native = path.endsWith('/v3/pay/transactions/native')
    if (method === 'POST' && native) return this.nativeOrder(body)
    const queried = /\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)$/.exec(path)
    if (method === 'GET' && queried?.[1]) {
      const mchid = new URLSearchParams(url.split('?')[1] ?? '').get('mchid')
      if (mchid !== this.wechatMchid)
        return this.wechatAnswer(400, { code: 'PARAM_ERROR', message: 'mchid 不正确' })
      const trade = this.trade('wechat', decodeURIComponent(queried[1]))
      if (!trade) return this.wechatAnswer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' })
      return this.wechatAnswer(200, this.transaction(trade))
    }
    return this.wechatAnswer(404, { code: 'NOT_FOUND', message: '接口不存在' })
  }

  private nativeOrder(body: Buffer): WechatAnswer {
    let order: {
      appid?: unknown
      mchid?: unknown
      description?: unknown
      out_trade_no?: unknown
      time_expire?: unknown
      notify_url?: unknown
      amount?: { total?: unknown; currency?: unknown }
    }
    try {
      order = JSON.parse(body.toString('utf8'))
    } catch {
      return this.wechatAnswer(400, { code: 'PARAM_ERROR', message: '请求体不是 JSON' })
    }
    const total = order.amount?.total
    const expire = typeof order.time_expire === 'string' ? order.time_expire : ''
    if (order.mchid !== this.wechatMchid || order.appid !== this.wechatAppid) {
      return this.wechatAnswer(400, { code: 'PARAM_ERROR', message: 'appid和mch_id不匹配' })
    }
    if (
      typeof order.out_trade_no !== 'string' ||
      !order.out_trade_no ||
      typeof order.description !== 'string' ||
      typeof order.notify_url !== 'string' ||
      typeof total !== 'number' ||
      !Number.isSafeInteger(total) ||
      total < 1 ||
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(expire)
    ) {
      return this.wechatAnswer(400, { code: 'PARAM_ERROR', message: '参数错误' })
    }
    const expiresAt = Date.parse(expire)
    if (this.now() >= expiresAt)
      return this.wechatAnswer(400, { code: 'PARAM_ERROR', message: 'time_expire 已过' })
    const known = this.trade('wechat', order.out_trade_no)
    if (known?.state === 'paid') return this.wechatAnswer(403, { code: 'ORDERPAID', message: '该订单已支付' })
    if (known && known.amountFen !== total) {
      return this.wechatAnswer(400, { code: 'INVALID_REQUEST', message: '201 商户订单号重复' })
    }
    const trade: FakeTrade = {
      channel: 'wechat',
      outTradeNo: order.out_trade_no,
      tradeNo: '',
      amountFen: total,
      subject: order.description,
      expiresAt,
      notifyUrl: order.notify_url,
      returnUrl: '',
      // The same order asked again gets the same code, as WeChat Pay answers.
      codeUrl: known?.codeUrl ?? `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}`,
      state: 'open',
      createdAt: known?.createdAt ?? this.now(),
      paidAt: null,
    }
    this.trades.set(`wechat:${trade.outTradeNo}`, trade)
    return this.wechatAnswer(200, { code_url: trade.codeUrl })
  }

  /** A trade as WeChat Pay's query answers it and its notify carries it. */
  private transaction(trade: FakeTrade) {
    const state =
      trade.state === 'paid'
        ? 'SUCCESS'
        : trade.state === 'failed'
          ? 'PAYERROR'
          : this.expired(trade)
            ? 'CLOSED'
            : 'NOTPAY'
    const descriptions: Record<string, string> = {
      SUCCESS: '支付成功',
      PAYERROR: '支付失败，请重新下单支付',
      CLOSED: '已关闭',
      NOTPAY: '订单未支付',
    }
    return {
      appid: this.wechatAppid,
      mchid: this.wechatMchid,
      out_trade_no: trade.outTradeNo,
      transaction_id: trade.tradeNo || undefined,
      trade_type: trade.state === 'paid' ? 'NATIVE' : undefined,
      trade_state: state,
      trade_state_desc: descriptions[state],
      bank_type: trade.state === 'paid' ? 'OTHERS' : undefined,
      attach: '',
      success_time: trade.paidAt ? wechatTime(trade.paidAt) : undefined,
      payer: trade.state === 'paid' ? { openid: 'oFakePayer0000000000000001' } : undefined,
      amount: {
        total: trade.amountFen,
        payer_total: trade.amountFen,
        currency: 'CNY',
        payer_currency: 'CNY',
      },
    }
  }

  /** The signature headers of a message from WeChat Pay, over `timestamp\nnonce\nbody\n`. */
  private wechatSignature(body: string, at = this.now()): Record<string, string> {
    const timestamp = String(Math.floor(at / 1000))
    const nonce = randomBytes(16).toString('hex')
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': this.wechatPublicKeyId,
      'wechatpay-signature': rsaSign(`${timestamp}\n${nonce}\n${body}\n`, this.wechatPlatform.privateKey),
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    }
  }

  private wechatAnswer(status: number, answer: object): WechatAnswer {
    const body = JSON.stringify(answer)
    return {
      status,
      headers: {
        'content-type': 'application/json',
        'request-id': randomUUID(),
        ...this.wechatSignature(body),
      },
      body,
    }
  }

  /**
   * WeChat Pay's notify of a paid trade: the transaction encrypted (AEAD_AES_256_GCM under the APIv3 key,
   * associated_data 'transaction'), the body signed with the WeChat Pay private key. `change` alters the
   * transaction before encryption; `at` dates the signature (a stale one).
   */
  wechatNotify(trade: FakeTrade, opts: { change?: object; at?: number } = {}): FakeNotify {
    const plain = JSON.stringify({ ...this.transaction(trade), ...opts.change })
    const nonce = randomBytes(6).toString('hex')
    const associatedData = 'transaction'
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(this.wechatApiV3Key), Buffer.from(nonce))
    cipher.setAAD(Buffer.from(associatedData))
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()])
    const body = JSON.stringify({
      id: randomUUID(),
      create_time: wechatTime(this.now()),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: ciphertext.toString('base64'),
        associated_data: associatedData,
        nonce,
      },
    })
    return {
      channel: 'wechat',
      outTradeNo: trade.outTradeNo,
      url: trade.notifyUrl,
      headers: { 'content-type': 'application/json', ...this.wechatSignature(body, opts.at) },
      body,
    }
  }

  // The payer

  /**
   * The payer pays (or the payment fails). A paid trade gets its platform trade number and its notify, which
   * is sent to the merchant and awaited, unless `dropNotify` (a notify lost on the way: the merchant must
   * learn of the payment by a trade query). A failed payment ends the trade without a notify.
   */
  async pay(trade: FakeTrade, result: FakeResult, opts: { dropNotify?: boolean } = {}) {
    if (trade.state === 'paid') throw new FakePayRefusal('该交易已支付')
    if (this.expired(trade)) throw new FakePayRefusal('交易已超时关闭，不能付款')
    if (result === 'fail') {
      trade.state = 'failed'
      return { trade, notify: undefined }
    }
    trade.state = 'paid'
    trade.paidAt = this.now()
    trade.tradeNo =
      trade.channel === 'alipay'
        ? `${alipayTime(trade.paidAt).slice(0, 10).replaceAll('-', '')}22001${digits(15)}`
        : `4200${digits(24)}`
    const notify = trade.channel === 'alipay' ? this.alipayNotify(trade) : this.wechatNotify(trade)
    if (opts.dropNotify) this.remember(notify)
    else await this.deliver(notify)
    return { trade, notify }
  }

  /** Sends a notify to the merchant and keeps it with the answer (a failed connection is answered 0). */
  async deliver(notify: FakeNotify): Promise<FakeNotify> {
    this.remember(notify)
    try {
      const res = await fetch(notify.url, {
        method: 'POST',
        headers: notify.headers,
        body: notify.body,
        signal: AbortSignal.timeout(10_000),
      })
      notify.answer = { status: res.status, body: await res.text() }
    } catch (error) {
      notify.answer = { status: 0, body: String(error) }
    }
    return notify
  }

  private remember(notify: FakeNotify) {
    this.notifies.push(notify)
    if (this.notifies.length > 500) this.notifies.shift()
  }
}
