// Plans, orders and coupons: the kinds, the order states as stored (the spec's Chinese words), the
// limits and the messages of the billing calls. Money is integer fen everywhere.
import type { TextField } from './fields'

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
export const CouponStatus = { usable: '可用', used: '已使用', expired: '已过期' } as const

export const BillingLimits = {
  /** An unpaid order closes this long after it was created (the platforms' time_expire too). */
  orderTtlMs: 15 * 60_000,
  /** Nothing is paid below one fen. */
  minPayFen: 1,
  ordersPageSize: 10,
} as const

export const BillingMessages = {
  planNotFound: '套餐不存在或已下架',
  ownerOnly: '只有企业主账号可以购买或取消订单',
  couponNotUsable: '优惠券不可用',
  notCancellable: '只有待支付的订单可以取消',
  freePlanTaken: '该试用套餐每个企业只能领取一次',
  planCode: '请选择套餐',
  orderNo: '订单号不正确',
  couponId: '优惠券不正确',
  invoiceKind: '请选择发票类型',
  /** The web client's words for an ended service (99998 `expired`, the buy page's banner): to the owner … */
  serviceEnded: '您的服务已到期，续费后即可继续查询',
  /** … and to staff, who cannot buy. */
  serviceEndedStaff: '您所在企业的服务已到期，请联系企业主账号续费后继续查询',
} as const

/** Why a call answered 99998 (its `data.reason`). */
export type AccountRefusalReason = 'expired' | 'disabled'

/** The invoice kinds a paid order may ask for, as stored and shown. */
export const INVOICE_KINDS = ['普通发票', '增值税专用发票'] as const
export type InvoiceKind = (typeof INVOICE_KINDS)[number]
/** The kind that also needs the company's registered address, phone, bank and account. */
export const VAT_SPECIAL_INVOICE: InvoiceKind = '增值税专用发票'

/**
 * The invoice request's fields (wire names as keys), for the server's schema and the web form alike. The
 * four bank fields are required only for 增值税专用发票 (invoiceSchema checks that), so they are optional here.
 */
export const invoiceFields = {
  Title: { label: '发票抬头', max: 100, plain: true },
  // 统一社会信用代码 (18) or an older tax number (15 to 20): digits and capital letters.
  TaxNo: {
    label: '税号',
    pattern: /^[0-9A-Z]{15,20}$/,
    patternMessage: '税号应为15到20位数字或大写字母',
  },
  Email: {
    label: '邮箱',
    max: 100,
    pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
    patternMessage: '请输入正确的邮箱地址',
  },
  Address: { label: '注册地址', min: 0, max: 200, plain: true },
  Phone: {
    label: '注册电话',
    min: 0,
    pattern: /^[0-9+\-() ]{7,20}$/,
    patternMessage: '请输入正确的注册电话',
  },
  Bank: { label: '开户银行', min: 0, max: 100, plain: true },
  BankAccount: {
    label: '银行账号',
    min: 0,
    pattern: /^[0-9]{6,32}$/,
    patternMessage: '银行账号应为6到32位数字',
  },
} as const satisfies Record<string, TextField>

/** The fields 增值税专用发票 needs beyond the common ones. */
export const VAT_SPECIAL_FIELDS = ['Address', 'Phone', 'Bank', 'BankAccount'] as const
