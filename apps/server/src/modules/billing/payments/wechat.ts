// WeChat Pay APIv3 Native with node:crypto, in public-key mode (微信支付公钥): signed requests for the
// Native order (code_url) and the trade query, the answers' signatures checked, and the notify checked
// (signature over the raw body, its age) and decrypted (AEAD_AES_256_GCM under the APIv3 key).
// No SDK: WeChat Pay publishes none for Node (its official ones are Java, Go and PHP); the community
// packages bring an HTTP client or platform-certificate handling this needs none of, and the protocol
// is the few functions below.
import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto'
import { beijingTime, type Clock } from '../../../clock'
import type { WechatSettings } from '../../../config'
import {
  type ConfirmedPayment,
  type PaymentOrder,
  type PaymentProvider,
  RefusedReport,
  type StartedPayment,
  type TradeState,
} from './payment-provider'

/** A signed message older (or newer) than this is refused: a replay, or a clock far off. */
const MAX_AGE_S = 5 * 60

/** How long an API call may take before the payment is reported as unavailable. */
const CALL_TIMEOUT_MS = 5_000

/** A message's headers, by lower-case name, as Fastify and fetch both give them. */
type HeaderOf = (name: string) => string | undefined

interface Transaction {
  appid?: string
  mchid?: string
  out_trade_no?: string
  transaction_id?: string
  trade_state?: string
  amount?: { total?: number }
}

export class WechatProvider implements PaymentProvider {
  readonly channel = 'wechat'

  constructor(
    private readonly settings: WechatSettings,
    private readonly notifyUrl: string,
    private readonly clock: Clock,
  ) {}

  async start(order: PaymentOrder): Promise<StartedPayment> {
    const { status, data } = await this.call('POST', '/v3/pay/transactions/native', {
      appid: this.settings.appid,
      mchid: this.settings.mchid,
      description: order.subject,
      out_trade_no: order.orderNo,
      // RFC 3339 in Beijing time: WeChat refuses the payment after it, when our order closes.
      time_expire: `${beijingTime(order.expiresAt).replace(' ', 'T')}+08:00`,
      notify_url: this.notifyUrl,
      amount: { total: order.amountFen, currency: 'CNY' },
    })
    if (status !== 200 || typeof data.code_url !== 'string') {
      throw new Error(`微信支付下单失败：HTTP ${status} ${data.code ?? ''} ${data.message ?? ''}`)
    }
    return { payUrl: '', codeUrl: data.code_url }
  }

  async query(orderNo: string): Promise<TradeState> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(this.settings.mchid)}`
    const { status, data } = await this.call('GET', path)
    if (status === 404 && data.code === 'ORDER_NOT_EXIST') return { state: 'open' }
    if (status !== 200) {
      throw new Error(`微信支付交易查询失败：HTTP ${status} ${data.code ?? ''} ${data.message ?? ''}`)
    }
    const trade = data as Transaction
    this.ours(trade)
    if (trade.out_trade_no !== orderNo) throw new Error('微信支付交易查询的订单号不符')
    if (trade.trade_state === 'SUCCESS') return { state: 'paid', ...payment(trade) }
    // CLOSED, REVOKED, PAYERROR end the trade; NOTPAY, USERPAYING may still be paid.
    if (['CLOSED', 'REVOKED', 'PAYERROR'].includes(trade.trade_state ?? '')) return { state: 'failed' }
    return { state: 'open' }
  }

  /**
   * The payment notify: WeChat Pay's signature over `timestamp\nnonce\nbody\n` (the raw body), not older
   * than 5 minutes; the resource decrypted under the APIv3 key; our mchid and appid. A payment when the
   * trade state is SUCCESS, undefined for any other event.
   */
  verifyNotify(header: HeaderOf, rawBody: Buffer): ConfirmedPayment | undefined {
    this.verify(header, rawBody)
    let resource: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string }
    try {
      resource = (JSON.parse(rawBody.toString('utf8')) as { resource?: typeof resource }).resource ?? {}
    } catch {
      throw new RefusedReport('通知不是 JSON')
    }
    if (resource.algorithm !== 'AEAD_AES_256_GCM' || !resource.ciphertext || !resource.nonce) {
      throw new RefusedReport('通知的 resource 不完整')
    }
    const trade = this.decrypt(resource.ciphertext, resource.nonce, resource.associated_data ?? '')
    this.ours(trade)
    if (trade.trade_state !== 'SUCCESS') return undefined
    return payment(trade)
  }

  /** An APIv3 call signed with the merchant key; a successful answer is believed only once its signature holds. */
  private async call(method: 'GET' | 'POST', path: string, body?: object) {
    const url = new URL(`${this.settings.gateway}${path}`)
    const text = body === undefined ? '' : JSON.stringify(body)
    const timestamp = String(Math.floor(this.clock.now() / 1000))
    const nonce = randomBytes(16).toString('hex')
    // The URL as signed is the path and query the gateway receives.
    const message = `${method}\n${url.pathname}${url.search}\n${timestamp}\n${nonce}\n${text}\n`
    const signature = createSign('RSA-SHA256').update(message).sign(this.settings.privateKey, 'base64')
    const { mchid, serialNo } = this.settings
    const res = await fetch(url, {
      method,
      headers: {
        authorization: `WECHATPAY2-SHA256-RSA2048 mchid="${mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${serialNo}"`,
        accept: 'application/json',
        'content-type': 'application/json',
        'user-agent': 'qipei-epc',
      },
      body: method === 'POST' ? text : undefined,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    })
    const raw = Buffer.from(await res.arrayBuffer())
    if (res.ok) this.verify((name) => res.headers.get(name) ?? undefined, raw)
    let data: Record<string, unknown> = {}
    try {
      data = raw.length ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {}
    } catch {
      // An error page of a proxy: the status says enough.
    }
    return { status: res.status, data: data as Record<string, unknown> & { code?: string; message?: string } }
  }

  /** WeChat Pay's signature of an answer or a notify, with its public key named by Wechatpay-Serial. */
  private verify(header: HeaderOf, body: Buffer) {
    const serial = header('wechatpay-serial')
    const timestamp = header('wechatpay-timestamp') ?? ''
    const nonce = header('wechatpay-nonce') ?? ''
    const signature = header('wechatpay-signature') ?? ''
    // Only the WeChat Pay public key is trusted: a platform certificate's serial is not ours to check.
    if (serial !== this.settings.publicKeyId)
      throw new RefusedReport('Wechatpay-Serial 不是本站配置的微信支付公钥', true)
    if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature)
      throw new RefusedReport('缺少微信支付签名', true)
    if (Math.abs(this.clock.now() / 1000 - Number(timestamp)) > MAX_AGE_S) {
      throw new RefusedReport('微信支付签名的时间戳已过期', true)
    }
    const signed = Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`), body, Buffer.from('\n')])
    const valid = createVerify('RSA-SHA256')
      .update(signed)
      .verify(this.settings.publicKey, signature, 'base64')
    if (!valid) throw new RefusedReport('微信支付签名不正确', true)
  }

  private decrypt(ciphertext: string, nonce: string, associatedData: string): Transaction {
    try {
      const bytes = Buffer.from(ciphertext, 'base64')
      const decipher = createDecipheriv(
        'aes-256-gcm',
        Buffer.from(this.settings.apiV3Key),
        Buffer.from(nonce),
      )
      decipher.setAAD(Buffer.from(associatedData))
      // The last 16 bytes are the authentication tag.
      decipher.setAuthTag(bytes.subarray(bytes.length - 16))
      const plain = Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()])
      return JSON.parse(plain.toString('utf8')) as Transaction
    } catch {
      throw new RefusedReport('通知的 resource 无法解密')
    }
  }

  /** A transaction of another merchant or app is not ours to act on. */
  private ours(trade: Transaction) {
    if (trade.mchid !== this.settings.mchid || trade.appid !== this.settings.appid) {
      throw new RefusedReport('微信支付商户号或 appid 与本站不符')
    }
  }
}

function payment(trade: Transaction): ConfirmedPayment {
  const total = trade.amount?.total
  if (!trade.out_trade_no || !trade.transaction_id || !Number.isSafeInteger(total)) {
    throw new RefusedReport('微信支付交易字段不全')
  }
  return { orderNo: trade.out_trade_no, tradeNo: trade.transaction_id, amountFen: total as number }
}
