// /user/buyService: the plans as cards (price, price per day, what each unlocks); the chosen plan's coupons
// (the best one preselected; another or none may be chosen), the amount to pay, and 确认下单, which creates
// the order and goes to its payment page. ?plan=CODE preselects a plan (renewal). Staff see the plans but
// only the owner buys.
import { CheckCircleFilled } from '@ant-design/icons'
import { Alert, Button, Card, Descriptions, Empty, Radio, Skeleton, Space, Tag } from 'antd'
import { useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { paths } from '../../../config/paths'
import { formatMoney } from '../../../lib/format'
import { useCreateOrder } from '../api/create-order'
import { useCoupons } from '../api/get-coupons'
import { useEntitlement } from '../api/get-entitlement'
import { usePlans } from '../api/get-plans'
import { ServiceEndedBanner } from '../components/ServiceEndedBanner'
import { couponThreshold, couponValue, unlocks } from '../display'
import type { Coupon, Plan } from '../types'

/** No coupon chosen. */
const NONE = 0

function PlanCard({ plan, chosen, onChoose }: { plan: Plan; chosen: boolean; onChoose: () => void }) {
  return (
    <Card
      hoverable
      onClick={onChoose}
      role="radio"
      aria-checked={chosen}
      aria-label={plan.Name}
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault()
          onChoose()
        }
      }}
      data-testid={`plan-${plan.PlanCode}`}
      style={{ borderColor: chosen ? 'var(--ant-color-primary)' : undefined, borderWidth: chosen ? 2 : 1 }}
      styles={{ body: { padding: 16 } }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'start' }}>
        <strong style={{ fontSize: 16 }}>{plan.Name}</strong>
        {chosen && <CheckCircleFilled style={{ color: 'var(--ant-color-primary)', fontSize: 18 }} />}
      </div>
      <div style={{ margin: '12px 0 4px', fontSize: 24, fontWeight: 600, color: 'var(--ant-color-primary)' }}>
        {plan.Price === 0 ? '免费' : formatMoney(plan.Price)}
      </div>
      <div style={{ color: 'var(--ant-color-text-secondary)', minHeight: 22 }}>
        {plan.DayPrice !== null && plan.Price > 0 ? `约 ${formatMoney(plan.DayPrice)}/天` : ''}
      </div>
      <ul style={{ margin: '8px 0 0', paddingLeft: 18 }}>
        {unlocks(plan).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Card>
  )
}

function CouponOption({ coupon }: { coupon: Coupon }) {
  return (
    <Space size={8} wrap>
      <Tag color="red">{coupon.Kind}</Tag>
      <span>{coupon.Title}</span>
      <span style={{ color: 'var(--ant-color-text-secondary)' }}>
        {couponValue(coupon)}，{couponThreshold(coupon)}，有效期至 {coupon.ValidTo}
      </span>
      {coupon.PayAmount !== undefined && <span>券后 {formatMoney(coupon.PayAmount)}</span>}
      {coupon.Best && <Tag color="green">最优</Tag>}
    </Space>
  )
}

export default function BuyServicePage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const plans = usePlans()
  const entitlement = useEntitlement()
  const [planCode, setPlanCode] = useState<string | null>(params.get('plan'))
  // The first plan unless the link named one that is on sale.
  const plan = plans.data?.find((p) => p.PlanCode === planCode) ?? plans.data?.[0]
  const free = plan?.Price === 0
  const coupons = useCoupons(plan?.PlanCode, !!plan && !free)
  const usable = (coupons.data ?? []).filter((c) => c.Status === '可用' && c.Applicable)
  // The user's choice of coupon; null until they choose, which means the plan's best one.
  const [picked, setPicked] = useState<number | null>(null)
  const create = useCreateOrder()
  const isOwner = entitlement.data?.IsOwner ?? false

  const best = usable.find((c) => c.Best)?.CouponId ?? NONE
  // Another plan starts again from its own best coupon.
  useEffect(() => {
    if (plan?.PlanCode) setPicked(null)
  }, [plan?.PlanCode])
  const couponId = picked ?? best
  const coupon = usable.find((c) => c.CouponId === couponId)
  const pay = coupon?.PayAmount ?? plan?.Price ?? 0

  const confirm = async () => {
    if (!plan) return
    const order = await create
      .mutateAsync({ PlanCode: plan.PlanCode, ...(coupon ? { CouponId: coupon.CouponId } : {}) })
      .catch(() => null)
    if (order) navigate(`${paths.onlinePayment}?orderNo=${encodeURIComponent(order.OrderNo)}`)
  }

  return (
    <Card title="购买服务">
      <ServiceEndedBanner entitlement={entitlement.data} />
      {entitlement.data && !isOwner && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="只有企业主账号可以购买服务，请联系企业主账号购买或续费"
        />
      )}
      {plans.isPending ? (
        <Skeleton active />
      ) : !plans.data?.length ? (
        <Empty description="暂无可购买的套餐" />
      ) : (
        <>
          <div
            role="radiogroup"
            aria-label="套餐"
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 16 }}
          >
            {plans.data.map((p) => (
              <PlanCard
                key={p.PlanCode}
                plan={p}
                chosen={p.PlanCode === plan?.PlanCode}
                onChoose={() => setPlanCode(p.PlanCode)}
              />
            ))}
          </div>

          {plan && (
            <div style={{ marginTop: 24 }}>
              {!free && (
                <>
                  <h4 style={{ margin: '0 0 8px' }}>优惠券</h4>
                  {coupons.isPending ? (
                    <Skeleton active paragraph={{ rows: 1 }} />
                  ) : (
                    <Radio.Group
                      value={couponId}
                      onChange={(e) => setPicked(e.target.value)}
                      style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
                      aria-label="优惠券"
                    >
                      {usable.map((c) => (
                        <Radio key={c.CouponId} value={c.CouponId}>
                          <CouponOption coupon={c} />
                        </Radio>
                      ))}
                      <Radio value={NONE}>
                        {usable.length ? '不使用优惠券' : '暂无可用于该套餐的优惠券'}
                      </Radio>
                    </Radio.Group>
                  )}
                </>
              )}
              <Descriptions column={1} size="small" style={{ marginTop: 16, maxWidth: 420 }}>
                <Descriptions.Item label="已选套餐">{plan.Name}</Descriptions.Item>
                <Descriptions.Item label="套餐价格">{formatMoney(plan.Price)}</Descriptions.Item>
                {coupon && (
                  <Descriptions.Item label="优惠">
                    {coupon.Kind === '赠送天数'
                      ? `赠送 ${coupon.Days} 天`
                      : `-${formatMoney(plan.Price - (coupon.PayAmount ?? plan.Price))}`}
                  </Descriptions.Item>
                )}
                <Descriptions.Item label="应付金额">
                  <strong
                    style={{ fontSize: 20, color: 'var(--ant-color-primary)' }}
                    data-testid="pay-amount"
                  >
                    {formatMoney(pay)}
                  </strong>
                </Descriptions.Item>
              </Descriptions>
              <Button
                type="primary"
                size="large"
                disabled={!isOwner || coupons.isFetching}
                loading={create.isPending}
                onClick={confirm}
                style={{ marginTop: 8 }}
              >
                {free ? '免费领取' : '确认下单'}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  )
}
