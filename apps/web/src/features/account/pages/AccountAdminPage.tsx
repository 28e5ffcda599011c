// /user/admin: the signed-in user's account and company, from the stored login info and the company call.
import { StaffState } from '@epc/shared'
import { Button, Card, Descriptions, Skeleton, Tag } from 'antd'
import { useNavigate } from 'react-router'
import { paths } from '../../../config/paths'
import { useSession } from '../../../lib/session'
import { logout } from '../../auth'
import { useCompanyInfo } from '../api/get-company-info'
import { useStaffState } from '../api/get-staff-state'

const STATE_TAGS: Record<number, { color: string; text: string }> = {
  [StaffState.Active]: { color: 'green', text: '正常' },
  [StaffState.Disabled]: { color: 'orange', text: '已停用' },
  [StaffState.Banned]: { color: 'red', text: '已封禁' },
}

export default function AccountAdminPage() {
  const info = useSession((s) => s.info)
  const company = useCompanyInfo(info !== null)
  const state = useStaffState(info?.Mobile)
  const navigate = useNavigate()
  const stateTag = state.data ? STATE_TAGS[state.data] : undefined

  return (
    <Card title="账号管理">
      {company.isPending ? (
        <Skeleton active />
      ) : (
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle">
          <Descriptions.Item label="用户名">{info?.UserName}</Descriptions.Item>
          <Descriptions.Item label="手机号">{info?.Mobile}</Descriptions.Item>
          <Descriptions.Item label="公司名称">
            {company.data?.client_com_name ?? info?.UserCompanyName}
          </Descriptions.Item>
          <Descriptions.Item label="公司电话">{company.data?.client_com_mobile ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="账号状态">
            {stateTag ? <Tag color={stateTag.color}>{stateTag.text}</Tag> : '-'}
          </Descriptions.Item>
          <Descriptions.Item label="4S价格类型">{company.data?.type4s ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="企业编号" span={2}>
            {company.data?.Open_Id ?? '-'}
          </Descriptions.Item>
        </Descriptions>
      )}
      <div style={{ marginTop: 24, display: 'flex', gap: 12 }}>
        <Button onClick={() => navigate(paths.modifyPw)}>修改密码</Button>
        <Button danger onClick={() => logout(() => navigate(paths.login, { replace: true }))}>
          退出登录
        </Button>
      </div>
    </Card>
  )
}
