// What every payment channel offers the billing module: start a payment of an order, and ask the platform
// about it (trade query). Notifies and return pages differ per platform and stay with each provider.
import type { PayChannel } from '@epc/shared'

/** What a platform is told about an order when its payment starts. */
export interface PaymentOrder {
  orderNo: string
  amountFen: number
  /** What the payer sees (商品描述). */
  subject: string
  /** Epoch ms after which the platform must refuse the payment (our order closes then). */
  expiresAt: number
}

/** Where the payer goes: Alipay's page-pay address, or WeChat's code_url shown as a QR code. */
export interface StartedPayment {
  payUrl: string
  codeUrl: string
}

/** A payment the platform confirmed, as markPaid takes it. */
export interface ConfirmedPayment {
  orderNo: string
  tradeNo: string
  amountFen: number
}

/** A trade query's answer: paid, still open (or not started), or ended without payment. */
export type TradeState = ({ state: 'paid' } & ConfirmedPayment) | { state: 'open' } | { state: 'failed' }

export interface PaymentProvider {
  readonly channel: PayChannel
  start(order: PaymentOrder): Promise<StartedPayment>
  query(orderNo: string): Promise<TradeState>
}

/** A platform's report that is not to be believed: its signature does not hold, or it is not about us. */
export class RefusedReport extends Error {
  constructor(
    message: string,
    /** The signature (or its key, or its time) is what failed. */
    readonly badSignature = false,
  ) {
    super(message)
  }
}

/** Integer fen as the platforms' yuan string with two decimals: 19900 → '199.00'. */
export function yuanText(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`
}

/** A yuan amount with at most two decimals as integer fen, without floating point; undefined otherwise. */
export function fenOf(yuan: string | undefined): number | undefined {
  const match = /^(0|[1-9]\d{0,11})(?:\.(\d{1,2}))?$/.exec(yuan ?? '')
  if (!match) return undefined
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}
