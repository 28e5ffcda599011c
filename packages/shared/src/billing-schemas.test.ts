// The invoice request's schema: the common fields always, the bank fields only for 增值税专用发票.
import { describe, expect, it } from 'vitest'
import { invoiceSchema } from './billing-schemas'

const ORDINARY = {
  OrderNo: '20250101123456789012',
  Kind: '普通发票',
  Title: ' 某某汽修有限公司 ',
  TaxNo: '91310000MA1FL1234X',
  Email: 'fp@example.cn',
}
const SPECIAL = {
  ...ORDINARY,
  Kind: '增值税专用发票',
  Address: '上海市浦东新区某路1号',
  Phone: '021-12345678',
  Bank: '中国工商银行上海分行',
  BankAccount: '6222020200001234567',
}

const messages = (value: object) =>
  invoiceSchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message])

describe('invoiceSchema', () => {
  it('takes an ordinary invoice without bank fields, trimmed, the bank fields empty', () => {
    expect(invoiceSchema.parse(ORDINARY)).toEqual({
      ...ORDINARY,
      Title: '某某汽修有限公司',
      Address: '',
      Phone: '',
      Bank: '',
      BankAccount: '',
    })
  })

  it('takes a special VAT invoice with all four bank fields', () => {
    expect(invoiceSchema.parse(SPECIAL)).toMatchObject({ Kind: '增值税专用发票', Bank: SPECIAL.Bank })
  })

  it('asks for each missing bank field of a special VAT invoice, in Chinese', () => {
    expect(messages({ ...SPECIAL, Address: ' ', Bank: undefined })).toEqual([
      ['Address', '增值税专用发票请填写注册地址'],
      ['Bank', '增值税专用发票请填写开户银行'],
    ])
  })

  it('names each wrong field', () => {
    expect(messages({ ...ORDINARY, Kind: '收据', Title: '', TaxNo: 'abc', Email: 'x@' })).toEqual([
      ['Kind', '请选择发票类型'],
      ['Title', '请输入发票抬头'],
      ['TaxNo', '税号应为15到20位数字或大写字母'],
      ['Email', '请输入正确的邮箱地址'],
    ])
    expect(messages({ ...SPECIAL, BankAccount: '62220-12' })).toEqual([
      ['BankAccount', '银行账号应为6到32位数字'],
    ])
    expect(messages({ ...ORDINARY, OrderNo: 'x' })).toEqual([['OrderNo', '订单号不正确']])
  })
})
