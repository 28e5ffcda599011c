// 更换手机号: a code to the current number, the new number and a code to it; the new number signs in from
// then on.
import { mobileField, type Profile } from '@epc/shared'
import { Button, Card, Form, Input } from 'antd'
import { feedback } from '../../../lib/feedback'
import { fieldRule } from '../../../lib/form-rules'
import { SmsCodeField } from '../../auth'
import { useChangeMobile } from '../api/change-mobile'

interface Values {
  OldSmsCode: string
  NewMobile: string
  NewSmsCode: string
}

export function MobileCard({ profile }: { profile: Profile }) {
  const [form] = Form.useForm<Values>()
  const change = useChangeMobile()
  const newMobile = () =>
    form.validateFields(['NewMobile']).then(
      () => form.getFieldValue('NewMobile') as string,
      () => undefined,
    )

  const onFinish = async (values: Values) => {
    if (
      await change.mutateAsync(values).then(
        () => true,
        () => false,
      )
    ) {
      feedback.success('手机号已更换，请用新手机号登录')
      form.resetFields()
    }
  }

  return (
    <Card title="更换手机号">
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '130px' }}
        style={{ maxWidth: 560 }}
        onFinish={onFinish}
      >
        <Form.Item label="当前手机号">{profile.Mobile}</Form.Item>
        <SmsCodeField
          form={form}
          scene="changemobile"
          name="OldSmsCode"
          label="当前手机验证码"
          mobile={async () => profile.Mobile}
        />
        <Form.Item
          name="NewMobile"
          label="新手机号"
          rules={[fieldRule({ ...mobileField, label: '新手机号' })]}
        >
          <Input maxLength={11} inputMode="numeric" placeholder="请输入新手机号" />
        </Form.Item>
        <SmsCodeField
          form={form}
          scene="bindmobile"
          name="NewSmsCode"
          label="新手机验证码"
          mobile={newMobile}
        />
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            更换手机号
          </Button>
        </Form.Item>
      </Form>
    </Card>
  )
}
