// Plans, orders and coupons: the kinds, the order states as stored (the spec's Chinese words), the
// limits and the messages of the billing calls. Money is integer fen everywhere.

export const PLAN_KINDS = ['vin_period', 'all_brands_period', 'seats', 'query_pack', 'data_items'] as const
export type PlanKind = (typeof PLAN_KINDS)[number]

/** Plan kinds that extend the service period (the look-ups that need an active service). */
export const PERIOD_PLAN_KINDS: readonly PlanKind[] = ['vin_period', 'all_brands_period']

/** An order's state, stored exactly as these words. */
export const OrderState = {
  pending: '待支付',
  paid: '已支付',
  effective: '已生效',
  cancelled: '已取消',
  closed: '已关闭',
  refunding: '退款中',
  refunded: '已退款',
} as const
export type OrderStateName = (typeof OrderState)[keyof typeof OrderState]

export const COUPON_KINDS = ['amount_off', 'percent', 'extra_days'] as const
export type CouponKind = (typeof COUPON_KINDS)[number]

/** The names a shop sees for the coupon kinds. */
export const CouponKindNames: Record<CouponKind, string> = {
  amount_off: '满减',
  percent: '折扣',
  extra_days: '赠送天数',
}

/** The coupon list's tabs. */
export const CouponStatus = { usable: '可用', upcoming: '未生效', used: '已使用', expired: '已过期' } as const

export const BillingLimits = {
  /** An unpaid order closes this long after it was created (the platforms' time_expire too). */
  orderTtlMs: 15 * 60_000,
  /** Nothing is paid below one fen. */
  minPayFen: 1,
  ordersPageSize: 10,
  /** A bank-transfer (对公转账) order waits this long for the money instead of 15 minutes. */
  transferTtlMs: 7 * 86_400_000,
  /** Renewal reminders: this many days before the service ends. */
  reminderDays: [7, 1],
  /** A pending order with a started payment is asked about (trade query) at most this often when read. */
  tradeQueryEveryMs: 10_000,
  /** The payment result page may ask the platform this often while the payment is still processing. */
  payResultQueryEveryMs: 3_000,
} as const

/** What an order's payment was started on (orders.pay_channels) and what paid it (orders.channel). */
export const PayChannelNames: Record<string, string> = {
  alipay: '支付宝',
  wechat: '微信支付',
  transfer: '对公转账',
}

export const INVOICE_KINDS = ['普通发票', '增值税专用发票'] as const
export type InvoiceKindName = (typeof INVOICE_KINDS)[number]

/** The online payment channels: Alipay 电脑网站支付 and WeChat Pay Native (a QR code). */
export const PAY_CHANNELS = ['alipay', 'wechat'] as const
export type PayChannel = (typeof PAY_CHANNELS)[number]

/** What the payment result page shows: paid, not known yet, or not paid (closed, failed). */
export type PayResultState = 'success' | 'processing' | 'failed'

export const BillingMessages = {
  planNotFound: '套餐不存在或已下架',
  ownerOnly: '只有企业主账号可以购买或取消订单',
  couponNotUsable: '优惠券不可用',
  notCancellable: '只有待支付的订单可以取消',
  freePlanTaken: '该试用套餐每个企业只能领取一次',
  planCode: '请选择套餐',
  orderNo: '订单号不正确',
  couponId: '优惠券不正确',
  transferUnavailable: '暂不支持对公转账',
  orderClosed: '订单已关闭，请重新下单',
  notPayable: '只有待支付的订单可以支付',
  invoiceNotPaid: '只有已支付的订单可以申请发票',
  invoiceTaken: '该订单已申请发票',
  invoiceKind: '请选择发票类型',
  invoiceTitle: '请填写发票抬头',
  taxNo: '税号应为15至20位数字或大写字母',
  email: '请填写正确的邮箱',
  address: '请填写注册地址',
  phone: '请填写注册电话',
  bank: '请填写开户银行',
  bankAccount: '请填写银行账号',
  noticeId: '消息不正确',
  payChannel: '请选择支付方式',
  channelNotOffered: '暂不支持该支付方式',
  payUnavailable: '支付服务暂不可用，请稍后再试',
  payResultInvalid: '支付结果参数不正确',
  /** The web client's words for an ended service (99998 `expired`, the buy page's banner): to the owner … */
  serviceEnded: '您的服务已到期，续费后即可继续查询',
  /** … and to staff, who cannot buy. */
  serviceEndedStaff: '您所在企业的服务已到期，请联系企业主账号续费后继续查询',
} as const

/** Why a call answered 99998 (its `data.reason`). */
export type AccountRefusalReason = 'expired' | 'disabled'
