// The dealer's live stock from the desktop host, for the part detail: every row the host answered (the part
// and its replacements) with 本店库存, 本店售价, 进价 (by the price right) and 储位. Nothing outside a host;
// a failed look-up leaves a quiet note, never an error.
import type { HostStockRecord } from '@epc/shared'
import { Spin, Table, Tag, Typography } from 'antd'
import { formatMoney } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { useHostStock, useInHost } from '../hooks/use-host'
import { maySeeDealerPurchasePrice } from '../rights'

const mono = { fontFamily: 'Menlo, Consolas, monospace' }

export function HostStockPanel({ partNumber, make = '' }: { partNumber: string; make?: string }) {
  const inHost = useInHost()
  const stock = useHostStock(partNumber, make)
  const seesPurchase = maySeeDealerPurchasePrice(useSession((s) => s.info))
  if (!inHost) return null
  if (stock.isLoading) {
    return (
      <div data-testid="host-stock" style={{ color: '#8c8c8c' }}>
        <Spin size="small" /> 正在查询本店库存…
      </div>
    )
  }
  const records = stock.data?.records ?? []
  if (!records.length) {
    return (
      <Typography.Text type="secondary" data-testid="host-stock">
        店端系统暂无此配件的库存信息
      </Typography.Text>
    )
  }
  return (
    <Table<HostStockRecord>
      data-testid="host-stock"
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={records}
      columns={[
        {
          title: '编号',
          dataIndex: 'disp_number',
          render: (v: string, r) => (
            <span>
              <span style={mono}>{v}</span>
              {r.flag && (
                <Tag color="blue" style={{ marginLeft: 6 }}>
                  替换件
                </Tag>
              )}
              {r.salesBanned && (
                <Tag color="red" style={{ marginLeft: 6 }}>
                  停售
                </Tag>
              )}
            </span>
          ),
        },
        { title: '名称', dataIndex: 'part_name_cn' },
        { title: '本店库存', dataIndex: 'available_stock', align: 'right' },
        {
          title: '本店售价',
          dataIndex: 'sale_price',
          align: 'right',
          render: (v: number | null) => formatMoney(v),
        },
        ...(seesPurchase
          ? [
              {
                title: '进价',
                dataIndex: 'purchase_price',
                align: 'right' as const,
                render: (v: number | null) => formatMoney(v),
              },
            ]
          : []),
        { title: '储位', dataIndex: 'storagePositionCode', render: (v: string) => v || '-' },
      ]}
    />
  )
}
