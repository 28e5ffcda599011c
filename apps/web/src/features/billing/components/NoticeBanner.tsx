// The company's unread notices (renewal reminders 7 days and 1 day before the service ends) above the
// account pages; closing one marks it read.
import { Alert } from 'antd'
import { useNotices } from '../api/get-notices'
import { useReadNotice } from '../api/read-notice'

export function NoticeBanner() {
  const notices = useNotices()
  const read = useReadNotice()
  if (!notices.data?.length) return null
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, marginBottom: 16 }}>
      {notices.data.map((n) => (
        <Alert
          key={n.Id}
          type="info"
          showIcon
          title={n.Title}
          description={n.Body}
          closable={{ 'aria-label': '关闭', onClose: () => read.mutate(n.Id) }}
          data-testid="billing-notice"
        />
      ))}
    </div>
  )
}
