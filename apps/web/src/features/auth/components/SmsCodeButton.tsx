// The 获取验证码 button: asks for the mobile (a form field checked first, or a fixed number), sends the code,
// then counts down 60 seconds (the server's one-a-minute throttle) before it can be pressed again.
import { AccountLimits, type SmsScene } from '@epc/shared'
import { Button, type FormInstance } from 'antd'
import { useEffect, useState } from 'react'
import { feedback } from '../../../lib/feedback'
import { useSendSmsCode } from '../api/send-sms-code'

interface Props {
  scene: SmsScene
  /** The number to send to, or undefined when it is not valid yet (the form shows why). */
  mobile: () => string | undefined | Promise<string | undefined>
  size?: 'large'
}

/** The mobile of a form's field, once the field's rules pass. */
export function formMobile(form: FormInstance, field = 'Mobile') {
  return () =>
    form.validateFields([field]).then(
      () => form.getFieldValue(field) as string,
      () => undefined,
    )
}

export function SmsCodeButton({ scene, mobile, size }: Props) {
  const [secondsLeft, setSecondsLeft] = useState(0)
  const send = useSendSmsCode()

  useEffect(() => {
    if (secondsLeft <= 0) return
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [secondsLeft])

  const onClick = async () => {
    const to = await mobile()
    if (!to) return
    const sent = await send.mutateAsync({ Mobile: to, Scene: scene }).then(
      () => true,
      () => false,
    )
    if (sent) {
      feedback.success('验证码已发送')
      setSecondsLeft(AccountLimits.smsResendSeconds)
    }
  }

  return (
    <Button
      onClick={onClick}
      size={size}
      loading={send.isPending}
      disabled={secondsLeft > 0}
      style={{ minWidth: 120 }}
    >
      {secondsLeft > 0 ? `${secondsLeft}秒后重新获取` : '获取验证码'}
    </Button>
  )
}
