// The account area (/user): a side menu of its pages beside the selected one.
import { Menu } from 'antd'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { paths } from '../../../config/paths'

const ITEMS = [{ key: paths.userAdmin, label: '账号管理' }]

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
        <Outlet />
      </div>
    </div>
  )
}
