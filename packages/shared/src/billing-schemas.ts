// Payload schemas of the billing calls (server side).
import * as z from 'zod/mini'
import { BillingMessages, PAY_CHANNELS } from './billing'

const planCode = z
  .string({ error: BillingMessages.planCode })
  .check(
    z.minLength(1, { error: BillingMessages.planCode }),
    z.maxLength(40, { error: BillingMessages.planCode }),
  )
const orderNo = z
  .string({ error: BillingMessages.orderNo })
  .check(z.regex(/^[0-9A-Z]{1,32}$/, { error: BillingMessages.orderNo }))
const couponId = z
  .int({ error: BillingMessages.couponId })
  .check(z.gte(1, { error: BillingMessages.couponId }))

export const createOrderSchema = z.object({ PlanCode: planCode, CouponId: z.optional(z.nullable(couponId)) })
export const orderSchema = z.object({ OrderNo: orderNo })
export const couponsSchema = z.object({ PlanCode: z.optional(planCode) })
export const listOrdersSchema = z.object({
  PageIndex: z.optional(z.int({ error: '页码应为整数' }).check(z.gte(1, { error: '页码应从1开始' }))),
  PageSize: z.optional(
    z
      .int({ error: '每页条数应为整数' })
      .check(z.gte(1, { error: '每页条数不正确' }), z.lte(100, { error: '每页最多100条' })),
  ),
})

const payChannel = z.enum(PAY_CHANNELS, { error: BillingMessages.payChannel })
export const paySchema = z.object({ OrderNo: orderNo, Channel: payChannel })

// The return page's query string as an object: a few dozen short strings at most (Alipay sends about 12).
const returnValue = z
  .string({ error: BillingMessages.payResultInvalid })
  .check(z.maxLength(2048, { error: BillingMessages.payResultInvalid }))
export const payResultSchema = z.object({
  Channel: payChannel,
  Params: z
    .record(z.string(), returnValue, { error: BillingMessages.payResultInvalid })
    .check(
      z.refine((params) => Object.keys(params).length <= 40, { error: BillingMessages.payResultInvalid }),
    ),
})
