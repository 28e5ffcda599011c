// /register: mobile with an SMS code, a password by the spec's pattern (typed twice), user and company
// name, and the agreement; a new account starts with a 7-day trial.
import { companyNameField, mobileField, passwordField, userNameField } from '@epc/shared'
import { Button, Checkbox, Form, Input } from 'antd'
import { Link, useNavigate } from 'react-router'
import { paths } from '../../../config/paths'
import { fieldRule, sameAs } from '../../../lib/form-rules'
import { signIn } from '../../../lib/session'
import { type RegisterPayload, useRegister } from '../api/register'
import { AuthFrame } from '../components/AuthFrame'
import { SmsCodeField } from '../components/SmsCodeField'

export default function RegisterPage() {
  const [form] = Form.useForm<RegisterPayload & { Confirm: string; Agree: boolean }>()
  const register = useRegister()
  const navigate = useNavigate()

  const onFinish = async ({
    Confirm: _c,
    Agree: _a,
    ...payload
  }: RegisterPayload & { Confirm: string; Agree: boolean }) => {
    const info = await register.mutateAsync(payload).catch(() => null)
    if (info) {
      signIn(info)
      // Learn that the new account is its company's owner (kept with the login info); a new company has
      // its trial, so it goes to the look-ups.
      await import('../../billing').then(
        (billing) => billing.afterSignIn(),
        () => undefined,
      )
      navigate(paths.vinSearch, { replace: true })
    }
  }

  return (
    <AuthFrame title="注册账号">
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item name="Mobile" label="手机号" rules={[fieldRule(mobileField)]}>
          <Input maxLength={11} inputMode="numeric" autoComplete="username" placeholder="请输入手机号" />
        </Form.Item>
        <SmsCodeField form={form} scene="register" />
        <Form.Item name="Password" label="密码" rules={[fieldRule(passwordField)]} hasFeedback>
          <Input.Password autoComplete="new-password" placeholder="6-30位，须包含字母和数字" />
        </Form.Item>
        <Form.Item
          name="Confirm"
          label="确认密码"
          dependencies={['Password']}
          hasFeedback
          rules={sameAs('Password', '请再次输入密码')}
        >
          <Input.Password autoComplete="new-password" placeholder="请再次输入密码" />
        </Form.Item>
        <Form.Item name="UserName" label="用户名" rules={[fieldRule(userNameField)]}>
          <Input maxLength={20} placeholder="您的姓名或称呼" />
        </Form.Item>
        <Form.Item name="CompanyName" label="公司名称" rules={[fieldRule(companyNameField)]}>
          <Input maxLength={50} placeholder="修理厂、配件商或4S店名称" />
        </Form.Item>
        <Form.Item
          name="Agree"
          valuePropName="checked"
          rules={[
            {
              validator: async (_r, value) => {
                if (!value) throw new Error('请阅读并同意用户服务协议和隐私政策')
              },
            },
          ]}
        >
          <Checkbox>
            我已阅读并同意
            <Link to={paths.vereinbarung} target="_blank">
              《用户服务协议》
            </Link>
            和
            <Link to={paths.datenschutz} target="_blank">
              《隐私政策》
            </Link>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
          注册
        </Button>
      </Form>
      <div style={{ textAlign: 'right', marginTop: 16 }}>
        已有账号？<Link to={paths.login}>直接登录</Link>
      </div>
    </AuthFrame>
  )
}
