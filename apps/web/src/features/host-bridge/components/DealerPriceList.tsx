// 店端4S价: the latest dealer price of each price type the company's host reported for a part
// (useDealerPrices), with the time it was reported. Nothing when the company never reported one.
import type { DealerPrice } from '@epc/shared'
import { Space, Typography } from 'antd'
import { formatMoney } from '../../../lib/format'

export function DealerPriceList({ prices }: { prices: DealerPrice[] }) {
  if (!prices.length) return null
  return (
    <Space orientation="vertical" size={2} data-testid="dealer-prices">
      {prices.map((p) => (
        <span key={p.pb}>
          <Typography.Text strong style={{ color: '#d46b08' }}>
            {formatMoney(p.sale_price)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
            {p.name} · {p.ReportTime} 上报
          </Typography.Text>
        </span>
      ))}
    </Space>
  )
}
