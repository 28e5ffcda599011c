// The header popover's list of the latest sheets of one kind: fetched when the popover opens, at most once
// per 6 seconds; a row opens that sheet in a new window, with the sheet selected.
import { type SheetKind, SheetMessages } from '@epc/shared'
import { Button, Empty, Spin } from 'antd'
import { formatMoney } from '../../../lib/format'
import { useLatestSheets } from '../api/get-sheet-page'
import { openSheet, openSheetWindow } from '../links'
import { SHEET_TEXTS, truncateCarType } from '../texts'
import styles from './LatestSheets.module.css'

export function LatestSheets({ kind, open }: { kind: SheetKind; open: boolean }) {
  const texts = SHEET_TEXTS[kind]
  const latest = useLatestSheets(kind, open)
  const rows = latest.data?.rows ?? []
  return (
    <div className={styles.box} data-testid={`latest-${kind}`}>
      <div className={styles.head}>
        <span className={styles.title}>最新{texts.name}</span>
        <span className={styles.count}>共有 {latest.data?.total ?? 0} 条记录</span>
        <span className={styles.spacer} />
        <Button type="link" size="small" onClick={() => openSheetWindow(kind)}>
          打开{texts.name} →
        </Button>
      </div>
      <Spin spinning={latest.isFetching && !rows.length}>
        {rows.length ? (
          <ul className={styles.list}>
            {rows.map((row) => (
              <li key={row.OrderId}>
                <button type="button" className={styles.row} onClick={() => openSheet(kind, row.OrderId)}>
                  <span className={styles.order}>{row.OrderId}</span>
                  <span className={styles.who}>
                    {kind === 'quote' ? row.carNo || row.ClientName || '-' : row.ClientName}
                  </span>
                  <span className={styles.car} title={row.carType}>
                    {truncateCarType(kind, row.carType) || '-'}
                  </span>
                  <span className={styles.money}>{formatMoney(row.total_Money)}</span>
                  <span className={styles.time}>{row.CreateTime.slice(5, 16)}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={latest.isFetching ? '正在加载…' : SheetMessages.listEmpty}
          />
        )}
      </Spin>
    </div>
  )
}
