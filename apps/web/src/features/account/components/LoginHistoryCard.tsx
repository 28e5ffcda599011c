// 登录记录: the last 20 sign-ins, newest first.
import type { LoginRecord } from '@epc/shared'
import { Card, Table } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useLoginHistory } from '../api/get-login-history'

const COLUMNS: ColumnsType<LoginRecord> = [
  { title: '登录时间', dataIndex: 'Time', width: 200 },
  { title: 'IP 地址', dataIndex: 'IP', width: 180 },
  { title: '设备', dataIndex: 'Device' },
]

export function LoginHistoryCard() {
  const history = useLoginHistory()
  return (
    <Card title="最近登录记录">
      <Table<LoginRecord>
        size="small"
        rowKey={(r) => `${r.Time}-${r.IP}-${r.Device}`}
        columns={COLUMNS}
        dataSource={history.data ?? []}
        loading={history.isPending}
        pagination={false}
        data-testid="login-history"
      />
    </Card>
  )
}
