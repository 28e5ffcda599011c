// The vehicle a catalogue screen is about: car name, year, engine, transmission and the VIN it was found by,
// with room on the right for the screen's own actions.
import type { CarInfo } from '@epc/shared'
import { Skeleton, Tag, Typography } from 'antd'
import type { ReactNode } from 'react'
import styles from './VehicleHeader.module.css'

export function VehicleHeader({
  model,
  vin,
  extra,
  children,
}: {
  model: CarInfo | undefined
  vin?: string | null
  extra?: ReactNode
  children?: ReactNode
}) {
  return (
    <div className={styles.bar} data-testid="vehicle-header">
      <div className={styles.info}>
        {model ? (
          <>
            <span className={styles.name}>{model.car_name}</span>
            <span className={styles.facts}>
              <Tag>{model.manufacturer_name || model.brand_name}</Tag>
              <span>{model.year}年</span>
              {model.engine && <span>发动机 {model.engine}</span>}
              {model.transmission && <span>{model.transmission}</span>}
              {vin && (
                <span>
                  VIN{' '}
                  <Typography.Text
                    copyable={{ text: vin, tooltips: ['复制', '已复制'] }}
                    className={styles.vin}
                  >
                    {vin}
                  </Typography.Text>
                </span>
              )}
            </span>
          </>
        ) : (
          <Skeleton.Input active size="small" style={{ width: 360 }} />
        )}
        {children}
      </div>
      {extra && <div className={styles.extra}>{extra}</div>}
    </div>
  )
}
