// Shows a key's AppKey and AppSecret once, after creating or rotating it, with copy buttons and the warning
// that the secret cannot be seen again. Nothing of it is rendered once closed (the caller forgets the secret).
import { Alert, Button, Descriptions, Modal, Typography } from 'antd'
import type { CSSProperties } from 'react'
import type { RevealedSecret } from '../hooks/use-secret-reveal'

export const SECRET_ONCE = 'AppSecret 只显示这一次，请立即复制并妥善保存；关闭后无法再次查看。'

const mono: CSSProperties = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  wordBreak: 'break-all',
}

export function SecretDialog({
  revealed,
  onClose,
}: {
  revealed: RevealedSecret | null
  onClose: () => void
}) {
  return (
    <Modal
      open={revealed !== null}
      title={revealed?.kind === 'rotated' ? '密钥已重置' : '密钥已创建'}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      width={620}
      footer={
        <Button type="primary" onClick={onClose}>
          我已保存，关闭
        </Button>
      }
    >
      {revealed && (
        <>
          <Alert type="warning" showIcon title={SECRET_ONCE} style={{ marginBottom: 16 }} />
          {revealed.kind === 'rotated' && <p>旧的 AppSecret 已立即失效，请用新的 AppSecret 更新您的系统。</p>}
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 110 } }}>
            <Descriptions.Item label="名称">{revealed.Key.Name}</Descriptions.Item>
            <Descriptions.Item label="AppKey">
              <Typography.Text
                data-testid="revealed-app-key"
                style={mono}
                copyable={{ tooltips: ['复制 AppKey', '已复制'] }}
              >
                {revealed.Key.AppKey}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="AppSecret">
              <Typography.Text
                data-testid="revealed-app-secret"
                style={mono}
                copyable={{ tooltips: ['复制 AppSecret', '已复制'] }}
              >
                {revealed.AppSecret}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  )
}
