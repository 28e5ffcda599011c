// 申请发票 for a paid order: 普通发票 (抬头, 税号, 邮箱) or 增值税专用发票 (also the company's registered address,
// phone, bank and account). Each field is checked by the shared invoiceSchema, the one the server applies.
import { BillingMessages, INVOICE_KINDS, type InvoiceKindName } from '@epc/shared'
import { invoiceSchema } from '@epc/shared/billing-schemas'
import type { FormRule } from 'antd'
import { Form, Input, Modal, Radio } from 'antd'
import { useEffect } from 'react'
import { feedback } from '../../../lib/feedback'
import { schemaRule } from '../../../lib/form-rules'
import { type InvoicePayload, useRequestInvoice } from '../api/request-invoice'
import type { Order } from '../types'

type Values = Omit<InvoicePayload, 'OrderNo'>

const SPECIAL: InvoiceKindName = '增值税专用发票'

// The schema asks for the bank fields only once the common ones are right (a refinement of the whole); the
// form says at once what is missing, in the schema's words.
const BANK_FIELDS = [
  { name: 'Address', label: '注册地址', missing: BillingMessages.address, max: 200 },
  { name: 'Phone', label: '注册电话', missing: BillingMessages.phone, max: 40 },
  { name: 'Bank', label: '开户银行', missing: BillingMessages.bank, max: 100 },
  { name: 'BankAccount', label: '银行账号', missing: BillingMessages.bankAccount, max: 40 },
] as const

interface Props {
  order: Order | null
  onClose: () => void
}

export function InvoiceDialog({ order, onClose }: Props) {
  const [form] = Form.useForm<Values>()
  const request = useRequestInvoice()
  const special = Form.useWatch('Kind', form) === SPECIAL
  const rules = (field: string, missing?: string): FormRule[] => [
    ...(missing ? [{ required: true, whitespace: true, message: missing }] : []),
    schemaRule(invoiceSchema, field, { OrderNo: order?.OrderNo }),
  ]

  useEffect(() => {
    if (order) form.resetFields()
  }, [order, form])

  const submit = async () => {
    if (!order) return
    const values = await form.validateFields()
    // The schema's output is what the server reads: trimmed, a 普通发票 without bank fields.
    const parsed = invoiceSchema.safeParse({ ...values, OrderNo: order.OrderNo })
    if (!parsed.success) {
      feedback.warning(parsed.error.issues[0]?.message ?? '请检查发票信息')
      return
    }
    const done = await request.mutateAsync(parsed.data).catch(() => null)
    if (done) {
      feedback.success('发票申请已提交，开具后将发送到您的邮箱')
      onClose()
    }
  }

  return (
    <Modal
      open={order !== null}
      title={`申请发票（订单 ${order?.OrderNo ?? ''}）`}
      okText="提交申请"
      onOk={submit}
      confirmLoading={request.isPending}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ Kind: INVOICE_KINDS[0] }} preserve={false}>
        <Form.Item name="Kind" label="发票类型">
          <Radio.Group options={INVOICE_KINDS.map((k) => ({ value: k, label: k }))} />
        </Form.Item>
        <Form.Item name="Title" label="发票抬头" rules={rules('Title')}>
          <Input placeholder="企业名称" maxLength={100} />
        </Form.Item>
        <Form.Item name="TaxNo" label="税号" rules={rules('TaxNo')}>
          <Input placeholder="统一社会信用代码" maxLength={20} />
        </Form.Item>
        <Form.Item name="Email" label="邮箱" rules={rules('Email')}>
          <Input placeholder="电子发票将发送到此邮箱" maxLength={100} />
        </Form.Item>
        {special &&
          BANK_FIELDS.map((f) => (
            <Form.Item key={f.name} name={f.name} label={f.label} rules={rules(f.name, f.missing)}>
              <Input maxLength={f.max} />
            </Form.Item>
          ))}
      </Form>
    </Modal>
  )
}
