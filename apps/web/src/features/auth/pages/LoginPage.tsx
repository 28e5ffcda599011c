// /login: sign in by password or by SMS code, then back to where the user was going. Plain inputs checked
// by the shared field rules rather than antd's Form: the first screen every user meets then loads no form
// library (Form, its validator and its label tooltips are about a fifth of this screen's bytes).
import {
  BillingMessages,
  loginPasswordField,
  mobileField,
  smsCodeField,
  type TextField,
  textProblem,
} from '@epc/shared'
import { Button } from 'antd'
// The two inputs themselves, not antd's Input with its Search and TextArea (and their buttons) attached.
import Input from 'antd/es/input/Input'
import Password from 'antd/es/input/Password'
import { type FormEvent, type ReactNode, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { paths } from '../../../config/paths'
import { feedback } from '../../../lib/feedback'
import { signIn } from '../../../lib/session'
import { useLogin } from '../api/login'
import { AuthFrame } from '../components/AuthFrame'
import { SmsCodeButton } from '../components/SmsCodeButton'
import { safeRedirect } from '../redirect'
import styles from './LoginPage.module.css'

type Mode = 'password' | 'sms'
type Field = 'Mobile' | 'Password' | 'SmsCode'

const RULES: Record<Field, TextField> = {
  Mobile: mobileField,
  Password: loginPasswordField,
  SmsCode: smsCodeField,
}
const MODES: { value: Mode; label: string }[] = [
  { value: 'password', label: '密码登录' },
  { value: 'sms', label: '验证码登录' },
]

function Row({
  id,
  label,
  error,
  children,
}: {
  id: string
  label: string
  error?: string
  children: ReactNode
}) {
  return (
    <div className={styles.row}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      <div className={styles.error} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  )
}

export default function LoginPage() {
  const [mode, setMode] = useState<Mode>('password')
  const [values, setValues] = useState<Record<Field, string>>({ Mobile: '', Password: '', SmsCode: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const login = useLogin()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [landing, setLanding] = useState(false)

  /** Checks one field and shows its problem; answers whether it is fine. */
  const check = (field: Field, value = values[field]) => {
    const problem = textProblem(RULES[field], value)
    setErrors((e) => ({ ...e, [field]: problem }))
    return !problem
  }
  const change = (field: Field) => (e: { target: { value: string } }) => {
    const value = e.target.value
    setValues((v) => ({ ...v, [field]: value }))
    // Once a field was found wrong it is checked as the user types, so the message goes when it is right.
    if (errors[field]) check(field, value)
  }
  const input = (field: Field) => ({
    id: field,
    value: values[field],
    onChange: change(field),
    onBlur: () => values[field] !== '' && check(field),
    status: errors[field] ? ('error' as const) : undefined,
  })

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    const secret: Field = mode === 'password' ? 'Password' : 'SmsCode'
    const fine = [check('Mobile'), check(secret)].every(Boolean)
    if (!fine) return
    const payload = { Mobile: values.Mobile, [secret]: values[secret] }
    const info = await login.mutateAsync(payload).catch(() => null)
    if (!info) return
    signIn(info)
    // Billing's code comes after sign-in, so /login stays light. An ended service lands its owner on the buy
    // page (with its banner) unless they were on the way somewhere; staff cannot buy (the page is the owner's)
    // and are told whom to ask.
    setLanding(true)
    const { ended, owner } = await import('../../billing').then(
      (billing) => billing.afterSignIn(),
      () => ({ ended: false, owner: false }),
    )
    setLanding(false)
    if (ended && !owner) feedback.warning(BillingMessages.serviceEndedStaff)
    const fallback = ended && owner ? paths.userBuyService : paths.vinSearch
    navigate(safeRedirect(params.get('redirect'), window.location.origin, fallback), { replace: true })
  }

  return (
    <AuthFrame title="登录">
      <div className={styles.modes} role="tablist">
        {MODES.map((m) => (
          <button
            key={m.value}
            type="button"
            role="tab"
            aria-selected={mode === m.value}
            className={mode === m.value ? styles.modeOn : styles.mode}
            onClick={() => setMode(m.value)}
          >
            {m.label}
          </button>
        ))}
      </div>
      <form onSubmit={onSubmit} noValidate>
        <Row id="Mobile" label="手机号" error={errors.Mobile}>
          <Input
            {...input('Mobile')}
            size="large"
            maxLength={11}
            inputMode="numeric"
            autoComplete="username"
            placeholder="请输入手机号"
          />
        </Row>
        {mode === 'password' ? (
          <Row id="Password" label="密码" error={errors.Password}>
            <Password
              {...input('Password')}
              size="large"
              autoComplete="current-password"
              placeholder="请输入密码"
            />
          </Row>
        ) : (
          <Row id="SmsCode" label="验证码" error={errors.SmsCode}>
            <div className={styles.sms}>
              <Input
                {...input('SmsCode')}
                size="large"
                maxLength={6}
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder="6位验证码"
              />
              <SmsCodeButton
                scene="login"
                size="large"
                mobile={() => (check('Mobile') ? values.Mobile : undefined)}
              />
            </div>
          </Row>
        )}
        <Button type="primary" htmlType="submit" size="large" block loading={login.isPending || landing}>
          登录
        </Button>
      </form>
      <div className={styles.links}>
        <Link to={paths.modifyPw}>忘记密码？</Link>
        <span>
          还没有账号？<Link to={paths.register}>免费注册</Link>
        </span>
      </div>
    </AuthFrame>
  )
}
