// What other features may use of the desktop host: whether the page runs in one, its stock of a part (shown
// and filled into sheet lines), the plate and model of a VIN, and the dealer prices reported back.
export { useDealerPrices } from './api/get-dealer-prices'
export type { HostStockAnswer } from './bridge'
export { DealerPriceList } from './components/DealerPriceList'
export { HostStockCell } from './components/HostStockCell'
export { HostStockPanel } from './components/HostStockPanel'
export { type HostFill, hostFill } from './fill'
export { hostStockQuery, hostVehicleQuery, useHostStock, useInHost } from './hooks/use-host'
export { maySeeDealerPurchasePrice } from './rights'
