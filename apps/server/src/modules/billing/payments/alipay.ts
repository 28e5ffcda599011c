// Alipay 电脑网站支付 through the official alipay-sdk (public-key mode, RSA2): the page-pay address the payer
// is sent to, the trade query, and the checks of the async notify and of the return page's parameters.
import type { AlipaySdk } from 'alipay-sdk'
import { beijingTime, type Clock } from '../../../clock'
import type { AlipaySettings } from '../../../config'
import { onFirstUse } from '../../../lib/on-first-use'
import {
  type ConfirmedPayment,
  fenOf,
  type PaymentOrder,
  type PaymentProvider,
  RefusedReport,
  type StartedPayment,
  type TradeState,
  yuanText,
} from './payment-provider'

/** The trade states of Alipay that mean the money was taken (TRADE_FINISHED: paid and no longer refundable). */
const PAID_STATES = ['TRADE_SUCCESS', 'TRADE_FINISHED']

export class AlipayProvider implements PaymentProvider {
  readonly channel = 'alipay'

  constructor(
    private readonly settings: AlipaySettings,
    private readonly urls: { notifyUrl: string; returnUrl: string },
    private readonly clock: Clock,
  ) {}

  // The SDK takes a quarter of a second to load: loaded with the first payment, not at every server start.
  private readonly sdk = onFirstUse(async (): Promise<AlipaySdk> => {
    const { AlipaySdk } = await import('alipay-sdk')
    const { settings } = this
    return new AlipaySdk({
      appId: settings.appId,
      privateKey: settings.privateKey,
      keyType: 'PKCS8',
      alipayPublicKey: settings.alipayPublicKey,
      gateway: settings.gateway,
      signType: 'RSA2',
      // Answers keep Alipay's own field names (trade_status, total_amount).
      camelcase: false,
      timeout: 5_000,
    })
  })

  /** The signed page-pay address (GET): nothing is sent to Alipay until the payer's browser goes there. */
  async start(order: PaymentOrder): Promise<StartedPayment> {
    const payUrl = (await this.sdk()).pageExecute('alipay.trade.page.pay', 'GET', {
      bizContent: {
        out_trade_no: order.orderNo,
        total_amount: yuanText(order.amountFen),
        subject: order.subject,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        // Beijing time: Alipay refuses to take money after it, when our order closes.
        time_expire: beijingTime(order.expiresAt),
      },
      notifyUrl: this.urls.notifyUrl,
      returnUrl: this.urls.returnUrl,
      timestamp: this.timestamp(),
    })
    return { payUrl, codeUrl: '' }
  }

  async query(orderNo: string): Promise<TradeState> {
    // validateSign: the answer is believed only with Alipay's signature over it.
    const answer = await (await this.sdk()).exec(
      'alipay.trade.query',
      { bizContent: { out_trade_no: orderNo }, timestamp: this.timestamp() },
      { validateSign: true },
    )
    // A page-pay trade exists at Alipay only once the payer opened the cashier.
    if (answer.code === '40004' && answer.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'open' }
    if (answer.code !== '10000' || answer.out_trade_no !== orderNo) {
      throw new Error(`支付宝交易查询失败：${answer.code} ${answer.sub_code ?? ''} ${answer.sub_msg ?? ''}`)
    }
    if (PAID_STATES.includes(answer.trade_status)) return { state: 'paid', ...this.payment(answer) }
    if (answer.trade_status === 'TRADE_CLOSED') return { state: 'failed' }
    return { state: 'open' }
  }

  /**
   * The async notify (form fields): Alipay's RSA2 signature over the sorted fields (sign and sign_type left
   * out) and our app id. A payment when the trade was paid, undefined for any other trade status.
   */
  async verifyNotify(params: Record<string, string>): Promise<ConfirmedPayment | undefined> {
    await this.verify(params)
    if (!PAID_STATES.includes(params.trade_status ?? '')) return undefined
    return this.payment(params)
  }

  /** The return page's parameters, signed as a notify: which order and what amount, when they hold. */
  async verifyReturn(params: Record<string, string>): Promise<{ orderNo: string; amountFen: number }> {
    await this.verify(params)
    const amountFen = fenOf(params.total_amount)
    if (!params.out_trade_no || amountFen === undefined) throw new RefusedReport('支付宝返回参数不全')
    return { orderNo: params.out_trade_no, amountFen }
  }

  /**
   * The request time in Beijing time, as Alipay reads it; the SDK would write the machine's local time,
   * which is not Beijing's on a server (or in a container) set to UTC.
   */
  private timestamp() {
    return beijingTime(this.clock.now())
  }

  private async verify(params: Record<string, string>) {
    // checkNotifySignV2 checks the values as received (checkNotifySign would URL-decode them once more).
    if (params.sign_type !== 'RSA2' || !(await this.sdk()).checkNotifySignV2(params)) {
      throw new RefusedReport('支付宝签名不正确', true)
    }
    if (params.app_id !== this.settings.appId) throw new RefusedReport('支付宝 app_id 与本站不符')
  }

  private payment(fields: Record<string, string | undefined>): ConfirmedPayment {
    const amountFen = fenOf(fields.total_amount)
    if (!fields.out_trade_no || !fields.trade_no || amountFen === undefined) {
      throw new RefusedReport('支付宝交易字段不全')
    }
    return { orderNo: fields.out_trade_no, tradeNo: fields.trade_no, amountFen }
  }
}
