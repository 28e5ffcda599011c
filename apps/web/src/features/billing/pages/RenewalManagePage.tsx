// /user/renewalManage: the company's service as the entitlement gives it (end, days left, queries, seats,
// data items) and the effective orders with the period each added; 续费 buys the same period plan again
// (a renewal while the service runs extends it from its end).
import { OrderState } from '@epc/shared'
import { Button, Card, Descriptions, Skeleton, Table, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useNavigate } from 'react-router'
import { paths } from '../../../config/paths'
import { daysLeft, formatBeijingTime, parseBeijingTime } from '../../../lib/format'
import { useEntitlement } from '../api/get-entitlement'
import { useOrders } from '../api/get-orders'
import { ServiceEndedBanner } from '../components/ServiceEndedBanner'
import { isPeriodPlan, orderDays } from '../display'
import type { Order } from '../types'

/** The effective orders are read from the newest 100, which covers years of renewals. */
const RECENT_ORDERS = 100

export default function RenewalManagePage() {
  const navigate = useNavigate()
  const entitlement = useEntitlement()
  const orders = useOrders(1, RECENT_ORDERS)
  const e = entitlement.data
  const isOwner = e?.IsOwner ?? false
  const effective = (orders.data?.rows ?? []).filter((o) => o.State === OrderState.effective)
  const renew = (planCode?: string) =>
    navigate(planCode ? `${paths.userBuyService}?plan=${encodeURIComponent(planCode)}` : paths.userBuyService)

  const columns: ColumnsType<Order> = [
    { title: '订单号', dataIndex: 'OrderNo', width: 190 },
    { title: '套餐', dataIndex: 'PlanName' },
    { title: '天数', key: 'days', width: 150, render: (_, o) => orderDays(o) },
    { title: '服务开始', dataIndex: 'ServiceStart', width: 170, render: (t: string) => t || '-' },
    { title: '服务结束', dataIndex: 'ServiceEnd', width: 170, render: (t: string) => t || '-' },
    {
      title: '剩余天数',
      key: 'left',
      width: 90,
      render: (_, o) => (o.ServiceEnd ? `${daysLeft(parseBeijingTime(o.ServiceEnd))} 天` : '-'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, o) =>
        isOwner &&
        isPeriodPlan(o.PlanKind) && (
          <Button type="link" size="small" onClick={() => renew(o.PlanCode)}>
            续费
          </Button>
        ),
    },
  ]

  return (
    <Card
      title="续费管理"
      extra={
        isOwner && (
          <Button type="primary" onClick={() => renew()}>
            续费
          </Button>
        )
      }
    >
      <ServiceEndedBanner entitlement={e} />
      {!e ? (
        <Skeleton active />
      ) : (
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle" data-testid="service-summary">
          <Descriptions.Item label="服务状态">
            {e.ServiceActive ? <Tag color="green">服务中</Tag> : <Tag color="red">已到期</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="服务到期时间">
            <span data-testid="service-ends-at">{formatBeijingTime(e.ServiceEndsAt)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="剩余天数">
            {e.ServiceEndsAt === null ? '-' : `${daysLeft(e.ServiceEndsAt)} 天`}
          </Descriptions.Item>
          <Descriptions.Item label="按次查询剩余">{e.QueriesLeft} 次</Descriptions.Item>
          <Descriptions.Item label="账号席位">{e.Seats} 个</Descriptions.Item>
          <Descriptions.Item label="数据服务剩余">{e.ItemsLeft} 条</Descriptions.Item>
        </Descriptions>
      )}
      <h4 style={{ margin: '24px 0 12px' }}>已生效的订单</h4>
      <Table<Order>
        rowKey="OrderNo"
        size="middle"
        columns={columns}
        dataSource={effective}
        loading={orders.isFetching}
        locale={{ emptyText: '暂无已生效的订单' }}
        pagination={false}
        scroll={{ x: 900 }}
      />
    </Card>
  )
}
