// Pieces both smart-search result tables share: the part-number link, the money columns, the stock cell,
// the heading with count and total, and the table's total row.
import { Button, Table, Typography } from 'antd'
import type { ReactNode } from 'react'
import { formatMoney } from '../../../lib/format'

const mono = { fontFamily: 'Menlo, Consolas, monospace' }

export function SmartPartNumber({ number, onOpen }: { number: string; onOpen: (number: string) => void }) {
  return (
    <Button
      type="link"
      size="small"
      style={{ ...mono, padding: 0, height: 'auto' }}
      onClick={() => onOpen(number)}
    >
      {number}
    </Button>
  )
}

/** The 4S price and money columns, money marked for tests and totals. */
export function smartMoneyColumns(wide: boolean) {
  return [
    {
      title: '4S价',
      dataIndex: 'price',
      width: 110,
      align: 'right' as const,
      render: (v: number | null) => formatMoney(v),
    },
    {
      title: '金额',
      dataIndex: 'money',
      width: wide ? 120 : 104,
      align: 'right' as const,
      render: (v: number | null) => <span data-testid="money">{formatMoney(v)}</span>,
    },
  ]
}

export function SmartStock({ value }: { value: number }) {
  return value > 0 ? <span>{value}</span> : <Typography.Text type="danger">缺货</Typography.Text>
}

export function SmartResultHeader({
  title,
  note,
  count,
  total,
  extra,
}: {
  title: string
  note?: string
  count: number
  total: number
  extra?: ReactNode
}) {
  return (
    <div style={{ display: 'flex', alignItems: 'baseline', gap: 12, flexWrap: 'wrap' }}>
      <Typography.Text strong style={{ fontSize: 16 }} data-testid="smart-result-title">
        {title}
      </Typography.Text>
      {note && <Typography.Text type="secondary">{note}</Typography.Text>}
      {extra}
      <span style={{ marginInlineStart: 'auto' }}>
        共 {count} 项，合计{' '}
        <Typography.Text strong style={{ color: '#d4380d', fontSize: 18 }} data-testid="smart-total">
          {formatMoney(total)}
        </Typography.Text>
      </span>
    </div>
  )
}

/**
 * The total under the money column; `span` is the number of columns before it. The table must see
 * <Table.Summary fixed> itself to pin it under a scrolling body, so the caller wraps this row in one.
 */
/** The table's fixed total row, once the list has items. */
export function smartTotalSummary(count: number, total: number) {
  return () =>
    count ? (
      <Table.Summary fixed>
        <Table.Summary.Row style={{ background: '#fafafa' }}>
          <Table.Summary.Cell index={0} colSpan={7} align="right">
            <strong>合计</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={7} align="right">
            <strong style={{ color: '#d4380d' }}>{formatMoney(total)}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={8} />
        </Table.Summary.Row>
      </Table.Summary>
    ) : null
}
