// One cell of a part list inside a host: the dealer's own stock or sale price of that part (its own row,
// not a replacement's). Empty while the host is asked and when it knows nothing.
import { formatMoney } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { hostFill } from '../fill'
import { useHostStock } from '../hooks/use-host'
import { maySeeDealerPurchasePrice } from '../rights'

export function HostStockCell({ partNumber, show }: { partNumber: string; show: 'stock' | 'price' }) {
  const stock = useHostStock(partNumber)
  const fill = hostFill(stock.data, partNumber, maySeeDealerPurchasePrice(useSession((s) => s.info)))
  if (!fill) return <span style={{ color: '#bbb' }}>-</span>
  return (
    <span data-testid={`host-${show}-cell`}>
      {show === 'stock' ? fill.available_stock : formatMoney(fill.sale_price)}
    </span>
  )
}
