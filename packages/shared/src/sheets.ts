// Quotation sheets and purchase orders (spec sections 3-5, 8, 9): field rules, texts and constants shared by
// the server and the sheet screens.
import type { DecimalField, TextField } from './fields'

export const SHEET_PAGE_SIZE = 10
export const VIN_REQUIRED = '请输入车架号'

/** Quotation sheets ('quote', 报价单) or purchase orders ('purchase', 采购单). */
export type SheetKind = 'quote' | 'purchase'

/** Quotation types offered in the dialog; the first is the default. */
export const QUOTATION_TYPES = ['事故', '机修', '钣金', '保险', '定损', '套餐价', '保养', '维修'] as const
export const DEFAULT_QUOTATION_TYPE = '事故'

/** Display truncation (spec section 9). */
export const TRUNCATE = { quoteCarType: 28, purchaseCarTypeNonSpace: 20, remark: 10 } as const

export const SheetMessages = {
  createdQuote: '创建报价单成功！',
  createdPurchase: '创建采购单成功！',
  updatedQuote: '报价单修改成功！',
  deletedQuote: '报价单删除成功！',
  // The spec names the quotation's texts; a purchase order says the same of itself.
  updatedPurchase: '采购单修改成功！',
  deletedPurchase: '采购单删除成功！',
  updatePurchaseFailed: '采购单修改失败！',
  added: '添加成功！',
  createQuoteFailed: '创建报价单失败！',
  createPurchaseFailed: '创建采购单失败！',
  updateQuoteFailed: '报价单修改失败！',
  deleteFailed: '删除失败！',
  addFailed: '添加失败！',
  exportEmpty: '导出失败，该报价单暂无配件信息',
  exportFailed: '报价单导出失败',
  exportNeedsSheet: '请选择所要导出的报价单',
  listEmpty: '抱歉，暂无数据',
  duplicatePart: '该配件编码已添加',
} as const

export const clientNameField: TextField = { label: '客户名称', min: 0, max: 50, plain: true }
export const supplierField: TextField = { label: '供应商', required: '请输入供应商', max: 50, plain: true }
export const carNoField: TextField = { label: '车牌号', min: 0, max: 16, plain: true }
export const carTypeField: TextField = { label: '车型', min: 0, max: 100 }
export const quoteRemarkField: TextField = { label: '报价类型', min: 0, max: 20 }
export const purchaseRemarkField: TextField = { label: '备注', min: 0, max: 200 }
export const makerField: TextField = { label: '制单人', min: 0, max: 20, plain: true }
export const partNumberField: TextField = { label: '配件编码', required: '请输入配件编码', max: 40 }
export const partNameField: TextField = { label: '配件名称', min: 0, max: 80 }
export const areaStockField: TextField = { label: '区域库存', min: 0, max: 200 }
export const keyTextField: TextField = { label: '关键字', min: 0, max: 40 }

export const amountField: DecimalField = {
  label: '数量',
  required: '请输入数量',
  min: 0,
  minInclusive: false,
  max: 99999,
}
export const salePriceField: DecimalField = {
  label: '销售价',
  required: '请输入销售价',
  min: 0,
  minInclusive: true,
  max: 9999999,
}
export const purchasePriceField: DecimalField = {
  label: '进价',
  required: '请输入进价',
  min: 0,
  minInclusive: true,
  max: 9999999,
}

/** A quotation list row (spec section 3); row 0 of a page carries TotalCount. */
export interface QuotationRow {
  Id: number
  OrderId: string
  CreateTime: string
  carNo: string
  carType: string
  VIN: string
  ClientName: string
  remark: string
  makeorder_user: string
  total_Money: number
  TotalCount?: number
  itemList: QuotationLine[]
}

export interface QuotationLine {
  Id: number
  OrderId: string
  part_number: string
  part_name: string
  Amount: number
  sale_prices: number
  money: number
  available_stock: number
  area_stock: string
  purchase_price: number | null
  offer_user: string
  flag: number
  /** The number the catalogue now sells in place of this part, or null (after the spec's fields). */
  replaced_by?: string | null
}

export interface PurchaseOrderRow extends Omit<QuotationRow, 'itemList'> {
  itemList: PurchaseLine[]
}

export interface PurchaseLine {
  Id: number
  OrderId: string
  part_number: string
  part_name: string
  Amount: number
  tax_prices: number
  money: number
  available_stock: number
  area_stock: string
  PurcaseUser: string
  /** The number the catalogue now sells in place of this part, or null (after the spec's fields). */
  replaced_by?: string | null
}
