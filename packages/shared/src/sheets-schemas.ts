// Payload schemas of the quotation and purchase-order calls (server side). Quantities and prices arrive
// as numbers or numeric text and leave as integer hundredths (fen).
import * as z from 'zod/mini'
import {
  amountField,
  areaStockField,
  carNoField,
  carTypeField,
  clientNameField,
  keyTextField,
  makerField,
  partNameField,
  partNumberField,
  purchasePriceField,
  purchaseRemarkField,
  quoteRemarkField,
  salePriceField,
  supplierField,
  VIN_REQUIRED,
} from './sheets'
import { VIN_LENGTH, VinMessages } from './vin'
import { decimalSchema, optionalDecimalSchema, textSchema } from './zod-fields'

const optionalText = <T extends z.ZodMiniType>(schema: T) => z.optional(schema)

const vinRequired = z.transform((value: unknown, ctx) => {
  const vin = typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : ''
  if (!vin) ctx.issues.push({ code: 'custom', message: VIN_REQUIRED, input: value })
  else if (vin.length !== VIN_LENGTH || !/^[A-Z0-9]+$/.test(vin)) {
    ctx.issues.push({ code: 'custom', message: VinMessages.length, input: value })
  } else return vin
  return z.NEVER
})

/** Purchase orders may name no vehicle; a VIN given must still be one. */
const vinOptional = z.transform((value: unknown, ctx) => {
  const vin = typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : ''
  if (value !== undefined && value !== null && typeof value !== 'string') {
    ctx.issues.push({ code: 'custom', message: VinMessages.length, input: value })
  } else if (vin && (vin.length !== VIN_LENGTH || !/^[A-Z0-9]+$/.test(vin))) {
    ctx.issues.push({ code: 'custom', message: VinMessages.length, input: value })
  } else return vin
  return z.NEVER
})

const orderId = textSchema({ label: '单号', max: 30, plain: true })
// Both are 32-bit integer columns on PostgreSQL: a larger number must be a field error, not a failed query.
const INT32_MAX = 2_147_483_647
const lineId = z
  .int({ error: '明细编号不正确' })
  .check(z.positive({ error: '明细编号不正确' }), z.lte(INT32_MAX, { error: '明细编号不正确' }))
const stock = z.optional(
  z
    .int({ error: '库存应为整数' })
    .check(z.gte(0, { error: '库存不能为负数' }), z.lte(INT32_MAX, { error: '库存数量过大' })),
)

const vehicle = {
  carNo: optionalText(textSchema(carNoField)),
  carType: optionalText(textSchema(carTypeField)),
  makeorder_user: optionalText(textSchema(makerField)),
}

export const createQuotationSchema = z.object({
  ClientName: optionalText(textSchema(clientNameField)),
  VIN: vinRequired,
  remark: optionalText(textSchema(quoteRemarkField)),
  ...vehicle,
})
export const updateQuotationSchema = z.object({ ...createQuotationSchema.shape, OrderId: orderId })

export const createPurchaseOrderSchema = z.object({
  ClientName: textSchema(supplierField),
  VIN: z.optional(vinOptional),
  remark: optionalText(textSchema(purchaseRemarkField)),
  ...vehicle,
})
export const updatePurchaseOrderSchema = z.object({ ...createPurchaseOrderSchema.shape, OrderId: orderId })

export const listSheetsSchema = z.object({
  KeyText: optionalText(textSchema(keyTextField)),
  PageIndex: z.optional(z.int({ error: '页码应为整数' }).check(z.gte(1, { error: '页码应从1开始' }))),
  PageSize: z.optional(
    z
      .int({ error: '每页条数应为整数' })
      .check(z.gte(1, { error: '每页条数不正确' }), z.lte(100, { error: '每页最多100条' })),
  ),
})

export const deleteSheetSchema = z.object({ id: z.optional(lineId), OrderId: orderId })
export const sheetSchema = z.object({ OrderId: orderId })

const lineBase = {
  OrderId: orderId,
  part_number: textSchema(partNumberField),
  part_name: optionalText(textSchema(partNameField)),
  Amount: decimalSchema(amountField),
  available_stock: stock,
  area_stock: optionalText(textSchema(areaStockField)),
}

export const createQuotationLineSchema = z.object({
  ...lineBase,
  sale_prices: decimalSchema(salePriceField),
  // Null or blank is none: the product answers null for a purchase price it does not show.
  purchase_price: optionalDecimalSchema(purchasePriceField),
  offer_user: optionalText(textSchema(makerField)),
  flag: z.optional(z.union([z.literal(0), z.literal(1)], { error: '标记应为0或1' })),
})

export const createPurchaseLineSchema = z.object({
  ...lineBase,
  tax_prices: decimalSchema(purchasePriceField),
  PurcaseUser: optionalText(textSchema(makerField)),
  flag: z.optional(z.union([z.literal(0), z.literal(1)], { error: '标记应为0或1' })),
})

export const updateQuotationLineSchema = z.object({
  OrderId: orderId,
  Id: lineId,
  Amount: decimalSchema(amountField),
  sale_prices: decimalSchema(salePriceField),
  part_name: optionalText(textSchema(partNameField)),
  // A number typed wrong, or replaced since: the line takes another part number.
  part_number: optionalText(textSchema(partNumberField)),
})

export const updatePurchaseLineSchema = z.object({
  OrderId: orderId,
  Id: lineId,
  Amount: decimalSchema(amountField),
  tax_prices: decimalSchema(purchasePriceField),
  part_name: optionalText(textSchema(partNameField)),
  // A number typed wrong, or replaced since: the line takes another part number.
  part_number: optionalText(textSchema(partNumberField)),
})

export const deleteLineSchema = z.object({ OrderId: orderId, Id: lineId })

export const selectOptionSchema = z.object({
  Type: z.union([z.literal(0), z.literal(1)], { error: '类型应为0（供应商）或1（车辆）' }),
})

export const vinFillSchema = z.object({ VIN: vinRequired })
