// The parts of one illustration: callout, number (copyable), name with remark, quantity, 4S price, stock,
// the replacement flag and 停售; rows of the selected callout are marked, hovering one points at its callout.
// An embedded catalogue shows the parts only: no sheets and no part detail there.
import { Button, Table, Tag, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useEffect, useRef } from 'react'
import { useDisplaySize } from '../../../lib/display-size'
import { embedded } from '../../../lib/embed'
import { formatMoney } from '../../../lib/format'
import type { CataloguePart } from '../api/illustration'
import { pendingPart } from '../pending-part'
import { AddToSheetMenu } from './AddToSheet'
import styles from './IllustrationPartsTable.module.css'

type Row = CataloguePart & { key: number }

function substitutesText(p: CataloguePart): string {
  if (p.replaced_by) return `已被 ${p.replaced_by} 替换`
  return p.substitutes > 0 ? `有 ${p.substitutes} 个互换件` : '有替换件'
}

/** 加入报价单/采购单 and 详情 of a row. */
function actionsColumn(onOpen: (index: number) => void): ColumnsType<Row>[number] {
  return {
    title: '',
    key: 'open',
    width: 80,
    align: 'center',
    render: (_v, p) => (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
        <AddToSheetMenu part={pendingPart(p)} />
        <Button
          type="link"
          size="small"
          style={{ paddingInline: 2 }}
          onClick={(e) => {
            e.stopPropagation()
            onOpen(p.key)
          }}
        >
          详情
        </Button>
      </span>
    ),
  }
}

export function IllustrationPartsTable({
  parts,
  selectedIndex,
  loading,
  onSelect,
  onHover,
  onOpen,
}: {
  parts: CataloguePart[]
  selectedIndex: number
  loading: boolean
  onSelect: (index: number) => void
  onHover: (callout: number | null) => void
  onOpen: (index: number) => void
}) {
  const size = useDisplaySize()
  const wrap = useRef<HTMLDivElement>(null)
  // The selected row stays in view, whether a callout click or the arrow keys picked it.
  useEffect(() => {
    if (selectedIndex < 0) return
    wrap.current?.querySelector(`tr[data-row-key="${selectedIndex}"]`)?.scrollIntoView({ block: 'nearest' })
  }, [selectedIndex])
  const rows: Row[] = parts.map((p, i) => ({ ...p, key: i }))
  const selectedCallout = parts[selectedIndex]?.callout ?? null
  const narrow = size === 'large' ? 68 : 52
  return (
    <div className={styles.wrap} ref={wrap}>
      <Table<Row>
        data-testid="illustration-parts"
        size={size}
        loading={loading}
        dataSource={rows}
        pagination={false}
        sticky={{ getContainer: () => wrap.current ?? window }}
        locale={{ emptyText: '抱歉，暂无数据' }}
        rowClassName={(r) =>
          (r.key === selectedIndex
            ? styles.selected
            : r.callout === selectedCallout
              ? styles.sameCallout
              : '') ?? ''
        }
        onRow={(r) => ({
          // The row the drawing and the keys point at: current, not a selection (a plain table has none).
          'aria-current': r.key === selectedIndex ? 'true' : undefined,
          onClick: () => onSelect(r.key),
          onDoubleClick: () => onOpen(r.key),
          onMouseEnter: () => onHover(r.callout),
          onMouseLeave: () => onHover(null),
        })}
        columns={[
          { title: '位置', dataIndex: 'callout', width: narrow, align: 'center' },
          {
            title: '零件号',
            dataIndex: 'disp_number',
            // The actions column grew by 24 px for the add menu; wide screens take 16 of them from here.
            width: size === 'large' ? 164 : 140,
            render: (v: string) => (
              <Typography.Text
                className={styles.number}
                copyable={{ text: v, tooltips: ['复制', '已复制'] }}
                onClick={(e) => e.stopPropagation()}
              >
                {v}
              </Typography.Text>
            ),
          },
          {
            title: '名称',
            dataIndex: 'part_name_cn',
            minWidth: 140,
            render: (v: string, p) => (
              <div>
                <span>{v}</span>
                {p.sales_banned && (
                  <Tag color="red" className={styles.tag}>
                    停售
                  </Tag>
                )}
                {p.hasSubstitutes && (
                  <Tooltip title={substitutesText(p)}>
                    <Tag color="blue" className={styles.tag}>
                      替
                    </Tag>
                  </Tooltip>
                )}
                {(p.remark || p.note) && (
                  <div className={styles.remark}>{[p.note, p.remark].filter(Boolean).join('；')}</div>
                )}
              </div>
            ),
          },
          { title: '用量', dataIndex: 'quantity', width: narrow, align: 'center' },
          {
            title: '4S价',
            dataIndex: 'price',
            width: size === 'large' ? 110 : 92,
            align: 'right',
            render: (v: number | null) => <span className={styles.price}>{formatMoney(v)}</span>,
          },
          {
            title: '库存',
            dataIndex: 'stock_total',
            width: narrow + 4,
            align: 'right',
            render: (v: number) => (v > 0 ? v : <span className={styles.none}>0</span>),
          },
          ...(embedded ? [] : [actionsColumn(onOpen)]),
        ]}
      />
    </div>
  )
}
