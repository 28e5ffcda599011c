// Changes one line's quantity, price, name or part number (updatequoteorderdetail /
// updatepurchaseorderdetail); the server recomputes the line's money and the sheet's total. A part the
// catalogue has replaced since offers its new number (改用新号).
import { amountField, partNameField, partNumberField, type SheetKind, SheetMessages } from '@epc/shared'
import { Button, Col, Form, Input, InputNumber, Modal, Row } from 'antd'
import { useState } from 'react'
import { feedback } from '../../../lib/feedback'
import { decimalRule, fieldRule } from '../../../lib/form-rules'
import { useOneAtATime } from '../../../lib/use-submit'
import { isDuplicatePart } from '../api/add-sheet-line'
import { useUpdateSheetLine } from '../api/update-sheet-line'
import { useDialogSession } from '../hooks/use-dialog-session'
import { SHEET_TEXTS } from '../texts'
import type { SheetLine } from '../types'

interface Values {
  part_number: string
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
    const number = values.part_number.trim()
    const saved = await update
      .mutateAsync({
        OrderId: line.OrderId,
        Id: line.Id,
        Amount: Number(values.Amount),
        price: Number(values.price),
        part_name: values.part_name?.trim() ?? '',
        part_number: number === line.part_number ? undefined : number,
      })
      .then(
        () => true,
        (error: unknown) => {
          // The client announces other failures itself; this one only the dialog can place.
          if (isDuplicatePart(error)) feedback.warning(`${SheetMessages.duplicatePart}：${number}`)
          return false
        },
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
          initialValues={{
            part_number: line.part_number,
            part_name: line.part_name,
            Amount: line.Amount,
            price: line.price,
          }}
          onFinish={save}
          data-testid="line-form"
          style={{ marginTop: 16 }}
        >
          <Form.Item
            name="part_number"
            label="配件编码"
            required
            rules={[fieldRule(partNumberField)]}
            extra={
              line.replacedBy && (
                <span data-testid="line-replaced-by">
                  目录中已替换为 <strong>{line.replacedBy}</strong>{' '}
                  <Button size="small" onClick={() => form.setFieldValue('part_number', line.replacedBy)}>
                    改用新号
                  </Button>
                </span>
              )
            }
          >
            <Input aria-label="配件编码" style={{ fontFamily: 'monospace' }} />
          </Form.Item>
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
