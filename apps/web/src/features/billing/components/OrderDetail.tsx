// Every field of one order, for the 详情 drawer: plan and what it grants, the money (list price, coupon
// discount, paid), the times, the service period it added, and the invoice once asked for.
import { Descriptions, Tag } from 'antd'
import { formatMoney } from '../../../lib/format'
import { channelName, orderDays, STATE_COLORS } from '../display'
import type { Order } from '../types'

const or = (text: string) => text || '-'

export function OrderDetail({ order }: { order: Order }) {
  const invoice = order.Invoice
  return (
    <>
      <Descriptions column={1} bordered size="small" title="订单信息">
        <Descriptions.Item label="订单号">{order.OrderNo}</Descriptions.Item>
        <Descriptions.Item label="套餐">{order.PlanName}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={STATE_COLORS[order.State]}>{order.State}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="原价">{formatMoney(order.ListPrice)}</Descriptions.Item>
        <Descriptions.Item label="优惠券抵扣">
          {order.CouponId ? `${formatMoney(order.Discount)}` : '未使用优惠券'}
        </Descriptions.Item>
        <Descriptions.Item label="应付金额">{formatMoney(order.Amount)}</Descriptions.Item>
        <Descriptions.Item label="服务天数">{orderDays(order)}</Descriptions.Item>
        {order.Queries > 0 && <Descriptions.Item label="查询次数">{order.Queries} 次</Descriptions.Item>}
        {order.Seats > 0 && <Descriptions.Item label="子账号席位">{order.Seats} 个</Descriptions.Item>}
        {order.Items > 0 && <Descriptions.Item label="数据服务条数">{order.Items} 条</Descriptions.Item>}
        <Descriptions.Item label="支付方式">{channelName(order.Channel)}</Descriptions.Item>
        <Descriptions.Item label="下单时间">{or(order.CreateTime)}</Descriptions.Item>
        <Descriptions.Item label="支付截止">{or(order.ExpireTime)}</Descriptions.Item>
        <Descriptions.Item label="支付时间">{or(order.PaidTime)}</Descriptions.Item>
        <Descriptions.Item label="生效时间">{or(order.EffectiveTime)}</Descriptions.Item>
        <Descriptions.Item label="服务开始">{or(order.ServiceStart)}</Descriptions.Item>
        <Descriptions.Item label="服务结束">{or(order.ServiceEnd)}</Descriptions.Item>
      </Descriptions>
      {invoice && (
        <Descriptions column={1} bordered size="small" title="发票信息" style={{ marginTop: 24 }}>
          <Descriptions.Item label="开票状态">
            <Tag color={invoice.State === '已开票' ? 'green' : 'orange'}>{invoice.State}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="发票类型">{invoice.Kind}</Descriptions.Item>
          <Descriptions.Item label="发票抬头">{invoice.Title}</Descriptions.Item>
          <Descriptions.Item label="税号">{invoice.TaxNo}</Descriptions.Item>
          <Descriptions.Item label="邮箱">{invoice.Email}</Descriptions.Item>
          {invoice.Address && <Descriptions.Item label="注册地址">{invoice.Address}</Descriptions.Item>}
          {invoice.Phone && <Descriptions.Item label="注册电话">{invoice.Phone}</Descriptions.Item>}
          {invoice.Bank && <Descriptions.Item label="开户银行">{invoice.Bank}</Descriptions.Item>}
          {invoice.BankAccount && (
            <Descriptions.Item label="银行账号">{invoice.BankAccount}</Descriptions.Item>
          )}
          <Descriptions.Item label="申请时间">{or(invoice.CreateTime)}</Descriptions.Item>
        </Descriptions>
      )}
    </>
  )
}
