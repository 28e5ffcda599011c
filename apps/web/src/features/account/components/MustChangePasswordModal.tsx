// After sign-in, a member whose password was set by the owner (or who has none yet) sets one of their own
// before going on: /api/usercenter/myrights says MustChangePassword, /api/usercenter/changepassword clears it.
import { passwordField } from '@epc/shared'
import { Alert, Form, Input, Modal } from 'antd'
import { feedback } from '../../../lib/feedback'
import { fieldRule, sameAs } from '../../../lib/form-rules'
import { useChangePassword } from '../api/change-password'
import { useMyRights } from '../api/get-my-rights'

interface Values {
  OldPassword?: string
  Password: string
  Confirm: string
}

export function MustChangePasswordModal() {
  const rights = useMyRights()
  const change = useChangePassword()
  const [form] = Form.useForm<Values>()
  const open = rights.data?.MustChangePassword === true
  const submit = async () => {
    const values = await form.validateFields()
    const done = await change
      .mutateAsync({ OldPassword: values.OldPassword, Password: values.Password })
      .catch(() => null)
    if (done) feedback.success('密码已设置')
  }
  return (
    <Modal
      title="请设置新密码"
      open={open}
      closable={false}
      maskClosable={false}
      keyboard={false}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText="确定"
      onOk={submit}
      confirmLoading={change.isPending}
      destroyOnHidden
    >
      <Alert type="info" showIcon title="您的账号由企业主添加或重置了密码，请先设置自己的登录密码" />
      <Form form={form} layout="vertical" preserve={false} style={{ marginTop: 16 }}>
        <Form.Item
          name="OldPassword"
          label="初始密码"
          extra="企业主为您设置了初始密码时填写；用短信验证码登录且没有密码时不填"
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="Password" label="新密码" rules={[fieldRule(passwordField)]} hasFeedback>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="Confirm"
          label="确认新密码"
          dependencies={['Password']}
          rules={sameAs('Password', '请再次输入新密码')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
