// Payload schemas of the billing calls (server side; the web's invoice form checks with the same field rules).
import * as z from 'zod/mini'
import {
  BillingMessages,
  INVOICE_KINDS,
  invoiceFields,
  VAT_SPECIAL_FIELDS,
  VAT_SPECIAL_INVOICE,
} from './billing'
import { textSchema } from './zod-fields'

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

/** /api/billing/invoice: the common fields always, the bank fields for 增值税专用发票 (empty otherwise). */
export const invoiceSchema = z
  .object({
    OrderNo: orderNo,
    Kind: z.enum(INVOICE_KINDS, { error: BillingMessages.invoiceKind }),
    Title: textSchema(invoiceFields.Title),
    TaxNo: textSchema(invoiceFields.TaxNo),
    Email: textSchema(invoiceFields.Email),
    Address: z._default(textSchema(invoiceFields.Address), ''),
    Phone: z._default(textSchema(invoiceFields.Phone), ''),
    Bank: z._default(textSchema(invoiceFields.Bank), ''),
    BankAccount: z._default(textSchema(invoiceFields.BankAccount), ''),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.Kind !== VAT_SPECIAL_INVOICE) return
      for (const field of VAT_SPECIAL_FIELDS) {
        if (value[field] === '') {
          ctx.issues.push({
            code: 'custom',
            message: `增值税专用发票请填写${invoiceFields[field].label}`,
            path: [field],
            input: value[field],
          })
        }
      }
    }),
  )
