// The account area (/user): a side menu of its pages beside the selected one, with the company's unread
// notices (renewal reminders) above every page. Staff do not see the owner's pages (购买服务, 续费管理,
// 用户管理, 数据服务); their routes carry the 'owner' right, so the guard answers /403 to staff (app/router.tsx).
import { Menu } from 'antd'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { paths } from '../../../config/paths'
import { hasRight, useSession } from '../../../lib/session'
import { NoticeBanner } from '../../billing'
import { useMyRights } from '../api/get-my-rights'

// The spec's seven children of /user, in its order, then the data service's keys (issue 21).
const ITEMS = [
  { key: paths.userAdmin, label: '账号管理' },
  { key: paths.userMyOrders, label: '我的订单' },
  { key: paths.userBuyService, label: '购买服务', ownerOnly: true },
  { key: paths.userCoupons, label: '优惠券' },
  { key: paths.userSystemMessage, label: '系统消息' },
  { key: paths.userRenewalManage, label: '续费管理', ownerOnly: true },
  { key: paths.userUserManage, label: '用户管理', ownerOnly: true },
  { key: paths.userDataService, label: '数据服务', ownerOnly: true },
]

export default function UserLayout() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  // Read here too, so a session stored before the rights existed learns whether it is the owner's.
  useMyRights()
  const isOwner = hasRight(
    useSession((s) => s.info),
    'owner',
  )
  const items = ITEMS.filter((i) => isOwner || !i.ownerOnly).map(({ key, label }) => ({ key, label }))
  return (
    <div style={{ display: 'flex', gap: 24, maxWidth: 1200, margin: '24px auto', padding: '0 24px' }}>
      <Menu
        mode="inline"
        selectedKeys={[pathname]}
        items={items}
        onClick={({ key }) => navigate(key)}
        style={{ width: 200, flex: 'none', borderRadius: 8 }}
        aria-label="账号菜单"
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        <NoticeBanner />
        <Outlet />
      </div>
    </div>
  )
}
