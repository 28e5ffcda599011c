// /api/author/get4spricelist: the latest dealer price of each price type the company reported for a part,
// shown in the part detail as 店端4S价 with its date.
import type { DealerPrice } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { hostBridgeKeys } from './keys'

export const fetchDealerPrices = (partNumber: string) =>
  api.post<DealerPrice[]>('/api/author/get4spricelist', { partNumber })

export const dealerPricesQuery = (partNumber: string | null) =>
  queryOptions({
    queryKey: hostBridgeKeys.dealerPrices(partNumber ?? ''),
    queryFn: () => fetchDealerPrices(partNumber ?? ''),
    enabled: !!partNumber,
    staleTime: 60_000,
  })

export const useDealerPrices = (partNumber: string | null) => useQuery(dealerPricesQuery(partNumber))
