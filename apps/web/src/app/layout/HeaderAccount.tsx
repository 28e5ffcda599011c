// The header's account area once signed in: the company name, and the user menu with the personal centre,
// page zoom and logout. It checks the account's staff state once (spec section 8's account-state call).
import { CheckOutlined, DownOutlined, UserOutlined } from '@ant-design/icons'
import type { LoginInfo } from '@epc/shared'
import { Dropdown, type MenuProps } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '../../config/paths'
import { useCompanyInfo, useStaffState } from '../../features/account'
import { logout } from '../../features/auth'
import { getZoom, setZoom } from '../../lib/storage'
import { applyZoom } from '../../lib/zoom'
import { QueryProvider } from '../query'

export const ZOOM_LEVELS = [0.8, 0.9, 1, 1.1, 1.25]

interface Props {
  info: LoginInfo
  companyClass: string
  userClass: string
}

export default function HeaderAccount(props: Props) {
  return (
    <QueryProvider>
      <Account {...props} />
    </QueryProvider>
  )
}

function Account({ info, companyClass, userClass }: Props) {
  const navigate = useNavigate()
  const company = useCompanyInfo()
  useStaffState(info.Mobile)
  const [zoom, setZoomState] = useState(getZoom)

  const items: MenuProps['items'] = [
    { key: 'center', label: '个人中心', onClick: () => navigate(paths.userAdmin) },
    {
      key: 'zoom',
      label: '页面缩放',
      children: ZOOM_LEVELS.map((level) => ({
        key: `zoom-${level}`,
        label: `${Math.round(level * 100)}%`,
        icon: level === zoom ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 14 }} />,
        onClick: () => {
          setZoom(level)
          setZoomState(level)
          applyZoom(level)
        },
      })),
    },
    { type: 'divider' },
    {
      key: 'logout',
      label: '退出登录',
      onClick: () => logout(() => navigate(paths.login, { replace: true })),
    },
  ]

  return (
    <>
      <span className={companyClass}>{company.data?.client_com_name ?? info.UserCompanyName}</span>
      <Dropdown menu={{ items }} placement="bottomRight" trigger={['hover', 'click']}>
        <button type="button" className={userClass} data-testid="user-menu">
          <UserOutlined /> {info.Mobile} <DownOutlined style={{ fontSize: 10 }} />
        </button>
      </Dropdown>
    </>
  )
}
