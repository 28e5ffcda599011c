// One part-code answer as a card (the single-code screen): the part with its 4S price, what the status
// means, the substitutes and the stock per warehouse, and inside a desktop host the dealer's own stock;
// candidates or 未找到该编码 when there is no one part.
import type { PartsQueryRow } from '@epc/shared'
import { Alert, Card, Descriptions, Empty, Table, Tag } from 'antd'
import { useDisplaySize } from '../../../lib/display-size'
import { formatMoney } from '../../../lib/format'
import { HostStockPanel, useInHost } from '../../host-bridge'
import { isPartHit, type PartsSearchHit } from '../part-codes'
import { pendingPart } from '../pending-part'
import { AddToSheetButtons } from './AddToSheet'
import styles from './PartsSearch.module.css'
import { NOT_FOUND, PartsSearchNumber, PartsSearchStatusNote, stockColumns } from './PartsSearchCells'

interface Props {
  row: PartsQueryRow
  onOpen: (number: string) => void
  onPick: (input: string, candidate: string) => void
}

export function PartsSearchResultCard({ row, onOpen, onPick }: Props) {
  const size = useDisplaySize()
  const inHost = useInHost()
  if (row.status === 'none') {
    return (
      <Card data-testid="parts-result-card">
        <Empty
          description={
            <span>
              <span className={styles.mono}>{row.input}</span>：{NOT_FOUND}
            </span>
          }
        />
      </Card>
    )
  }
  if (!isPartHit(row)) {
    return (
      <Card data-testid="parts-result-card">
        <PartsSearchStatusNote row={row} onPick={onPick} />
      </Card>
    )
  }
  return (
    <Card
      data-testid="parts-result-card"
      className={`${styles.card} ${row.sales_banned ? styles.bannedCard : ''}`}
      title={
        <div className={styles.cardHead}>
          <PartsSearchNumber hit={row} onOpen={onOpen} />
          <span className={styles.cardName}>{row.part_name_cn}</span>
          <span className={styles.cardPrice} title="4S价格">
            {formatMoney(row.price)}
          </span>
          <AddToSheetButtons part={pendingPart(row)} />
        </div>
      }
    >
      {row.status !== 'found' && (
        <Alert
          type={row.status === 'superseded' ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 12 }}
          title={<PartsSearchStatusNote row={row} onPick={onPick} />}
        />
      )}
      <Descriptions bordered size={size === 'large' ? 'middle' : 'small'} column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label="输入编码">
          <span className={styles.mono}>{row.input}</span>
        </Descriptions.Item>
        <Descriptions.Item label="通用名称">{row.generic_name || '-'}</Descriptions.Item>
        <Descriptions.Item label="备注">{row.remark || '-'}</Descriptions.Item>
        <Descriptions.Item label={`互换件（${row.substitutes.length}）`} span="filled">
          <Substitutes hit={row} onOpen={onOpen} />
        </Descriptions.Item>
      </Descriptions>
      <Table<PartsSearchHit>
        style={{ marginTop: 16 }}
        className={styles.table}
        size="small"
        bordered
        rowKey="part_number"
        pagination={false}
        dataSource={[row]}
        columns={stockColumns<PartsSearchHit>(56)}
        scroll={{ x: 'max-content' }}
      />
      {inHost && (
        <div style={{ marginTop: 16 }}>
          <div className={styles.hostTitle}>本店库存（店端系统）</div>
          <HostStockPanel partNumber={row.disp_number} />
        </div>
      )}
    </Card>
  )
}

function Substitutes({ hit, onOpen }: { hit: PartsSearchHit; onOpen: (number: string) => void }) {
  if (!hit.substitutes.length) return <span className={styles.muted}>无</span>
  return (
    <div className={styles.substitutes}>
      {hit.substitutes.map((s) => (
        <div key={s.disp_number} className={styles.substitute}>
          <button type="button" className={styles.numberLink} onClick={() => onOpen(s.disp_number)}>
            {s.disp_number}
          </button>
          <span>{s.part_name_cn}</span>
          {s.note && <Tag>{s.note}</Tag>}
        </div>
      ))}
    </div>
  )
}
