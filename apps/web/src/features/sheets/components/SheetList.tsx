// The paged list of sheets (10 a page, 共有 N 条记录): number and time, vehicle, customer or supplier,
// type or note and total; the selected sheet is highlighted. It is a grid to the keyboard: Tab reaches the
// selected row (or the first), the arrow keys, Home and End move between rows, Enter or Space selects. An
// empty list says 抱歉，暂无数据; a list that failed to load also offers to load it again.
import { SHEET_PAGE_SIZE, type SheetKind, SheetMessages } from '@epc/shared'
import { Button, Pagination, Table } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { type HTMLAttributes, type KeyboardEvent, useMemo } from 'react'
import { formatMoney } from '../../../lib/format'
import { SHEET_TEXTS, truncateCarType, truncateRemark } from '../texts'
import type { SheetRow } from '../types'
import styles from './Sheets.module.css'
import { Truncated } from './Truncated'

interface Props {
  kind: SheetKind
  rows: SheetRow[]
  total: number
  page: number
  loading: boolean
  /** The last load failed: the list offers to load again. */
  failed: boolean
  onRetry: () => void
  selectedId: string | null
  size: 'small' | 'middle'
  onSelect: (row: SheetRow) => void
  /** A row is pressed: its selection is likely to follow. */
  onPress: (row: SheetRow) => void
  onPage: (page: number) => void
}

const MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowDown: (i, last) => Math.min(last, i + 1),
  ArrowUp: (i) => Math.max(0, i - 1),
  Home: () => 0,
  End: (_i, last) => last,
}

function onRowKey(event: KeyboardEvent<HTMLElement>, select: () => void) {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault()
    select()
    return
  }
  const move = MOVES[event.key]
  const rows = event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('tr[data-row-key]')
  if (!move || !rows?.length) return
  event.preventDefault()
  const at = Array.from(rows).indexOf(event.currentTarget)
  rows[move(at, rows.length - 1)]?.focus()
}

export function SheetList(props: Props) {
  const { kind, rows, total, page, loading, failed, onRetry, selectedId, size, onSelect, onPress, onPage } =
    props
  const label = `${SHEET_TEXTS[kind].name}列表`
  const components = useMemo(
    () => ({
      table: (attributes: HTMLAttributes<HTMLTableElement>) => (
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a table may be a grid (WAI-ARIA's data grid pattern); rows can then be selected.
        <table {...attributes} role="grid" aria-label={label} />
      ),
    }),
    [label],
  )
  // One row takes the Tab stop: the selected one when it is on this page.
  const tabStop = rows.some((r) => r.OrderId === selectedId) ? selectedId : rows[0]?.OrderId

  // The same columns for every render: choosing a sheet redraws the rows' marks, not their cells.
  const columns = useMemo(() => listColumns(kind), [kind])

  const empty = failed ? (
    <div className={styles.failed}>
      <span>{SheetMessages.listEmpty}</span>
      <Button size="small" onClick={onRetry}>
        重新加载
      </Button>
    </div>
  ) : (
    SheetMessages.listEmpty
  )

  return (
    <div data-testid="sheet-list">
      <Table<SheetRow>
        size={size}
        // Fixed: the vehicle (or supplier) column takes what the others leave and cuts a long name with an
        // ellipsis; laid out by content, a long supplier name pushed 金额 out of the card.
        tableLayout="fixed"
        rowKey="OrderId"
        columns={columns}
        components={components}
        dataSource={rows}
        loading={loading}
        pagination={false}
        locale={{ emptyText: empty }}
        rowClassName={(row) => (row.OrderId === selectedId ? styles.selectedRow : styles.row) ?? ''}
        onRow={(row) => ({
          role: 'row',
          tabIndex: row.OrderId === tabStop ? 0 : -1,
          'aria-selected': row.OrderId === selectedId,
          onPointerDown: () => onPress(row),
          onClick: () => onSelect(row),
          onKeyDown: (event) => onRowKey(event, () => onSelect(row)),
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

function listColumns(kind: SheetKind): ColumnsType<SheetRow> {
  return [
    {
      title: '单号',
      key: 'order',
      width: 144,
      render: (_, row) => (
        <>
          <div className={styles.orderId}>{row.OrderId}</div>
          <div className={`${styles.sub} ${styles.nowrap}`}>{row.CreateTime}</div>
        </>
      ),
    },
    {
      title: kind === 'quote' ? '车辆 / 客户' : '供应商 / 车辆',
      key: 'vehicle',
      render: (_, row) => {
        const plate = row.carNo || <span className={styles.sub}>无车牌</span>
        // Cut with an ellipsis in a narrow list: the whole line shows on hover.
        const line =
          kind === 'quote'
            ? [row.carNo || '无车牌', row.ClientName].filter(Boolean).join(' · ')
            : [row.ClientName, row.carNo].filter(Boolean).join(' · ')
        return (
          <>
            <div className={styles.oneLine} title={line}>
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
      width: 68,
      render: (remark: string) => <Truncated text={remark} cut={truncateRemark} />,
    },
    {
      title: '金额',
      dataIndex: 'total_Money',
      width: 100,
      align: 'right',
      render: (money: number) => <span className={styles.money}>{formatMoney(money)}</span>,
    },
  ]
}
