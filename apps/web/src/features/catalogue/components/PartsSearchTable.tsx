// The batch part-code answer as one dense table: code as typed, part, 4S price, substitutes and stock in
// the ten warehouses; inside a desktop host also the dealer's own stock and price. Rows that are not a part
// (several candidates, not found) span the part columns.
import type { PartsQueryRow } from '@epc/shared'
import { Table } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useDisplaySize } from '../../../lib/display-size'
import { formatMoney } from '../../../lib/format'
import { useRowsInSteps } from '../../../lib/use-rows-in-steps'
import { HostStockCell, useInHost } from '../../host-bridge'
import { isPartHit } from '../part-codes'
import { pendingPart } from '../pending-part'
import { AddToSheetMenu } from './AddToSheet'
import styles from './PartsSearch.module.css'
import {
  PartsSearchNumber,
  PartsSearchStatusNote,
  PartsSearchSubstitutes,
  stockColumns,
} from './PartsSearchCells'

interface Props {
  rows: PartsQueryRow[]
  loading: boolean
  onOpen: (number: string) => void
  onPick: (input: string, candidate: string) => void
  /** The quantity a pasted list gave a row's code: shown, and carried to a sheet. */
  quantityOf?: (row: PartsQueryRow) => number | undefined
}

// The columns after the part number that a non-part row's message spans: name, price, substitutes and the
// ten warehouses (not the total, which is pinned to the right edge), and the host's two inside a host.
const SPANNED = 13

export function PartsSearchTable({ rows, loading, onOpen, onPick, quantityOf }: Props) {
  const large = useDisplaySize() === 'large'
  const inHost = useInHost()
  const shown = useRowsInSteps(rows)
  const hostColumns: ColumnsType<PartsQueryRow> = inHost
    ? (['stock', 'price'] as const).map((show) => ({
        title: show === 'stock' ? '本店库存' : '本店售价',
        key: `host-${show}`,
        width: show === 'stock' ? 76 : 88,
        align: 'right' as const,
        onCell: (row: PartsQueryRow) => ({ colSpan: isPartHit(row) ? 1 : 0 }),
        render: (_: unknown, row: PartsQueryRow) =>
          isPartHit(row) ? <HostStockCell partNumber={row.disp_number} show={show} /> : null,
      }))
    : []
  // Below 1440 px the typed code gets no column of its own, so the ten warehouses fit without scrolling: a
  // found part's number is what was typed, and the other statuses name the typed code in their note.
  const inputColumn: ColumnsType<PartsQueryRow> = large
    ? [
        {
          title: '输入编码',
          dataIndex: 'input',
          width: 130,
          render: (v: string) => <span className={styles.mono}>{v}</span>,
        },
      ]
    : []
  const columns: ColumnsType<PartsQueryRow> = [
    {
      title: '序号',
      key: 'index',
      width: large ? 52 : 46,
      align: 'center',
      render: (_, __, i) => i + 1,
    },
    ...inputColumn,
    {
      // Two lines below 1440 px, where the column is narrower than its heading.
      title: large ? (
        '配件编号'
      ) : (
        <>
          配件编号 /<br />
          输入编码
        </>
      ),
      key: 'number',
      width: large ? 176 : 140,
      onCell: (row) => ({ colSpan: isPartHit(row) ? 1 : SPANNED + hostColumns.length + 1 }),
      render: (_, row) =>
        isPartHit(row) ? (
          <>
            <PartsSearchNumber hit={row} onOpen={onOpen} />
            {quantityOf?.(row) && (
              <span className={styles.quantity} title="清单中的数量" data-testid="row-quantity">
                ×{quantityOf(row)}
              </span>
            )}
            <PartsSearchStatusNote row={row} onPick={onPick} />
          </>
        ) : (
          <>
            {!large && row.status === 'none' && <span className={styles.missingInput}>{row.input}</span>}
            <PartsSearchStatusNote row={row} onPick={onPick} />
          </>
        ),
    },
    {
      title: '配件名称',
      key: 'name',
      width: large ? 140 : 96,
      onCell: (row) => ({ colSpan: isPartHit(row) ? 1 : 0 }),
      render: (_, row) =>
        isPartHit(row) ? (
          // CSS cuts the name, the browser's own tooltip shows it whole: antd's measured ellipsis lays each
          // row out once more, a tenth of the time 50 rows take to appear.
          <span
            className={styles.partName}
            title={row.remark ? `${row.part_name_cn}（${row.remark}）` : row.part_name_cn}
          >
            {row.part_name_cn}
          </span>
        ) : null,
    },
    {
      title: '4S价格',
      key: 'price',
      width: large ? 100 : 92,
      align: 'right',
      onCell: (row) => ({ colSpan: isPartHit(row) ? 1 : 0 }),
      render: (_, row) =>
        isPartHit(row) ? <span className={styles.price}>{formatMoney(row.price)}</span> : null,
    },
    ...hostColumns,
    {
      title: '互换件',
      key: 'substitutes',
      width: large ? 64 : 62,
      align: 'center',
      onCell: (row) => ({ colSpan: isPartHit(row) ? 1 : 0 }),
      render: (_, row) => (isPartHit(row) ? <PartsSearchSubstitutes hit={row} onOpen={onOpen} /> : null),
    },
    ...stockColumns<PartsQueryRow>(large ? 52 : 45).map((c) => spanAway(c)),
    // 加入 takes 32 px; below 1440 px the number and name columns gave them up, so the ten warehouses still fit.
    {
      title: '',
      key: 'add',
      width: 32,
      align: 'center',
      fixed: 'right',
      onCell: () => ({ style: { paddingInline: 4 } }),
      render: (_, row) =>
        isPartHit(row) ? (
          <AddToSheetMenu part={pendingPart({ ...row, quantity: quantityOf?.(row) })} />
        ) : null,
    },
  ]

  // antd passes data-* attributes to its inner <table>, which a sticky header splits in two.
  return (
    <div data-testid="parts-result">
      <Table<PartsQueryRow>
        className={styles.table}
        size={large ? 'middle' : 'small'}
        bordered
        sticky
        loading={loading}
        rowKey={(row, i) => `${i}-${row.input}`}
        columns={columns}
        dataSource={shown}
        pagination={false}
        tableLayout="fixed"
        scroll={{ x: totalWidth(columns) }}
        rowClassName={rowClass}
        locale={{ emptyText: '抱歉，暂无数据' }}
      />
    </div>
  )
}

/** The columns' widths added up: the table scrolls only when the screen is narrower than that. */
function totalWidth(columns: ColumnsType<PartsQueryRow>): number {
  return columns.reduce(
    (sum, c) => sum + ('children' in c && c.children ? totalWidth(c.children) : Number(c.width ?? 0)),
    0,
  )
}

function rowClass(row: PartsQueryRow): string {
  if (isPartHit(row)) return (row.sales_banned && styles.bannedRow) || ''
  return (row.status === 'none' && styles.missingRow) || ''
}

/** A stock column (or group) hidden under a non-part row's spanning message. */
function spanAway(column: ColumnsType<PartsQueryRow>[number]): ColumnsType<PartsQueryRow>[number] {
  if (column.fixed) return column
  if ('children' in column && column.children) {
    return { ...column, children: column.children.map(spanAway) }
  }
  return { ...column, onCell: (row) => ({ colSpan: isPartHit(row) ? 1 : 0 }) }
}
