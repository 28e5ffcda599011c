// /api/epc/vinquery: decode a VIN and find its model(s); also kept in the account's VIN history.
import type { VinQueryAnswer } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { enabledUnlessJustFailed } from '../../../lib/just-failed'
import { fetchCatalogue } from './fetch-catalogue'
import { catalogueKeys } from './keys'

export const fetchVinQuery = (vin: string) =>
  fetchCatalogue<VinQueryAnswer>('/api/epc/vinquery', { VIN: vin })

export const vinQueryOptions = (vin: string) =>
  queryOptions({
    queryKey: catalogueKeys.vinQuery(vin),
    queryFn: () => fetchVinQuery(vin),
    staleTime: 60_000,
  })

export const useVinQuery = (vin: string | null) =>
  useQuery({ ...vinQueryOptions(vin ?? ''), enabled: enabledUnlessJustFailed(!!vin) })
