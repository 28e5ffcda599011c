// /ModifyPw: forgot password. A new password by SMS code; every device is signed out, so the user signs in again.
import { mobileField, passwordField } from '@epc/shared'
import { Button, Form, Input } from 'antd'
import { Link, useNavigate } from 'react-router'
import { paths } from '../../../config/paths'
import { feedback } from '../../../lib/feedback'
import { fieldRule, sameAs } from '../../../lib/form-rules'
import { reloadSession } from '../../../lib/session'
import { clearLoginInfo } from '../../../lib/storage'
import { useResetPassword } from '../api/reset-password'
import { AuthFrame } from '../components/AuthFrame'
import { SmsCodeField } from '../components/SmsCodeField'

interface Values {
  Mobile: string
  SmsCode: string
  Password: string
  Confirm: string
}

export default function ModifyPwPage() {
  const [form] = Form.useForm<Values>()
  const reset = useResetPassword()
  const navigate = useNavigate()

  const onFinish = async ({ Confirm: _c, ...payload }: Values) => {
    const done = await reset.mutateAsync(payload).then(
      () => true,
      () => false,
    )
    if (done) {
      feedback.success('密码已重置，请使用新密码登录')
      clearLoginInfo()
      reloadSession()
      navigate(paths.login, { replace: true })
    }
  }

  return (
    <AuthFrame title="找回密码">
      <Form form={form} layout="vertical" size="large" onFinish={onFinish} requiredMark={false}>
        <Form.Item name="Mobile" label="手机号" rules={[fieldRule(mobileField)]}>
          <Input maxLength={11} inputMode="numeric" autoComplete="username" placeholder="请输入注册手机号" />
        </Form.Item>
        <SmsCodeField form={form} scene="resetpwd" />
        <Form.Item name="Password" label="新密码" rules={[fieldRule(passwordField)]} hasFeedback>
          <Input.Password autoComplete="new-password" placeholder="6-30位，须包含字母和数字" />
        </Form.Item>
        <Form.Item
          name="Confirm"
          label="确认新密码"
          dependencies={['Password']}
          hasFeedback
          rules={sameAs('Password', '请再次输入新密码')}
        >
          <Input.Password autoComplete="new-password" placeholder="请再次输入新密码" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          重置密码
        </Button>
      </Form>
      <div style={{ textAlign: 'right', marginTop: 16 }}>
        想起来了？<Link to={paths.login}>返回登录</Link>
      </div>
    </AuthFrame>
  )
}
