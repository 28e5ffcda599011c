// The pieces both part-code screens show for an answer row: what the status means (replaced, prefix, several
// candidates, the numbers a code not found may have meant, not found), the substitutes popover and the stock per
// warehouse.
import type { PartsQueryRow } from '@epc/shared'
import { WAREHOUSES } from '@epc/shared'
import { Button, Popover, Space, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { isPartHit, type PartsSearchHit } from '../part-codes'
import styles from './PartsSearch.module.css'

export const NOT_FOUND = '未找到该编码'

/** The part number as a link that opens the part-detail drawer. */
export function PartsSearchNumber({
  hit,
  onOpen,
}: {
  hit: PartsSearchHit
  onOpen: (number: string) => void
}) {
  return (
    <span className={styles.number}>
      <button
        type="button"
        className={styles.numberLink}
        onClick={() => onOpen(hit.part_number)}
        title="查看配件详情"
      >
        {hit.disp_number}
      </button>
      {hit.sales_banned && <Tag color="red">停售</Tag>}
    </span>
  )
}

/** What a row's status says beyond the part itself; nothing for a plain find. */
export function PartsSearchStatusNote({
  row,
  onPick,
}: {
  row: PartsQueryRow
  onPick: (input: string, candidate: string) => void
}) {
  switch (row.status) {
    case 'superseded':
      return (
        <div className={`${styles.note} ${styles.superseded}`} data-testid="superseded-note">
          旧号 <span className={styles.mono}>{row.old_number}</span> 已替换为{' '}
          <span className={styles.mono}>{row.disp_number}</span>
        </div>
      )
    case 'prefix':
      return (
        <div className={styles.note}>
          <Tag color="blue">前缀匹配</Tag>
          按编码开头 <span className={styles.mono}>{row.input.trim()}</span> 匹配到唯一配件
        </div>
      )
    case 'several':
    case 'similar':
      return (
        <div className={styles.several} data-testid={`${row.status}-note`}>
          {row.status === 'several' ? (
            <span>
              编码 <span className={styles.mono}>{row.input.trim()}</span>{' '}
              {row.more
                ? `匹配到多个配件，以下为前 ${row.candidates.length} 个，可输入更完整的编码：`
                : `匹配到 ${row.candidates.length} 个配件，请选择：`}
            </span>
          ) : (
            <span>
              未找到编码 <span className={styles.mono}>{row.input.trim()}</span>，您是不是要找：
            </span>
          )}
          <Space size={[4, 4]} wrap>
            {row.candidates.map((c, i) => (
              <Button key={c} size="small" onClick={() => onPick(row.input, c)}>
                <span className={styles.mono}>{c}</span>
                {/* ?.: a server of the build before (during a rolling deploy) sends no names. */}
                {row.candidate_names?.[i] && (
                  <span className={styles.candidateName}>{row.candidate_names[i]}</span>
                )}
              </Button>
            ))}
          </Space>
        </div>
      )
    case 'none':
      return <Typography.Text type="secondary">{NOT_FOUND}</Typography.Text>
    default:
      return null
  }
}

/** The substitutes' count; hovering or clicking lists them, each opening its detail. */
export function PartsSearchSubstitutes({
  hit,
  onOpen,
}: {
  hit: PartsSearchHit
  onOpen: (number: string) => void
}) {
  if (!hit.substitutes.length) return <span className={styles.zero}>0</span>
  const list = (
    <div className={styles.substitutes}>
      {hit.substitutes.map((s) => (
        <div key={s.disp_number} className={styles.substitute}>
          <button type="button" className={styles.numberLink} onClick={() => onOpen(s.disp_number)}>
            {s.disp_number}
          </button>
          <span>{s.part_name_cn}</span>
          {s.note && <span className={styles.muted}>{s.note}</span>}
        </div>
      ))}
    </div>
  )
  return (
    <Popover content={list} title={`互换件（${hit.substitutes.length}）`} trigger={['hover', 'click']}>
      <Button type="link" size="small" data-testid="substitutes-count">
        {hit.substitutes.length}个
      </Button>
    </Popover>
  )
}

export function StockCount({ value }: { value: number | undefined }) {
  return value ? <span>{value}</span> : <span className={styles.zero}>0</span>
}

/** Columns for the ten warehouses, in the spec's order, then the total. */
export function stockColumns<T extends PartsQueryRow>(width: number): ColumnsType<T> {
  return [
    {
      title: '各仓库存',
      children: WAREHOUSES.map((w) => ({
        title: w.name,
        key: w.code,
        width,
        align: 'right' as const,
        render: (_: unknown, row: T) => (isPartHit(row) ? <StockCount value={row.stock[w.code]} /> : null),
      })),
    },
    {
      title: '合计',
      key: 'stock_total',
      width: width + 6,
      align: 'right',
      fixed: 'right',
      render: (_: unknown, row: T) =>
        isPartHit(row) ? (
          <strong className={row.stock_total ? undefined : styles.zero}>{row.stock_total}</strong>
        ) : null,
    },
  ]
}
