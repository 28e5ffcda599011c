// Every query key of the host bridge: the host itself, its look-ups, and the dealer prices read back.
export const hostBridgeKeys = {
  all: ['host-bridge'] as const,
  host: () => [...hostBridgeKeys.all, 'host'] as const,
  stock: (partNumber: string, make: string) => [...hostBridgeKeys.all, 'stock', partNumber, make] as const,
  vehicle: (vin: string) => [...hostBridgeKeys.all, 'vehicle', vin] as const,
  dealerPrices: (partNumber: string) => [...hostBridgeKeys.all, 'dealerPrices', partNumber] as const,
}
