// /user/systemMessage: the account's messages, unread first, then newest, ten a page. Opening one shows its
// text and marks it read; 全部已读 marks them all.
import type { MessageRow } from '@epc/shared'
import { Badge, Button, Card, Empty, List, Typography } from 'antd'
import { useState } from 'react'
import { useMessages } from '../api/get-messages'
import { useReadAllMessages } from '../api/read-all-messages'
import { useReadMessage } from '../api/read-message'
import { KindTag } from '../components/KindTag'

const PAGE_SIZE = 10

export default function SystemMessagePage() {
  const [page, setPage] = useState(1)
  const [open, setOpen] = useState<number | null>(null)
  const messages = useMessages(page, PAGE_SIZE)
  const read = useReadMessage()
  const readAll = useReadAllMessages()
  const data = messages.data

  const onOpen = (m: MessageRow) => {
    setOpen(open === m.Id ? null : m.Id)
    if (!m.Read) read.mutate(m.Id)
  }

  return (
    <Card
      title="系统消息"
      extra={
        <Button onClick={() => readAll.mutate()} loading={readAll.isPending} disabled={!data?.Unread}>
          全部已读
        </Button>
      }
    >
      <List<MessageRow>
        loading={messages.isPending}
        dataSource={data?.Messages ?? []}
        locale={{ emptyText: <Empty description="暂无消息" /> }}
        pagination={
          data && data.TotalCount > PAGE_SIZE
            ? {
                current: page,
                pageSize: PAGE_SIZE,
                total: data.TotalCount,
                showSizeChanger: false,
                onChange: (p) => {
                  setPage(p)
                  setOpen(null)
                },
              }
            : false
        }
        renderItem={(m) => (
          <List.Item
            data-testid="message"
            data-read={m.Read}
            onClick={() => onOpen(m)}
            style={{ cursor: 'pointer', display: 'block' }}
          >
            <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <Badge dot={!m.Read} />
              <KindTag kind={m.Kind} />
              <Typography.Text strong={!m.Read} style={{ flex: 1 }}>
                {m.Title}
              </Typography.Text>
              <Typography.Text type="secondary">{m.CreateTime}</Typography.Text>
            </div>
            {open === m.Id && (
              <Typography.Paragraph style={{ margin: '8px 0 0 22px', whiteSpace: 'pre-wrap' }}>
                {m.Body}
              </Typography.Paragraph>
            )}
          </List.Item>
        )}
      />
    </Card>
  )
}
