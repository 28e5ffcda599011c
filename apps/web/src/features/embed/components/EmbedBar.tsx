// The embedded catalogue's only chrome: a thin bar with the customer's company, the VIN and who provides it.
import type { EmbedSession } from '@epc/shared'
import { BRAND_NAME } from '../../../config/brand'
import styles from './EmbedBar.module.css'

export function EmbedBar({ session }: { session: EmbedSession }) {
  return (
    <div className={styles.bar} data-testid="embed-bar">
      <span className={styles.company}>{session.CompanyName}</span>
      <span>
        VIN <span className={styles.vin}>{session.Vin}</span>
      </span>
      <span className={styles.note}>{BRAND_NAME} 提供</span>
    </div>
  )
}
