// The 验证码 form row: the 6-digit code box beside the send button, labelled so that the label names the box.
import { type SmsScene, smsCodeField } from '@epc/shared'
import { Form, type FormInstance, Input } from 'antd'
import { fieldRule } from '../../../lib/form-rules'
import { SmsCodeButton } from './SmsCodeButton'

export function SmsCodeField({ form, scene }: { form: FormInstance; scene: SmsScene }) {
  return (
    <Form.Item label="验证码" htmlFor="SmsCode" required>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name="SmsCode" noStyle rules={[fieldRule(smsCodeField)]}>
          <Input
            id="SmsCode"
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="6位验证码"
          />
        </Form.Item>
        <SmsCodeButton
          scene={scene}
          mobile={() =>
            form.validateFields(['Mobile']).then(
              () => form.getFieldValue('Mobile') as string,
              () => null,
            )
          }
        />
      </div>
    </Form.Item>
  )
}
