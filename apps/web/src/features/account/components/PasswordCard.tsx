// 修改密码: the old password and the new one twice (the shared password rule). Other devices are signed
// out; this one stays signed in.
import { loginPasswordField, PASSWORD_RULE_TEXT, passwordField } from '@epc/shared'
import { Button, Card, Form, Input, Typography } from 'antd'
import { feedback } from '../../../lib/feedback'
import { fieldRule, sameAs } from '../../../lib/form-rules'
import { useChangePassword } from '../api/change-password'

interface Values {
  OldPassword?: string
  Password: string
  Confirm: string
}

export function PasswordCard() {
  const [form] = Form.useForm<Values>()
  const change = useChangePassword()

  const onFinish = async ({ Confirm: _c, OldPassword, Password }: Values) => {
    const payload = OldPassword ? { OldPassword, Password } : { Password }
    if (
      await change.mutateAsync(payload).then(
        () => true,
        () => false,
      )
    ) {
      feedback.success('密码已修改，其他设备需重新登录')
      form.resetFields()
    }
  }

  return (
    <Card title="修改密码">
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '100px' }}
        style={{ maxWidth: 520 }}
        onFinish={onFinish}
      >
        {/* Not required here: an account given no password of its own (a new staff member) has none to type. */}
        <Form.Item
          name="OldPassword"
          label="原密码"
          rules={[fieldRule({ ...loginPasswordField, label: '原密码', min: 0 })]}
        >
          <Input.Password autoComplete="current-password" placeholder="请输入原密码" />
        </Form.Item>
        <Form.Item
          name="Password"
          label="新密码"
          rules={[fieldRule(passwordField)]}
          extra={<Typography.Text type="secondary">{PASSWORD_RULE_TEXT}</Typography.Text>}
          hasFeedback
        >
          <Input.Password autoComplete="new-password" placeholder="请输入新密码" />
        </Form.Item>
        <Form.Item
          name="Confirm"
          label="确认新密码"
          dependencies={['Password']}
          rules={sameAs('Password', '请再次输入新密码')}
          hasFeedback
        >
          <Input.Password autoComplete="new-password" placeholder="请再次输入新密码" />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            修改密码
          </Button>
        </Form.Item>
      </Form>
    </Card>
  )
}
