// /user/coupons: the company's coupons under 可用 / 未生效 / 已使用 / 已过期: kind, title, value, threshold and
// validity; a usable one leads to the buy page.
import { CouponStatus } from '@epc/shared'
import { Button, Card, Empty, List, Skeleton, Tabs, Tag } from 'antd'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { useCoupons } from '../api/get-coupons'
import { couponThreshold, couponValue } from '../display'
import type { Coupon } from '../types'

const TABS = [CouponStatus.usable, CouponStatus.upcoming, CouponStatus.used, CouponStatus.expired] as const
const KIND_COLORS: Record<Coupon['Kind'], string> = { 满减: 'red', 折扣: 'orange', 赠送天数: 'blue' }

function CouponItem({ coupon }: { coupon: Coupon }) {
  const usable = coupon.Status === CouponStatus.usable
  return (
    <List.Item
      data-testid="coupon"
      actions={
        usable
          ? [
              <Link key="use" to={paths.userBuyService}>
                <Button type="primary" size="small">
                  去使用
                </Button>
              </Link>,
            ]
          : []
      }
      style={{ opacity: usable ? 1 : 0.6 }}
    >
      <List.Item.Meta
        avatar={<Tag color={KIND_COLORS[coupon.Kind]}>{coupon.Kind}</Tag>}
        title={
          <span>
            {coupon.Title}
            <strong style={{ marginLeft: 12, color: 'var(--ant-color-primary)' }}>
              {couponValue(coupon)}
            </strong>
          </span>
        }
        description={
          <>
            <div>{couponThreshold(coupon)}</div>
            <div>
              有效期：{coupon.ValidFrom} 至 {coupon.ValidTo}
            </div>
            {coupon.ReservedBy && <div>已被待支付订单 {coupon.ReservedBy} 占用，取消该订单后可再使用</div>}
          </>
        }
      />
    </List.Item>
  )
}

export default function CouponsPage() {
  const coupons = useCoupons()
  const of = (status: string) => (coupons.data ?? []).filter((c) => c.Status === status)

  return (
    <Card title="我的优惠券">
      {coupons.isPending ? (
        <Skeleton active />
      ) : (
        <Tabs
          items={TABS.map((status) => {
            const list = of(status)
            return {
              key: status,
              label: `${status} (${list.length})`,
              children: list.length ? (
                <List dataSource={list} rowKey="CouponId" renderItem={(c) => <CouponItem coupon={c} />} />
              ) : (
                <Empty description={`暂无${status}的优惠券`} />
              ),
            }
          })}
        />
      )}
    </Card>
  )
}
