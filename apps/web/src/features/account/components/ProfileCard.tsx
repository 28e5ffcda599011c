// 基本信息: the user's name, mobile and account state, the company's name and phone; 编辑 opens a form
// (the company's fields for the owner only, as the server rules).
import { companyNameField, companyPhoneField, type Profile, StaffState, userNameField } from '@epc/shared'
import { Button, Card, Descriptions, Form, Input, Space, Tag } from 'antd'
import { useState } from 'react'
import { feedback } from '../../../lib/feedback'
import { fieldRule } from '../../../lib/form-rules'
import { useStaffState } from '../api/get-staff-state'
import { type ProfileChange, useUpdateProfile } from '../api/update-profile'

const STATE_TAGS: Record<number, { color: string; text: string }> = {
  [StaffState.Active]: { color: 'green', text: '正常' },
  [StaffState.Disabled]: { color: 'orange', text: '已停用' },
  [StaffState.Banned]: { color: 'red', text: '已封禁' },
}

export function ProfileCard({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false)
  const [form] = Form.useForm<ProfileChange>()
  const update = useUpdateProfile()
  const state = useStaffState(profile.Mobile)
  const stateTag = state.data ? STATE_TAGS[state.data] : undefined

  const onFinish = async (values: ProfileChange) => {
    const change = profile.IsOwner ? values : { UserName: values.UserName }
    if (await update.mutateAsync(change).then(Boolean, () => false)) {
      feedback.success('已保存')
      setEditing(false)
    }
  }

  return (
    <Card
      title="基本信息"
      extra={
        !editing && (
          <Button type="link" onClick={() => setEditing(true)}>
            编辑
          </Button>
        )
      }
    >
      {editing ? (
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ flex: '100px' }}
          style={{ maxWidth: 520 }}
          initialValues={{
            UserName: profile.UserName,
            CompanyName: profile.CompanyName,
            CompanyPhone: profile.CompanyPhone,
          }}
          onFinish={onFinish}
        >
          <Form.Item name="UserName" label="用户名" rules={[fieldRule(userNameField)]}>
            <Input maxLength={20} />
          </Form.Item>
          {profile.IsOwner && (
            <>
              <Form.Item name="CompanyName" label="公司名称" rules={[fieldRule(companyNameField)]}>
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item name="CompanyPhone" label="公司电话" rules={[fieldRule(companyPhoneField)]}>
                <Input maxLength={20} />
              </Form.Item>
            </>
          )}
          <Form.Item label=" " colon={false}>
            <Space>
              <Button type="primary" htmlType="submit" loading={update.isPending}>
                保存
              </Button>
              <Button onClick={() => setEditing(false)}>取消</Button>
            </Space>
          </Form.Item>
        </Form>
      ) : (
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle">
          <Descriptions.Item label="用户名">{profile.UserName}</Descriptions.Item>
          <Descriptions.Item label="手机号">{profile.Mobile}</Descriptions.Item>
          <Descriptions.Item label="公司名称">{profile.CompanyName}</Descriptions.Item>
          <Descriptions.Item label="公司电话">{profile.CompanyPhone || '-'}</Descriptions.Item>
          <Descriptions.Item label="账号类型">{profile.IsOwner ? '企业主账号' : '子账号'}</Descriptions.Item>
          <Descriptions.Item label="账号状态">
            {stateTag ? <Tag color={stateTag.color}>{stateTag.text}</Tag> : '-'}
          </Descriptions.Item>
          <Descriptions.Item label="注册时间" span={2}>
            {profile.CreateTime}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  )
}
