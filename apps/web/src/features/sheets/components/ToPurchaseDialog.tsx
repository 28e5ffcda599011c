// 生成采购单: a purchase order from a quotation's chosen lines. It asks for the supplier (past suppliers
// suggested), copies VIN, plate and model, adds the lines at their purchase price (0 where the quotation has
// none, and says so), then offers to open the new order.
import { supplierField } from '@epc/shared'
import { AutoComplete, Form, Input, Modal, Table, Tag } from 'antd'
import { useMemo } from 'react'
import { fieldRule } from '../../../lib/form-rules'
import { formatMoney } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { useOneAtATime } from '../../../lib/use-submit'
import { useCreatePurchaseFromQuote } from '../api/create-purchase-from-quote'
import { usePastSuppliers } from '../api/get-sheet-suggestions'
import { useDialogSession } from '../hooks/use-dialog-session'
import type { SheetLine, SheetRow } from '../types'

interface Values {
  ClientName: string
  remark: string
}

interface Props {
  open: boolean
  quote: SheetRow
  lines: SheetLine[]
  onClose: () => void
  /** The new purchase order exists (some lines may have failed; they were announced). */
  onCreated: (orderId: string, withoutPrice: number) => void
}

export function ToPurchaseDialog(props: Props) {
  const session = useDialogSession(props.open)
  return session.mounted ? (
    <ToPurchaseDialogModal key={session.key} {...props} afterClose={session.afterClose} />
  ) : null
}

function ToPurchaseDialogModal({
  open,
  quote,
  lines,
  onClose,
  onCreated,
  afterClose,
}: Props & { afterClose: () => void }) {
  const [form] = Form.useForm<Values>()

  const userName = useSession((s) => s.info?.UserName ?? '')
  const suppliers = usePastSuppliers(open)
  const typed = (Form.useWatch('ClientName', form) ?? '') as string
  const create = useCreatePurchaseFromQuote()
  const withoutPrice = lines.filter((l) => l.purchase_price === null).length

  const options = useMemo(
    () =>
      (suppliers.data ?? [])
        .filter((s) => !typed.trim() || s.ClientName.includes(typed.trim()))
        .map((s) => ({ value: s.ClientName })),
    [suppliers.data, typed],
  )

  const save = useOneAtATime(async (values: Values) => {
    const header = {
      ClientName: values.ClientName.trim(),
      VIN: quote.VIN,
      carNo: quote.carNo,
      carType: quote.carType,
      remark: values.remark?.trim() ?? '',
      makeorder_user: userName,
    }
    const orderId = await create.mutateAsync({ header, lines, addedBy: userName }).catch(() => null)
    if (orderId) onCreated(orderId, withoutPrice)
  })

  return (
    <Modal
      open={open}
      title={`由报价单 ${quote.OrderId} 生成采购单`}
      width={720}
      mask={{ closable: false }}
      afterClose={afterClose}
      okText="生成采购单"
      cancelText="取消"
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ ClientName: '', remark: `由报价单 ${quote.OrderId} 生成` }}
        onFinish={save}
        data-testid="to-purchase-form"
        style={{ marginTop: 16 }}
      >
        <div style={{ display: 'flex', gap: 16 }}>
          <Form.Item
            name="ClientName"
            label="供应商"
            required
            rules={[fieldRule(supplierField)]}
            style={{ flex: 1 }}
          >
            <AutoComplete options={options}>
              <Input autoFocus placeholder="供应商名称，可从历史供应商中选择" aria-label="供应商" />
            </AutoComplete>
          </Form.Item>
          <Form.Item name="remark" label="备注" style={{ flex: 1 }}>
            <Input aria-label="备注" />
          </Form.Item>
        </div>
        <div style={{ color: '#595959', marginBottom: 8 }}>
          车辆：{[quote.carNo, quote.VIN, quote.carType].filter(Boolean).join(' · ') || '-'}
        </div>
        <Table<SheetLine>
          size="small"
          rowKey="Id"
          dataSource={lines}
          pagination={false}
          scroll={{ y: 240 }}
          columns={[
            { title: '配件编码', dataIndex: 'part_number', width: 150 },
            { title: '配件名称', dataIndex: 'part_name', ellipsis: true },
            { title: '数量', dataIndex: 'Amount', width: 70, align: 'right' },
            {
              title: '进价',
              dataIndex: 'purchase_price',
              width: 120,
              align: 'right',
              render: (price: number | null) =>
                price === null ? <Tag color="orange">无进价，按0添加</Tag> : formatMoney(price),
            },
          ]}
        />
        {withoutPrice > 0 && (
          <div style={{ color: '#d46b08', marginTop: 8 }}>
            {withoutPrice} 个配件暂无进价，将按 ¥0.00 添加，生成后请在采购单中修改。
          </div>
        )}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  )
}
