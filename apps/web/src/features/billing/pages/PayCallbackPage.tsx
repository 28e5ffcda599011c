// /payCallback: where Alipay's cashier returns the browser. The query string is never trusted: signed in,
// the page reads the order (out_trade_no names it) from the server, a few times while it is still 待支付
// (the platform's notify may come a moment later); without a session, the server verifies the return
// parameters and answers only the state. Either way it shows 支付成功 / 支付处理中 / 支付失败 and what next.
import { OrderState } from '@epc/shared'
import { Button, Card, Result, Spin } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { paths } from '../../../config/paths'
import { useSession } from '../../../lib/session'
import { useOrder } from '../api/get-order'
import { usePayResult } from '../api/get-pay-result'
import { isEnded, isPaid } from '../display'
import type { Order, PayResultState } from '../types'

/** While the order is still 待支付: read it this often, this many times, then say 支付处理中. */
export const CALLBACK_POLL_MS = 2000
export const CALLBACK_POLLS = 8

const ORDER_NO = /^[0-9A-Z]{1,32}$/

function orderState(order: Order): PayResultState {
  if (isPaid(order.State)) return 'success'
  if (isEnded(order.State) || order.State === OrderState.refunding || order.State === OrderState.refunded) {
    return 'failed'
  }
  return 'processing'
}

function Outcome({ state, order, signedIn }: { state: PayResultState; order?: Order; signedIn: boolean }) {
  const orders = (
    <Link key="orders" to={signedIn ? paths.userMyOrders : paths.login}>
      <Button type={state === 'success' ? 'primary' : 'default'}>查看订单</Button>
    </Link>
  )
  if (state === 'success') {
    return (
      <Result
        status="success"
        title="支付成功"
        subTitle="服务已生效，感谢您的购买"
        extra={[
          orders,
          <Link key="search" to={paths.vinSearch}>
            <Button>返回查询</Button>
          </Link>,
        ]}
      />
    )
  }
  if (state === 'processing') {
    return (
      <Result
        status="info"
        title="支付处理中"
        subTitle="支付结果确认中，请稍后在我的订单中查看；如已扣款，订单将自动生效"
        extra={[
          orders,
          <Button key="reload" onClick={() => window.location.reload()}>
            刷新
          </Button>,
        ]}
      />
    )
  }
  // A pending order can be paid again; a closed one is bought anew.
  const retry =
    order && order.State === OrderState.pending
      ? `${paths.onlinePayment}?orderNo=${encodeURIComponent(order.OrderNo)}`
      : order
        ? `${paths.userBuyService}?plan=${encodeURIComponent(order.PlanCode)}`
        : signedIn
          ? paths.userMyOrders
          : paths.login
  return (
    <Result
      status="error"
      title="支付失败"
      subTitle="未能完成支付，如已扣款请联系客服"
      extra={[
        <Link key="retry" to={retry}>
          <Button type="primary">重新支付</Button>
        </Link>,
        orders,
      ]}
    />
  )
}

/** Signed in: the order as the server has it, read again while it is 待支付. */
function SignedInResult({ orderNo, params }: { orderNo: string; params: Record<string, string> }) {
  const [reads, setReads] = useState(0)
  const [pending, setPending] = useState(true)
  const order = useOrder(orderNo, pending && reads < CALLBACK_POLLS ? CALLBACK_POLL_MS : false)
  const { data, dataUpdatedAt } = order
  // Each answer counts one read; the polling stops once the order is no longer 待支付 or after the last.
  useEffect(() => {
    if (!dataUpdatedAt) return
    setReads((n) => n + 1)
    setPending(data?.State === OrderState.pending)
  }, [dataUpdatedAt, data])
  const stillPending = data?.State === OrderState.pending
  const pollMore = reads < CALLBACK_POLLS

  // Not this company's order (or none): the return parameters still say how the payment went.
  if (order.isError) return <AnonymousResult params={params} signedIn />
  if (!data || (stillPending && pollMore)) return <Waiting />
  return <Outcome state={orderState(data)} order={data} signedIn />
}

function AnonymousResult({ params, signedIn }: { params: Record<string, string>; signedIn: boolean }) {
  const result = usePayResult(params, true)
  if (result.isPending) return <Waiting />
  return <Outcome state={result.data ?? 'failed'} signedIn={signedIn} />
}

function Waiting() {
  return (
    <div style={{ textAlign: 'center', padding: 48 }}>
      <Spin size="large" />
      <p style={{ marginTop: 16 }}>正在确认支付结果…</p>
    </div>
  )
}

export default function PayCallbackPage() {
  const [search] = useSearchParams()
  const params = useMemo(() => Object.fromEntries(search.entries()), [search])
  const signedIn = useSession((s) => s.info !== null)
  const orderNo = params.out_trade_no ?? ''

  return (
    <Card title="支付结果" style={{ maxWidth: 640, margin: '24px auto' }}>
      {signedIn && ORDER_NO.test(orderNo) ? (
        <SignedInResult orderNo={orderNo} params={params} />
      ) : (
        <AnonymousResult params={params} signedIn={signedIn} />
      )}
    </Card>
  )
}
