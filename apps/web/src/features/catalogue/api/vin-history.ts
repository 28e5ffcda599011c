// /api/epc/vinhistory: the account's recent VINs and the demo VINs to try.
import type { VinHistoryAnswer } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchCatalogue } from './fetch-catalogue'
import { catalogueKeys } from './keys'

export const fetchVinHistory = () => fetchCatalogue<VinHistoryAnswer>('/api/epc/vinhistory')

export const vinHistoryQuery = () =>
  queryOptions({ queryKey: catalogueKeys.vinHistory(), queryFn: fetchVinHistory })

export const useVinHistory = () => useQuery(vinHistoryQuery())
