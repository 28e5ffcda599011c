// /user/userManage (owner): the company's staff with state, last sign-in and today's look-ups; add a member
// (mobile, name, optional initial password), 停用/启用, 重置密码, 删除 and the 查看进价 switch per member, within
// the seats (共 N / M 个席位). The server checks every rule again and its message is shown on a refusal.
import { mobileField, passwordField, type StaffRow, StaffState, userNameField } from '@epc/shared'
import { Button, Card, Form, Input, Modal, Popconfirm, Space, Switch, Table, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { feedback } from '../../../lib/feedback'
import { fieldRule } from '../../../lib/form-rules'
import { type NewStaff, useAddStaff } from '../api/add-staff'
import { useStaff } from '../api/get-staff'
import { useRemoveStaff } from '../api/remove-staff'
import { useResetStaffPassword } from '../api/reset-staff-password'
import { useSetStaffPermission } from '../api/set-staff-permission'
import { useSetStaffState } from '../api/set-staff-state'

const STATE_COLORS: Record<number, string> = {
  [StaffState.Active]: 'green',
  [StaffState.Disabled]: 'orange',
  [StaffState.Banned]: 'red',
}
const optionalPassword = fieldRule({ ...passwordField, min: 0 })
const PASSWORD_HINT = '不填则员工用短信验证码登录后自行设置密码；填写的初始密码须在首次登录后修改'

function AddStaffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<NewStaff>()
  const add = useAddStaff()
  const submit = async () => {
    const values = await form.validateFields()
    const row = await add.mutateAsync(values).catch(() => null)
    if (!row) return
    feedback.success(`已添加员工 ${row.UserName}`)
    form.resetFields()
    onClose()
  }
  return (
    <Modal
      title="添加员工"
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="添加"
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="Mobile" label="手机号" rules={[fieldRule(mobileField)]}>
          <Input maxLength={11} autoComplete="off" />
        </Form.Item>
        <Form.Item name="UserName" label="姓名" rules={[fieldRule({ ...userNameField, label: '姓名' })]}>
          <Input maxLength={20} autoComplete="off" />
        </Form.Item>
        <Form.Item name="Password" label="初始密码（选填）" rules={[optionalPassword]} extra={PASSWORD_HINT}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  )
}

function ResetPasswordDialog({ member, onClose }: { member: StaffRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ Password?: string }>()
  const reset = useResetStaffPassword()
  const submit = async () => {
    if (!member) return
    const values = await form.validateFields()
    const row = await reset
      .mutateAsync({ UserID: member.UserID, Password: values.Password })
      .catch(() => null)
    if (!row) return
    feedback.success(`已重置 ${row.UserName} 的密码`)
    onClose()
  }
  return (
    <Modal
      title={`重置密码：${member?.UserName ?? ''}`}
      open={member !== null}
      onCancel={onClose}
      onOk={submit}
      okText="重置"
      confirmLoading={reset.isPending}
      destroyOnHidden
    >
      <p>重置后该员工需重新登录。</p>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="Password"
          label="新的初始密码（选填）"
          rules={[optionalPassword]}
          extra={PASSWORD_HINT}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  )
}

export default function UserManagePage() {
  const staff = useStaff()
  const setState = useSetStaffState()
  const setPermission = useSetStaffPermission()
  const remove = useRemoveStaff()
  const [adding, setAdding] = useState(false)
  const [resetting, setResetting] = useState<StaffRow | null>(null)
  const list = staff.data

  const toggleState = async (m: StaffRow) => {
    const State = m.State === StaffState.Disabled ? StaffState.Active : StaffState.Disabled
    const row = await setState.mutateAsync({ UserID: m.UserID, State }).catch(() => null)
    if (row) feedback.success(`${row.UserName} 已${row.State === StaffState.Disabled ? '停用' : '启用'}`)
  }
  const togglePermission = async (m: StaffRow, SeePurchasePrice: boolean) => {
    const row = await setPermission.mutateAsync({ UserID: m.UserID, SeePurchasePrice }).catch(() => null)
    if (row) feedback.success(`${row.UserName} ${row.SeePurchasePrice ? '可以' : '不能'}查看进价`)
  }
  const removeMember = async (m: StaffRow) => {
    if (await remove.mutateAsync({ UserID: m.UserID }).catch(() => null))
      feedback.success(`已删除员工 ${m.UserName}`)
  }

  const columns: ColumnsType<StaffRow> = [
    {
      title: '姓名',
      dataIndex: 'UserName',
      render: (name: string, m) => (
        <Space size={4}>
          {name}
          {m.IsOwner && <Tag color="blue">企业主</Tag>}
          {m.MustChangePassword && !m.IsOwner && <Tag>待改密码</Tag>}
        </Space>
      ),
    },
    { title: '手机号', dataIndex: 'Mobile', width: 130 },
    {
      title: '状态',
      dataIndex: 'StateName',
      width: 90,
      render: (name: string, m) => <Tag color={STATE_COLORS[m.State]}>{name}</Tag>,
    },
    { title: '最近登录', dataIndex: 'LastLoginTime', width: 170, render: (t: string) => t || '-' },
    { title: '今日查询', dataIndex: 'TodayQueries', width: 90, align: 'right' },
    {
      title: '查看进价',
      key: 'price',
      width: 90,
      render: (_, m) => (
        <Switch
          size="small"
          aria-label={`${m.UserName} 查看进价`}
          checked={m.SeePurchasePrice}
          disabled={m.IsOwner}
          onChange={(checked) => togglePermission(m, checked)}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_, m) =>
        !m.IsOwner && (
          <Space size={0}>
            {m.State !== StaffState.Banned && (
              <Button type="link" size="small" onClick={() => toggleState(m)}>
                {m.State === StaffState.Disabled ? '启用' : '停用'}
              </Button>
            )}
            <Button type="link" size="small" onClick={() => setResetting(m)}>
              重置密码
            </Button>
            <Popconfirm
              title={`确定删除员工 ${m.UserName}？`}
              description="删除后该账号无法登录，手机号可重新使用"
              okText="删除"
              cancelText="取消"
              onConfirm={() => removeMember(m)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ]

  return (
    <Card
      title="用户管理"
      extra={
        <Space>
          {list && (
            <span data-testid="seats">
              共 {list.SeatsUsed} / {list.Seats} 个席位
            </span>
          )}
          <Button type="primary" onClick={() => setAdding(true)}>
            添加员工
          </Button>
        </Space>
      }
    >
      <Table<StaffRow>
        rowKey="UserID"
        columns={columns}
        dataSource={list?.Staff ?? []}
        loading={staff.isPending}
        pagination={false}
        size="middle"
      />
      <AddStaffDialog open={adding} onClose={() => setAdding(false)} />
      <ResetPasswordDialog member={resetting} onClose={() => setResetting(null)} />
    </Card>
  )
}
