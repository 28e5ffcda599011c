// /login: sign in by password or by SMS code, then back to where the user was going.
import { loginPasswordField, mobileField } from '@epc/shared'
import { Button, Form, Input, Segmented } from 'antd'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { paths } from '../../../config/paths'
import { fieldRule } from '../../../lib/form-rules'
import { signIn } from '../../../lib/session'
import { type LoginPayload, useLogin } from '../api/login'
import { AuthFrame } from '../components/AuthFrame'
import { SmsCodeField } from '../components/SmsCodeField'
import { safeRedirect } from '../redirect'

type Mode = 'password' | 'sms'

export default function LoginPage() {
  const [mode, setMode] = useState<Mode>('password')
  const [form] = Form.useForm<LoginPayload>()
  const login = useLogin()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [landing, setLanding] = useState(false)

  const onFinish = async (values: LoginPayload) => {
    const payload =
      mode === 'password'
        ? { Mobile: values.Mobile, Password: values.Password }
        : { Mobile: values.Mobile, SmsCode: values.SmsCode }
    const info = await login.mutateAsync(payload).catch(() => null)
    if (!info) return
    signIn(info)
    // Billing's code comes after sign-in, so /login stays light. An ended service lands on the buy page
    // (with its banner) unless the user was on the way somewhere.
    setLanding(true)
    const ended = await import('../../billing').then(
      (billing) => billing.afterSignIn().then((after) => after.ended),
      () => false,
    )
    setLanding(false)
    const fallback = ended ? paths.userBuyService : paths.vinSearch
    navigate(safeRedirect(params.get('redirect'), window.location.origin, fallback), { replace: true })
  }

  return (
    <AuthFrame title="登录">
      <Segmented<Mode>
        block
        value={mode}
        onChange={setMode}
        options={[
          { value: 'password', label: '密码登录' },
          { value: 'sms', label: '验证码登录' },
        ]}
        style={{ marginBottom: 20 }}
      />
      <Form form={form} layout="vertical" size="large" onFinish={onFinish} requiredMark={false}>
        <Form.Item name="Mobile" label="手机号" rules={[fieldRule(mobileField)]}>
          <Input maxLength={11} inputMode="numeric" autoComplete="username" placeholder="请输入手机号" />
        </Form.Item>
        {mode === 'password' ? (
          <Form.Item name="Password" label="密码" rules={[fieldRule(loginPasswordField)]}>
            <Input.Password autoComplete="current-password" placeholder="请输入密码" />
          </Form.Item>
        ) : (
          <SmsCodeField form={form} scene="login" />
        )}
        <Button type="primary" htmlType="submit" block loading={login.isPending || landing}>
          登录
        </Button>
      </Form>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to={paths.modifyPw}>忘记密码？</Link>
        <span>
          还没有账号？<Link to={paths.register}>免费注册</Link>
        </span>
      </div>
    </AuthFrame>
  )
}
