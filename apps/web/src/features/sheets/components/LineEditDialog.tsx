// Changes one line's quantity, price or name (updatequoteorderdetail / updatepurchaseorderdetail); the
// server recomputes the line's money and the sheet's total.
import { amountField, partNameField, type SheetKind } from '@epc/shared'
import { Col, Form, Input, InputNumber, Modal, Row } from 'antd'
import { useState } from 'react'
import { feedback } from '../../../lib/feedback'
import { decimalRule, fieldRule } from '../../../lib/form-rules'
import { useOneAtATime } from '../../../lib/use-submit'
import { useUpdateSheetLine } from '../api/update-sheet-line'
import { useDialogSession } from '../hooks/use-dialog-session'
import { SHEET_TEXTS } from '../texts'
import type { SheetLine } from '../types'

interface Values {
  part_name: string
  Amount: number | null
  price: number | null
}

interface Props {
  kind: SheetKind
  line: SheetLine | null
  onClose: () => void
  onSaved: () => void
}

export function LineEditDialog(props: Props) {
  const session = useDialogSession(!!props.line)
  return session.mounted ? (
    <LineEditDialogModal key={session.key} {...props} afterClose={session.afterClose} />
  ) : null
}

function LineEditDialogModal({
  kind,
  line: given,
  onClose,
  onSaved,
  afterClose,
}: Props & { afterClose: () => void }) {
  // The line of this opening, kept while the dialog animates closed.
  const [line] = useState(given)
  const priceField = SHEET_TEXTS[kind].price
  const [form] = Form.useForm<Values>()
  const update = useUpdateSheetLine(kind)

  const save = useOneAtATime(async (values: Values) => {
    if (!line) return
    const saved = await update
      .mutateAsync({
        OrderId: line.OrderId,
        Id: line.Id,
        Amount: Number(values.Amount),
        price: Number(values.price),
        part_name: values.part_name?.trim() ?? '',
      })
      .then(
        () => true,
        () => false,
      )
    if (!saved) return
    feedback.success('修改成功！')
    onSaved()
  })

  return (
    <Modal
      open={!!given}
      title={line ? `修改配件 ${line.part_number}` : '修改配件'}
      width={520}
      mask={{ closable: false }}
      afterClose={afterClose}
      okText="保存"
      cancelText="取消"
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {line && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ part_name: line.part_name, Amount: line.Amount, price: line.price }}
          onFinish={save}
          data-testid="line-form"
          style={{ marginTop: 16 }}
        >
          <Form.Item name="part_name" label="配件名称" rules={[fieldRule(partNameField)]}>
            <Input aria-label="配件名称" />
          </Form.Item>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="Amount" label="数量" required rules={[decimalRule(amountField)]}>
                <InputNumber min={0} step={1} autoFocus style={{ width: '100%' }} aria-label="数量" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="price" label={priceField.label} required rules={[decimalRule(priceField)]}>
                <InputNumber min={0} prefix="¥" style={{ width: '100%' }} aria-label={priceField.label} />
              </Form.Item>
            </Col>
          </Row>
          <button type="submit" hidden aria-hidden />
        </Form>
      )}
    </Modal>
  )
}
