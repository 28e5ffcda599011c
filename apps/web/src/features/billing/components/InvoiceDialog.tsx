// 申请发票 for a paid order: 普通发票 (抬头, 税号, 邮箱) or 增值税专用发票 (also the company's registered address,
// phone, bank and account). The fields check with the shared invoice rules, the same the server applies.
import { INVOICE_KINDS, type InvoiceKind, invoiceFields, VAT_SPECIAL_INVOICE } from '@epc/shared'
import { invoiceSchema } from '@epc/shared/billing-schemas'
import { Form, Input, Modal, Radio } from 'antd'
import { useEffect } from 'react'
import { feedback } from '../../../lib/feedback'
import { fieldRule } from '../../../lib/form-rules'
import { type InvoicePayload, useRequestInvoice } from '../api/request-invoice'
import type { Order } from '../types'

type Values = Omit<InvoicePayload, 'OrderNo'>

const required = (name: keyof typeof invoiceFields) => [
  { required: true, message: `请输入${invoiceFields[name].label}` },
  fieldRule(invoiceFields[name]),
]

interface Props {
  order: Order | null
  onClose: () => void
}

export function InvoiceDialog({ order, onClose }: Props) {
  const [form] = Form.useForm<Values>()
  const request = useRequestInvoice()
  const kind = Form.useWatch('Kind', form) as InvoiceKind | undefined
  const special = kind === VAT_SPECIAL_INVOICE

  useEffect(() => {
    if (order) form.resetFields()
  }, [order, form])

  const submit = async () => {
    if (!order) return
    const values = await form.validateFields()
    // The shared schema trims and fills the fields a 普通发票 leaves empty, as the server reads them.
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
        <Form.Item name="Title" label={invoiceFields.Title.label} rules={required('Title')}>
          <Input placeholder="企业名称" maxLength={invoiceFields.Title.max} />
        </Form.Item>
        <Form.Item name="TaxNo" label={invoiceFields.TaxNo.label} rules={required('TaxNo')}>
          <Input placeholder="统一社会信用代码" maxLength={20} />
        </Form.Item>
        <Form.Item name="Email" label={invoiceFields.Email.label} rules={required('Email')}>
          <Input placeholder="电子发票将发送到此邮箱" maxLength={invoiceFields.Email.max} />
        </Form.Item>
        {special && (
          <>
            <Form.Item name="Address" label={invoiceFields.Address.label} rules={required('Address')}>
              <Input maxLength={invoiceFields.Address.max} />
            </Form.Item>
            <Form.Item name="Phone" label={invoiceFields.Phone.label} rules={required('Phone')}>
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name="Bank" label={invoiceFields.Bank.label} rules={required('Bank')}>
              <Input maxLength={invoiceFields.Bank.max} />
            </Form.Item>
            <Form.Item
              name="BankAccount"
              label={invoiceFields.BankAccount.label}
              rules={required('BankAccount')}
            >
              <Input maxLength={32} inputMode="numeric" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  )
}
