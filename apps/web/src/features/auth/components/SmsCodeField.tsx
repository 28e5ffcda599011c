// The 验证码 form row: the 6-digit code box beside the send button, labelled so that the label names the box.
// The code goes to the form's Mobile field unless `mobile` names another number (the account screens').
import { type SmsScene, smsCodeField } from '@epc/shared'
import { Form, type FormInstance, Input } from 'antd'
import { fieldRule } from '../../../lib/form-rules'
import { formMobile, SmsCodeButton } from './SmsCodeButton'

interface Props {
  form: FormInstance
  scene: SmsScene
  /** The field holding the code (SmsCode unless a form has two codes). */
  name?: string
  label?: string
  mobile?: () => Promise<string | undefined>
}

export function SmsCodeField({ form, scene, name = 'SmsCode', label = '验证码', mobile }: Props) {
  return (
    <Form.Item label={label} htmlFor={name} required>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name={name} noStyle rules={[fieldRule(smsCodeField)]}>
          <Input
            id={name}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="6位验证码"
          />
        </Form.Item>
        <SmsCodeButton scene={scene} mobile={mobile ?? formMobile(form)} />
      </div>
    </Form.Item>
  )
}
