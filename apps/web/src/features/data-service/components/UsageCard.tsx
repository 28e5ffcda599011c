// 用量统计: requests and items per day and key over the last 30 days (Beijing days, newest first), with the
// totals; 刷新 reads them again with the key list (a request made meanwhile shows up, and the key's 最近使用).
import { type ApiUsageRow, DataServiceLimits } from '@epc/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Card, Table, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { refreshAfterChange } from '../../../lib/refresh'
import { useApiUsage } from '../api/get-api-usage'
import { dataServiceKeys } from '../api/keys'
import { usageTotals } from '../display'

const columns: ColumnsType<ApiUsageRow> = [
  { title: '日期', dataIndex: 'Day', width: 120 },
  {
    title: '密钥',
    key: 'key',
    render: (_, r) => (
      <>
        {r.Name}
        <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
          {r.AppKey}
        </Typography.Text>
      </>
    ),
  },
  { title: '请求数', dataIndex: 'Requests', width: 100, align: 'right' },
  { title: '计费条数', dataIndex: 'ItemsCharged', width: 100, align: 'right' },
  { title: '免费条数', dataIndex: 'ItemsFree', width: 100, align: 'right' },
]

export function UsageCard() {
  const usage = useApiUsage()
  const client = useQueryClient()
  const rows = usage.data?.rows ?? []
  const totals = usageTotals(rows)
  return (
    <Card
      title={`用量统计（近 ${DataServiceLimits.usageDays} 天）`}
      extra={
        <Button
          size="small"
          onClick={() => refreshAfterChange(client, dataServiceKeys.all)}
          loading={usage.isFetching}
        >
          刷新
        </Button>
      }
      data-testid="usage-card"
    >
      <Table<ApiUsageRow>
        rowKey={(r) => `${r.Day}-${r.KeyId}`}
        columns={columns}
        dataSource={rows}
        loading={usage.isPending}
        pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        size="small"
        locale={{ emptyText: '暂无调用记录' }}
        summary={() =>
          rows.length > 0 && (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                合计
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {totals.Requests}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {totals.ItemsCharged}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {totals.ItemsFree}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )
        }
      />
      <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0', fontSize: 13 }}>
        计费条数：查到数据的条目，每条扣 1 条；免费条数：未查到、格式不正确的条目和测试密钥的条目，不扣条数。
      </Typography.Paragraph>
    </Card>
  )
}
