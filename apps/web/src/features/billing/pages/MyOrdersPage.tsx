// /user/myOrders: the company's orders, 10 a page (共有 N 条记录), newest first. 待支付 ones can be paid (the
// payment page) or cancelled; any one shows all its fields in a drawer; a paid one can ask for an invoice
// once, and then shows the invoice's state. Paying, cancelling and invoices are the owner's.
import { BillingLimits, OrderState } from '@epc/shared'
import { Button, Card, Drawer, Popconfirm, Space, Table, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '../../../config/paths'
import { feedback } from '../../../lib/feedback'
import { formatMoney } from '../../../lib/format'
import { useCloseWhenHidden } from '../../../lib/keep-alive'
import { useCancelOrder } from '../api/cancel-order'
import { useEntitlement } from '../api/get-entitlement'
import { useOrders } from '../api/get-orders'
import { InvoiceDialog } from '../components/InvoiceDialog'
import { OrderDetail } from '../components/OrderDetail'
import { channelName, isPaid, STATE_COLORS } from '../display'
import type { Order } from '../types'

const SIZE = BillingLimits.ordersPageSize

export default function MyOrdersPage() {
  const navigate = useNavigate()
  const [page, setPage] = useState(1)
  const orders = useOrders(page, SIZE)
  const isOwner = useEntitlement().data?.IsOwner ?? false
  const cancel = useCancelOrder()
  const [detail, setDetail] = useState<Order | null>(null)
  const [invoiceFor, setInvoiceFor] = useState<Order | null>(null)
  useCloseWhenHidden(detail !== null, () => setDetail(null))
  useCloseWhenHidden(invoiceFor !== null, () => setInvoiceFor(null))

  const cancelOrder = async (order: Order) => {
    const done = await cancel.mutateAsync(order.OrderNo).catch(() => null)
    if (done) feedback.success('订单已取消')
  }

  const columns: ColumnsType<Order> = [
    { title: '订单号', dataIndex: 'OrderNo', width: 200 },
    { title: '套餐', dataIndex: 'PlanName', width: 120 },
    {
      title: '金额',
      dataIndex: 'Amount',
      align: 'right',
      width: 100,
      render: (amount: number) => formatMoney(amount),
    },
    {
      title: '状态',
      dataIndex: 'State',
      width: 80,
      render: (state: Order['State']) => <Tag color={STATE_COLORS[state]}>{state}</Tag>,
    },
    { title: '支付方式', dataIndex: 'Channel', width: 80, render: channelName },
    {
      title: '下单 / 支付时间',
      key: 'times',
      width: 170,
      render: (_, order) => (
        <>
          <div>{order.CreateTime}</div>
          <div style={{ color: 'var(--ant-color-text-secondary)' }}>{order.PaidTime || '未支付'}</div>
        </>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_, order) => (
        <Space size={4} wrap>
          {order.State === OrderState.pending && isOwner && (
            <>
              <Button
                type="link"
                size="small"
                onClick={() =>
                  navigate(`${paths.onlinePayment}?orderNo=${encodeURIComponent(order.OrderNo)}`)
                }
              >
                去支付
              </Button>
              <Popconfirm
                title="确定取消该订单吗？"
                description="取消后，订单使用的优惠券将退回"
                okText="取消订单"
                cancelText="再想想"
                onConfirm={() => cancelOrder(order)}
              >
                <Button type="link" size="small" danger>
                  取消
                </Button>
              </Popconfirm>
            </>
          )}
          <Button type="link" size="small" onClick={() => setDetail(order)}>
            详情
          </Button>
          {isPaid(order.State) &&
            (order.Invoice ? (
              <Tag color={order.Invoice.State === '已开票' ? 'green' : 'orange'}>
                发票{order.Invoice.State}
              </Tag>
            ) : (
              isOwner && (
                <Button type="link" size="small" onClick={() => setInvoiceFor(order)}>
                  申请发票
                </Button>
              )
            ))}
        </Space>
      ),
    },
  ]

  return (
    <Card title="我的订单">
      <Table<Order>
        rowKey="OrderNo"
        size="middle"
        columns={columns}
        dataSource={orders.data?.rows ?? []}
        loading={orders.isFetching}
        locale={{ emptyText: '暂无订单' }}
        // The columns fit the account pages' width (926 px from 1280 px up): the 20-digit order number on one
        // line and the times clear of the fixed 操作 column; narrower windows scroll.
        scroll={{ x: 920 }}
        pagination={{
          current: page,
          pageSize: SIZE,
          total: orders.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (n) => `共有 ${n} 条记录`,
          onChange: setPage,
        }}
      />
      <Drawer title="订单详情" size={520} open={detail !== null} onClose={() => setDetail(null)}>
        {detail && (
          <OrderDetail order={orders.data?.rows.find((o) => o.OrderNo === detail.OrderNo) ?? detail} />
        )}
      </Drawer>
      <InvoiceDialog order={invoiceFor} onClose={() => setInvoiceFor(null)} />
    </Card>
  )
}
