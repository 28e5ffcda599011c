// The paged list of sheets (10 a page, 共有 N 条记录): number and time, vehicle, customer or supplier,
// type or note and total; the selected sheet is highlighted. An empty or failed load says 抱歉，暂无数据.
import { SHEET_PAGE_SIZE, SheetMessages } from '@epc/shared'
import { Pagination, Table } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { formatMoney } from '../../catalogue/format'
import type { SheetRow } from '../api/sheets'
import type { SheetKind } from '../links'
import { truncateCarType, truncateRemark } from '../texts'
import styles from './Sheets.module.css'
import { Truncated } from './Truncated'

interface Props {
  kind: SheetKind
  rows: SheetRow[]
  total: number
  page: number
  loading: boolean
  selectedId: string | null
  size: 'small' | 'middle'
  onSelect: (row: SheetRow) => void
  onPage: (page: number) => void
}

export function SheetList({ kind, rows, total, page, loading, selectedId, size, onSelect, onPage }: Props) {
  const columns: ColumnsType<SheetRow> = [
    {
      title: '单号',
      key: 'order',
      width: 148,
      render: (_, row) => (
        <>
          <div className={styles.orderId}>{row.OrderId}</div>
          <div className={styles.sub}>{row.CreateTime}</div>
        </>
      ),
    },
    {
      title: kind === 'quote' ? '车辆 / 客户' : '供应商 / 车辆',
      key: 'vehicle',
      render: (_, row) => {
        const plate = row.carNo || <span className={styles.sub}>无车牌</span>
        return (
          <>
            <div className={styles.oneLine}>
              {kind === 'quote' ? plate : row.ClientName}
              {kind === 'quote' && row.ClientName && <span className={styles.sub}> · {row.ClientName}</span>}
              {kind === 'purchase' && row.carNo && <span className={styles.sub}> · {row.carNo}</span>}
            </div>
            {row.carType && (
              <div className={styles.sub} data-testid="list-car-type">
                <Truncated text={row.carType} cut={(t) => truncateCarType(kind, t)} />
              </div>
            )}
          </>
        )
      },
    },
    {
      title: kind === 'quote' ? '类型' : '备注',
      dataIndex: 'remark',
      width: 76,
      render: (remark: string) => <Truncated text={remark} cut={truncateRemark} />,
    },
    {
      title: '金额',
      dataIndex: 'total_Money',
      width: 104,
      align: 'right',
      render: (money: number) => <span className={styles.money}>{formatMoney(money)}</span>,
    },
  ]

  return (
    <div data-testid="sheet-list">
      <Table<SheetRow>
        size={size}
        rowKey="OrderId"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        locale={{ emptyText: SheetMessages.listEmpty }}
        rowClassName={(row) => (row.OrderId === selectedId ? styles.selectedRow : styles.row) ?? ''}
        onRow={(row) => ({
          onClick: () => onSelect(row),
          'aria-selected': row.OrderId === selectedId,
        })}
      />
      <div className={styles.pager}>
        <Pagination
          size="small"
          current={page}
          pageSize={SHEET_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          showTotal={(n) => `共有 ${n} 条记录`}
          onChange={onPage}
          hideOnSinglePage={false}
        />
      </div>
    </div>
  )
}
