// What a read that failed leaves in its place: that it failed (the API client's warning is gone after 3 s,
// and "no data" would say the VIN, the codes or the sheet has none) and the one action that reads it again.
import { Button, Empty } from 'antd'

export const LOAD_FAILED = '加载失败，请检查网络后重试'

export function LoadFailed({
  text = LOAD_FAILED,
  action = '重新加载',
  onRetry,
}: {
  text?: string
  action?: string
  onRetry: () => void
}) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} data-testid="load-failed">
      <Button onClick={onRetry}>{action}</Button>
    </Empty>
  )
}
