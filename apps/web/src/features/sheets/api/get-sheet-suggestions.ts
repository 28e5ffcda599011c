// /api/epc/querypurchaseordermasterselectoption: past suppliers (Type 0) or past vehicles (Type 1) of the
// company's sheets, newest first, for the dialogs' suggestions.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { PastVehicle } from '../types'
import { sheetKeys } from './keys'

const SUGGESTIONS_STALE_MS = 30_000

function fetchSuggestions<T>(type: 0 | 1): Promise<T[]> {
  return api.post<T[]>('/api/epc/querypurchaseordermasterselectoption', { Type: type })
}

export const pastSuppliersQuery = () =>
  queryOptions({
    queryKey: sheetKeys.pastSuppliers(),
    queryFn: () => fetchSuggestions<{ ClientName: string }>(0),
    staleTime: SUGGESTIONS_STALE_MS,
  })

export const pastVehiclesQuery = () =>
  queryOptions({
    queryKey: sheetKeys.pastVehicles(),
    queryFn: () => fetchSuggestions<PastVehicle>(1),
    staleTime: SUGGESTIONS_STALE_MS,
  })

export const usePastSuppliers = (enabled: boolean) => useQuery({ ...pastSuppliersQuery(), enabled })

export const usePastVehicles = (enabled: boolean) => useQuery({ ...pastVehiclesQuery(), enabled })
