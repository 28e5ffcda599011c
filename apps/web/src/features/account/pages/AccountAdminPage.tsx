// /user/admin: the account and company (editable), the password, the bound mobile, the latest sign-ins,
// and for the owner the company's cancellation.
import { Button, Card, Skeleton, Space } from 'antd'
import { useNavigate } from 'react-router'
import { paths } from '../../../config/paths'
import { logout } from '../../auth'
import { useProfile } from '../api/get-profile'
import { CancellationCard } from '../components/CancellationCard'
import { LoginHistoryCard } from '../components/LoginHistoryCard'
import { MobileCard } from '../components/MobileCard'
import { PasswordCard } from '../components/PasswordCard'
import { ProfileCard } from '../components/ProfileCard'

export default function AccountAdminPage() {
  const profile = useProfile()
  const navigate = useNavigate()
  const p = profile.data

  if (!p) {
    return (
      <Card title="账号管理">
        <Skeleton active />
      </Card>
    )
  }
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <ProfileCard profile={p} />
      <PasswordCard />
      <MobileCard profile={p} />
      <LoginHistoryCard />
      {p.IsOwner && <CancellationCard profile={p} />}
      <Button danger onClick={() => logout(() => navigate(paths.login, { replace: true }))}>
        退出登录
      </Button>
    </Space>
  )
}
