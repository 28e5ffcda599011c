// /onlinePayment?orderNo=: pays one order before its time runs out. 支付宝 goes to Alipay's cashier page
// (it comes back to /payCallback); 微信支付 shows the QR code to scan and reads the order every 2.5 s until it
// is paid or closed; 对公转账 shows the account to send the money to, the order number as the note, and that
// the order takes effect once the money has arrived. A closed order offers 重新下单.
import { AlipayCircleOutlined, BankOutlined, WechatOutlined } from '@ant-design/icons'
import { OrderState } from '@epc/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Descriptions, QRCode, Result, Skeleton, Space, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { paths } from '../../../config/paths'
import { formatMoney } from '../../../lib/format'
import { refreshAfterChange } from '../../../lib/refresh'
import { useOrder } from '../api/get-order'
import { billingKeys } from '../api/keys'
import { usePayOrder } from '../api/pay-order'
import { useTransferOrder } from '../api/transfer-order'
import { isEnded, isPaid } from '../display'
import { formatCountdown, useCountdown } from '../hooks/use-countdown'
import type { Order, TransferAccount } from '../types'

/** How often the order is read while a WeChat QR code waits to be scanned. */
export const PAY_POLL_MS = 2500

const again = (order: Order) => `${paths.userBuyService}?plan=${encodeURIComponent(order.PlanCode)}`

function PaidView() {
  return (
    <Result
      status="success"
      title="支付成功"
      subTitle="服务已生效，感谢您的购买"
      extra={[
        <Link key="renewal" to={paths.userRenewalManage}>
          <Button type="primary">查看服务</Button>
        </Link>,
        <Link key="orders" to={paths.userMyOrders}>
          <Button>查看订单</Button>
        </Link>,
      ]}
    />
  )
}

function ClosedView({ order, timedOut }: { order: Order; timedOut: boolean }) {
  const cancelled = order.State === OrderState.cancelled
  return (
    <Result
      status="warning"
      title={cancelled ? '订单已取消' : '订单已关闭'}
      subTitle={
        cancelled
          ? '该订单已取消，如需购买请重新下单'
          : `${timedOut ? '支付已超时，' : ''}订单已关闭，请重新下单`
      }
      extra={[
        <Link key="again" to={again(order)}>
          <Button type="primary">重新下单</Button>
        </Link>,
        <Link key="orders" to={paths.userMyOrders}>
          <Button>查看订单</Button>
        </Link>,
      ]}
    />
  )
}

function TransferView({ account, left }: { account: TransferAccount; left: string }) {
  return (
    <>
      <Descriptions
        column={1}
        bordered
        size="middle"
        title="请向以下账户转账"
        style={{ marginTop: 24 }}
        data-testid="transfer-account"
      >
        <Descriptions.Item label="户名">
          <Typography.Text copyable>{account.Name}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="开户银行">{account.Bank}</Descriptions.Item>
        <Descriptions.Item label="账号">
          <Typography.Text copyable>{account.Account}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="汇款备注">
          <Typography.Text copyable strong>
            {account.Remark}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Alert
        type="info"
        showIcon
        style={{ marginTop: 16 }}
        title="请务必在汇款备注中填写订单号"
        description={`款项到账并经确认后订单即生效，一般需要1到2个工作日。请在 ${left} 内完成转账，逾期订单将关闭。`}
      />
    </>
  )
}

export default function OnlinePaymentPage() {
  const [params] = useSearchParams()
  const orderNo = params.get('orderNo') ?? ''
  // The WeChat code once asked for, and which way of paying the page shows (the last one chosen).
  const [qr, setQr] = useState<string | null>(null)
  const [chosen, setChosen] = useState<'wechat' | 'transfer' | null>(null)
  const order = useOrder(orderNo, qr && chosen === 'wechat' ? PAY_POLL_MS : false)
  const pay = usePayOrder()
  const transfer = useTransferOrder()
  const data = order.data
  const left = useCountdown(data?.ExpireAt)
  const pending = data?.State === OrderState.pending
  const timedOut = pending && left === 0

  // Once paid, the service, the order list and the coupons have changed: the other pages read them anew.
  const client = useQueryClient()
  const paid = !!data && isPaid(data.State)
  useEffect(() => {
    if (!paid) return
    setQr(null)
    for (const key of [billingKeys.entitlement(), billingKeys.orders(), billingKeys.coupons()]) {
      refreshAfterChange(client, key)
    }
  }, [paid, client])

  // When the time is up the server closes the order on its next read: read it once more.
  const { refetch } = order
  useEffect(() => {
    if (timedOut) refetch()
  }, [timedOut, refetch])

  const wechat = async () => {
    const started = await pay.mutateAsync({ OrderNo: orderNo, Channel: 'wechat' }).catch(() => null)
    if (!started) return
    setQr(started.CodeUrl)
    setChosen('wechat')
  }
  const alipay = async () => {
    const started = await pay.mutateAsync({ OrderNo: orderNo, Channel: 'alipay' }).catch(() => null)
    if (started) window.location.assign(started.PayUrl)
  }
  const bank = async () => {
    if (await transfer.mutateAsync(orderNo).catch(() => null)) setChosen('transfer')
  }
  const paying = (channel: 'alipay' | 'wechat') => pay.isPending && pay.variables?.Channel === channel

  let body: React.ReactNode
  if (!orderNo) {
    body = (
      <Result status="warning" title="缺少订单号" extra={<Link to={paths.userMyOrders}>查看我的订单</Link>} />
    )
  } else if (order.isPending) {
    body = <Skeleton active />
  } else if (!data) {
    body = (
      <Result status="warning" title="订单不存在" extra={<Link to={paths.userMyOrders}>查看我的订单</Link>} />
    )
  } else if (isPaid(data.State)) {
    body = <PaidView />
  } else if (isEnded(data.State) || timedOut) {
    body = <ClosedView order={data} timedOut={timedOut} />
  } else if (!pending) {
    body = (
      <Result
        status="info"
        title={`订单${data.State}`}
        extra={<Link to={paths.userMyOrders}>查看订单</Link>}
      />
    )
  } else {
    const countdown = formatCountdown(left)
    const account = data.TransferAccount
    // Coming back to an order already to be paid by transfer shows its account again.
    const showing = chosen ?? (account ? 'transfer' : null)
    body = (
      <>
        <Descriptions column={1} size="middle" bordered>
          <Descriptions.Item label="订单号">{data.OrderNo}</Descriptions.Item>
          <Descriptions.Item label="套餐">{data.PlanName}</Descriptions.Item>
          <Descriptions.Item label="应付金额">
            <strong style={{ fontSize: 20, color: 'var(--ant-color-primary)' }}>
              {formatMoney(data.Amount)}
            </strong>
          </Descriptions.Item>
          <Descriptions.Item label="剩余支付时间">
            <span data-testid="pay-countdown">{countdown}</span>
          </Descriptions.Item>
        </Descriptions>
        <h4 style={{ margin: '24px 0 12px' }}>选择支付方式</h4>
        <Space wrap size={12}>
          <Button size="large" icon={<AlipayCircleOutlined />} onClick={alipay} loading={paying('alipay')}>
            支付宝
          </Button>
          <Button size="large" icon={<WechatOutlined />} onClick={wechat} loading={paying('wechat')}>
            微信支付
          </Button>
          <Button size="large" icon={<BankOutlined />} onClick={bank} loading={transfer.isPending}>
            对公转账
          </Button>
        </Space>
        {showing === 'wechat' && qr && (
          <div style={{ marginTop: 24, display: 'flex', gap: 24, alignItems: 'center' }}>
            <QRCode value={qr} size={200} aria-label="微信支付二维码" data-testid="wechat-qr" />
            <div>
              <p style={{ fontSize: 16 }}>请使用微信扫一扫完成支付</p>
              <p>
                应付 {formatMoney(data.Amount)}，二维码将在 {countdown} 后失效
              </p>
              <p style={{ color: 'var(--ant-color-text-secondary)' }}>支付完成后本页将自动跳转</p>
            </div>
          </div>
        )}
        {showing === 'transfer' && account && <TransferView account={account} left={countdown} />}
      </>
    )
  }

  return (
    <Card title="在线支付" style={{ maxWidth: 760, margin: '24px auto' }}>
      {body}
    </Card>
  )
}
