// The account area (/user): a side menu of its pages beside the selected one, with the company's unread
// notices (renewal reminders) above every page.
import { Menu } from 'antd'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { paths } from '../../../config/paths'
import { NoticeBanner } from '../../billing'

// The spec's children of /user, in its order, as far as they are built.
const ITEMS = [
  { key: paths.userAdmin, label: '账号管理' },
  { key: paths.userMyOrders, label: '我的订单' },
  { key: paths.userBuyService, label: '购买服务' },
  { key: paths.userCoupons, label: '我的优惠券' },
  { key: paths.userRenewalManage, label: '续费管理' },
]

export default function UserLayout() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  return (
    <div style={{ display: 'flex', gap: 24, maxWidth: 1200, margin: '24px auto', padding: '0 24px' }}>
      <Menu
        mode="inline"
        selectedKeys={[pathname]}
        items={ITEMS}
        onClick={({ key }) => navigate(key)}
        style={{ width: 200, flex: 'none', borderRadius: 8 }}
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        <NoticeBanner />
        <Outlet />
      </div>
    </div>
  )
}
