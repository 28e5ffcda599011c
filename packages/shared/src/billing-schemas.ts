// Payload schemas of the billing calls (server side).
import * as z from 'zod/mini'
import { BillingMessages, INVOICE_KINDS, PAY_CHANNELS } from './billing'
import { hasSpecialChars } from './fields'
import { recordIdSchema } from './zod-fields'

// A plan's code as `ops plan-create` makes it: anything else names no plan (and a NUL in it failed the query
// on PostgreSQL, a 500).
const planCode = z
  .string({ error: BillingMessages.planCode })
  .check(z.regex(/^[a-z0-9_]{1,40}$/, { error: BillingMessages.planCode }))
const orderNo = z
  .string({ error: BillingMessages.orderNo })
  .check(z.regex(/^[0-9A-Z]{1,32}$/, { error: BillingMessages.orderNo }))
const couponId = recordIdSchema(BillingMessages.couponId)

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

// No control characters or half surrogate pairs (fields.ts): PostgreSQL refuses a NUL (a 500), and half a pair
// is no character (stored as U+FFFD).
const plain = (error: string) => z.refine<string>((s) => !hasSpecialChars(s), { error })
const text = (max: number, error: string) =>
  z.string({ error }).check(z.trim(), z.minLength(1, { error }), z.maxLength(max, { error }), plain(error))
const optionalText = (max: number, error: string) =>
  z.optional(z.string({ error }).check(z.trim(), z.maxLength(max, { error }), plain(error)))

/**
 * An invoice request: 普通发票 needs 抬头, 税号 and 邮箱; 增值税专用发票 also the registered address and
 * telephone, bank and account, which the form and the server check by this one schema.
 */
export const invoiceSchema = z
  .object({
    OrderNo: orderNo,
    Kind: z.enum(INVOICE_KINDS, { error: BillingMessages.invoiceKind }),
    Title: text(100, BillingMessages.invoiceTitle),
    TaxNo: z
      .string({ error: BillingMessages.taxNo })
      .check(z.trim(), z.regex(/^[0-9A-Z]{15,20}$/, { error: BillingMessages.taxNo })),
    Email: z
      .string({ error: BillingMessages.email })
      .check(
        z.trim(),
        z.maxLength(100, { error: BillingMessages.email }),
        z.email({ error: BillingMessages.email }),
      ),
    Address: optionalText(200, BillingMessages.address),
    Phone: optionalText(40, BillingMessages.phone),
    Bank: optionalText(100, BillingMessages.bank),
    BankAccount: optionalText(40, BillingMessages.bankAccount),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.Kind !== '增值税专用发票') return
      const needed = [
        ['Address', BillingMessages.address],
        ['Phone', BillingMessages.phone],
        ['Bank', BillingMessages.bank],
        ['BankAccount', BillingMessages.bankAccount],
      ] as const
      for (const [field, message] of needed) {
        if (!v[field]) ctx.issues.push({ code: 'custom', message, path: [field], input: v[field] })
      }
    }),
  )

export const noticeSchema = z.object({
  Id: recordIdSchema(BillingMessages.noticeId),
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
