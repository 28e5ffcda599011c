// The billing calls' answers as docs/api.md (Billing) gives them: wire names, money in yuan with 2 decimals,
// times as Beijing 'YYYY-MM-DD HH:mm:ss' ('' when not yet) and ExpireAt / ServiceEndsAt in epoch ms.
import type { CouponStatus, InvoiceKindName, OrderStateName, PlanKind } from '@epc/shared'

export interface Plan {
  PlanCode: string
  Name: string
  Kind: PlanKind
  Price: number
  Days: number
  /** Per-day price; null for a plan without days. */
  DayPrice: number | null
  Queries: number
  Seats: number
  Items: number
}

export interface Entitlement {
  ServiceEndsAt: number | null
  ServiceActive: boolean
  QueriesLeft: number
  Seats: number
  ItemsLeft: number
  IsOwner: boolean
}

export type PayChannel = 'alipay' | 'wechat' | 'transfer'

export interface Invoice {
  Kind: InvoiceKindName
  Title: string
  TaxNo: string
  Email: string
  Address: string
  Phone: string
  Bank: string
  BankAccount: string
  State: '待开票' | '已开票'
  CreateTime: string
}

export interface TransferAccount {
  Name: string
  Bank: string
  Account: string
  /** What to write on the transfer: the order number. */
  Remark: string
}

export interface Order {
  OrderNo: string
  PlanCode: string
  PlanName: string
  PlanKind: PlanKind
  State: OrderStateName
  ListPrice: number
  Discount: number
  Amount: number
  AmountFen: number
  Days: number
  ExtraDays: number
  Queries: number
  Seats: number
  Items: number
  CouponId: number | null
  /** How it was paid ('alipay', 'wechat', 'transfer', 'free'), '' while unpaid. */
  Channel: string
  CreateTime: string
  ExpireTime: string
  ExpireAt: number
  PaidTime: string
  EffectiveTime: string
  ServiceStart: string
  ServiceEnd: string
  /** The payment channels started on it (from the payment work; absent on an older server). */
  PayChannels?: string[]
  Invoice?: Invoice | null
  TransferAccount?: TransferAccount | null
  /** On row 0 of a page: the number of orders in all. */
  TotalCount?: number
}

export interface Coupon {
  CouponId: number
  Kind: '满减' | '折扣' | '赠送天数'
  Title: string
  Threshold: number
  Off: number
  Percent: number
  Days: number
  ValidFrom: string
  ValidTo: string
  Status: (typeof CouponStatus)[keyof typeof CouponStatus]
  /** The unpaid order holding it, '' when free. */
  ReservedBy: string
  /** Only when asked for a plan: */
  Applicable?: boolean
  PayAmount?: number
  Best?: boolean
}

export interface PayStart {
  OrderNo: string
  Channel: 'alipay' | 'wechat'
  PayUrl: string
  CodeUrl: string
  ExpireAt: number
}

export interface Notice {
  Id: number
  Kind: string
  Title: string
  Body: string
  CreateTime: string
}

export type PayResultState = 'success' | 'processing' | 'failed'
