// The selected sheet's lines with a total row (2 decimals, summed in fen as the server does): change a line
// (double-click or 修改) and remove it (with a confirm); quotation lines can be ticked for 生成采购单.
import type { SheetKind } from '@epc/shared'
import { Table, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { type Key, memo, useCallback, useMemo } from 'react'
import { formatMoney } from '../../../lib/format'
import { HoverTooltip, LinkButton, renderLightSelection } from '../../../lib/light-controls'
import { LoadFailed } from '../../../lib/load-failed'
import { useSession } from '../../../lib/session'
import { useRowsInSteps } from '../../../lib/use-rows-in-steps'
import { useSideScroll } from '../../../lib/use-side-scroll'
import { maySeeDealerPurchasePrice } from '../../host-bridge'
import { SHEET_TEXTS } from '../texts'
import { linesTotal } from '../totals'
import type { SheetLine } from '../types'
import styles from './Sheets.module.css'

interface Props {
  kind: SheetKind
  lines: SheetLine[]
  loading: boolean
  /** The lines could not be read: the table says so and offers to read them again, not that there are none. */
  failed: boolean
  onRetry: () => void
  size: 'small' | 'middle'
  selectedIds: number[]
  onSelectIds: (ids: number[]) => void
  onEdit: (line: SheetLine) => void
  onDelete: (line: SheetLine) => void
}

// Memoised, with stable props from the screen: choosing another sheet in the list renders the screen again,
// and antd's Table draws every one of up to 100 lines on each of its renders.
export const SheetLines = memo(function SheetLines({
  kind,
  lines,
  loading,
  failed,
  onRetry,
  size,
  selectedIds,
  onSelectIds,
  onEdit,
  onDelete,
}: Props) {
  const quote = kind === 'quote'
  const seesPurchase = maySeeDealerPurchasePrice(useSession((s) => s.info))
  const total = linesTotal(lines)
  // One sheet's lines are one list (every line carries its sheet's number).
  const shown = useRowsInSteps(lines, lines[0]?.OrderId)
  const { box, scroll } = useSideScroll<HTMLDivElement>(quote ? 840 : 700)
  const columns = useMemo(
    () => lineColumns(kind, seesPurchase, onEdit, onDelete),
    [kind, seesPurchase, onEdit, onDelete],
  )
  const rowSelection = useMemo(
    () =>
      quote
        ? {
            selectedRowKeys: selectedIds,
            onChange: (keys: Key[]) => onSelectIds(keys.map(Number)),
            columnWidth: 40,
            renderCell: renderLightSelection,
          }
        : undefined,
    [quote, selectedIds, onSelectIds],
  )
  const onRow = useCallback((line: SheetLine) => ({ onDoubleClick: () => onEdit(line) }), [onEdit])
  const locale = useMemo(
    () =>
      failed
        ? { emptyText: <LoadFailed text="配件明细加载失败，请检查网络后重试" onRetry={onRetry} /> }
        : LOCALE,
    [failed, onRetry],
  )

  return (
    <div ref={box}>
      <Table<SheetLine>
        data-testid="sheet-lines"
        size={size}
        rowKey="Id"
        columns={columns}
        dataSource={shown}
        loading={loading}
        pagination={false}
        scroll={scroll}
        locale={locale}
        rowSelection={rowSelection}
        onRow={onRow}
        summary={() =>
          lines.length ? (
            <Table.Summary fixed>
              <Table.Summary.Row className={styles.summary}>
                <Table.Summary.Cell index={0} colSpan={quote ? 4 : 3}>
                  合计 {lines.length} 项
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <span data-testid="sheet-amount">{total.amount}</span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} />
                <Table.Summary.Cell index={3} align="right">
                  <span className={styles.total} data-testid="sheet-total">
                    {formatMoney(total.money)}
                  </span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} colSpan={quote ? 3 : 2} />
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </div>
  )
})

const LOCALE = { emptyText: '暂无配件，点击「添加配件」或按 F2 添加' }

function lineColumns(
  kind: SheetKind,
  seesPurchase: boolean,
  onEdit: Props['onEdit'],
  onDelete: Props['onDelete'],
): ColumnsType<SheetLine> {
  const quote = kind === 'quote'
  return [
    // The table's layout is automatic: squeezed into a narrow card, a two-character title would break.
    {
      title: <span className={styles.nowrap}>序号</span>,
      key: 'no',
      width: 44,
      align: 'center',
      render: (_, _l, i) => i + 1,
    },
    {
      title: '配件编码',
      dataIndex: 'part_number',
      width: 136,
      render: (number: string, line) => (
        <>
          <span className={styles.partNumber}>{number}</span>
          {line.replacedBy && (
            // Said under the number, not in a tooltip: whoever orders the part must see it.
            <div className={styles.replaced} data-testid="line-replaced">
              已替换为 <span className={styles.partNumber}>{line.replacedBy}</span>
            </div>
          )}
        </>
      ),
    },
    {
      title: '配件名称',
      dataIndex: 'part_name',
      render: (name: string, line) => (
        <span className={styles.name}>
          <span className={styles.oneLine} title={name}>
            {name}
          </span>
          {line.addedAgain && (
            <HoverTooltip title="该编码已在单中，经确认再次添加">
              <Tag color="orange" className={styles.duplicate} data-testid="line-flag">
                重复
              </Tag>
            </HoverTooltip>
          )}
        </span>
      ),
    },
    { title: '数量', dataIndex: 'Amount', width: 64, align: 'right' },
    {
      title: SHEET_TEXTS[kind].price.label,
      key: 'price',
      width: 100,
      align: 'right',
      render: (_, line) => formatMoney(line.price),
    },
    {
      title: '金额',
      dataIndex: 'money',
      width: 112,
      align: 'right',
      render: (money: number) => <span className={styles.money}>{formatMoney(money)}</span>,
    },
    {
      title: '库存',
      dataIndex: 'available_stock',
      width: 64,
      align: 'right',
      render: (stock: number, line) =>
        line.area_stock ? (
          <HoverTooltip title={line.area_stock}>
            <span className={styles.dotted}>{stock}</span>
          </HoverTooltip>
        ) : (
          stock
        ),
    },
    ...(quote && seesPurchase
      ? [
          {
            title: '进价',
            dataIndex: 'purchase_price',
            width: 96,
            align: 'right' as const,
            render: (price: number | null) => (price === null ? '-' : formatMoney(price)),
          },
        ]
      : []),
    {
      title: '操作',
      key: 'actions',
      width: 92,
      align: 'center',
      render: (_, line) => (
        <span className={styles.actions}>
          <LinkButton onClick={() => onEdit(line)}>修改</LinkButton>
          <LinkButton danger onClick={() => onDelete(line)}>
            删除
          </LinkButton>
        </span>
      ),
    },
  ]
}
