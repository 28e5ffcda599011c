// /api/epc/vinquery: decode a VIN and find its model(s); also kept in the account's VIN history.
import type { VinQueryAnswer } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookup } from './lookup'

export const vinQuery = (vin: string) => lookup<VinQueryAnswer>('/api/epc/vinquery', { VIN: vin })

export const vinQueryOptions = (vin: string) =>
  queryOptions({ queryKey: ['vinquery', vin], queryFn: () => vinQuery(vin), staleTime: 60_000 })

export const useVinQuery = (vin: string | null) => useQuery({ ...vinQueryOptions(vin ?? ''), enabled: !!vin })
