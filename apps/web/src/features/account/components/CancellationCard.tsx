// 注销账号 (owner): what a cancellation does, an SMS check, then the request shown 待处理 with the date it
// will be answered by and a 撤回 button.
import { type Profile, ProfileLimits } from '@epc/shared'
import { Alert, Button, Card, Form, Modal, Popconfirm, Typography } from 'antd'
import { useState } from 'react'
import { feedback } from '../../../lib/feedback'
import { SmsCodeField } from '../../auth'
import { useRequestCancel, useWithdrawCancel } from '../api/cancellation'

export function CancellationCard({ profile }: { profile: Profile }) {
  const [asking, setAsking] = useState(false)
  const [form] = Form.useForm<{ SmsCode: string }>()
  const request = useRequestCancel()
  const withdraw = useWithdrawCancel()
  const pending = profile.Cancellation

  const onFinish = async ({ SmsCode }: { SmsCode: string }) => {
    if (
      await request.mutateAsync(SmsCode).then(
        () => true,
        () => false,
      )
    ) {
      setAsking(false)
      form.resetFields()
    }
  }
  const onWithdraw = async () => {
    if (
      await withdraw.mutateAsync().then(
        () => true,
        () => false,
      )
    )
      feedback.success('注销申请已撤回')
  }

  return (
    <Card title="注销账号">
      {pending ? (
        <Alert
          type="warning"
          showIcon
          data-testid="cancellation-pending"
          title={`注销申请${pending.State}`}
          description={
            <>
              <div>申请时间：{pending.RequestTime}</div>
              <div>我们将在 {pending.DueTime} 前处理。处理前可随时撤回，账号照常使用。</div>
            </>
          }
          action={
            <Popconfirm title="确定撤回注销申请？" onConfirm={onWithdraw} okText="撤回" cancelText="取消">
              <Button loading={withdraw.isPending}>撤回</Button>
            </Popconfirm>
          }
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            注销后企业账号及其全部子账号将无法登录，个人信息将被删除，且不可恢复。
          </Typography.Paragraph>
          <Button danger onClick={() => setAsking(true)}>
            注销账号
          </Button>
        </>
      )}
      <Modal
        title="注销账号"
        open={asking}
        onCancel={() => setAsking(false)}
        okText="确认注销"
        okButtonProps={{ danger: true, loading: request.isPending }}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="注销的是整个企业账号"
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              <li>企业「{profile.CompanyName}」的全部子账号将随主账号一起停止使用；</li>
              <li>尚未用完的服务（剩余天数、查询次数、数据条数）将作废，不予保留；</li>
              <li>姓名、手机号等个人信息将被删除，报价单和采购单仅保留金额记录；</li>
              <li>申请提交后 {ProfileLimits.cancellationDays} 天内处理，处理前可以撤回。</li>
            </ul>
          }
        />
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <Form.Item label="验证手机号">{profile.Mobile}</Form.Item>
          <SmsCodeField form={form} scene="cancel" mobile={async () => profile.Mobile} />
        </Form>
      </Modal>
    </Card>
  )
}
