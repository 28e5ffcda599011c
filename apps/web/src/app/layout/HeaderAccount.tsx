// The header's account area once signed in: the company name, and the user menu with the personal centre,
// the messages (an unread badge on the menu, kept current by polling), page zoom and logout. It checks the
// account's staff state once (spec section 8's account-state call).
import { CheckOutlined, DownOutlined, UserOutlined } from '@ant-design/icons'
import type { LoginInfo } from '@epc/shared'
import { Badge, Dropdown, type MenuProps } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '../../config/paths'
import { useCompanyInfo, useStaffState } from '../../features/account'
import { logout } from '../../features/auth'
import { useUnreadCount } from '../../features/messages'
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
  const unread = useUnreadCount().data ?? 0
  const [zoom, setZoomState] = useState(getZoom)
  const [menuOpen, setMenuOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  // This area comes lazily after sign-in: a pointer already over its place gets no mouseenter, and the menu
  // would wait for it to leave and come back. The browser tells what is hovered after a frame's layout (a few
  // frames on a busy machine).
  useEffect(() => {
    let frames = 10
    let frame = 0
    const check = () => {
      if (trigger.current?.matches(':hover')) setMenuOpen(true)
      else if (--frames > 0) frame = requestAnimationFrame(check)
    }
    frame = requestAnimationFrame(check)
    return () => cancelAnimationFrame(frame)
  }, [])

  const items: MenuProps['items'] = [
    { key: 'center', label: '个人中心', onClick: () => navigate(paths.userAdmin) },
    {
      key: 'messages',
      label: (
        <span data-testid="menu-messages">
          系统消息 <Badge count={unread} size="small" />
        </span>
      ),
      onClick: () => navigate(paths.userSystemMessage),
    },
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
      <Dropdown
        menu={{ items }}
        placement="bottomRight"
        trigger={['hover', 'click']}
        open={menuOpen}
        onOpenChange={setMenuOpen}
      >
        <button ref={trigger} type="button" className={userClass} data-testid="user-menu">
          <Badge count={unread} size="small" offset={[4, -2]} data-testid="unread-badge">
            <UserOutlined style={{ color: 'inherit' }} />
          </Badge>{' '}
          {info.Mobile} <DownOutlined style={{ fontSize: 10 }} />
        </button>
      </Dropdown>
    </>
  )
}
