// /api/epc/partsquery: up to 50 part codes; old numbers answer with their replacement.
import type { PartsQueryRow } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { enabledUnlessJustFailed } from '../../../lib/just-failed'
import { fetchCatalogue } from './fetch-catalogue'
import { catalogueKeys } from './keys'

export const fetchPartsQuery = (codes: string[]) =>
  fetchCatalogue<PartsQueryRow[]>('/api/epc/partsquery', { Codes: codes })

export const partsQueryQuery = (codes: string[]) =>
  queryOptions({
    queryKey: catalogueKeys.partsQuery(codes),
    queryFn: () => fetchPartsQuery(codes),
    enabled: enabledUnlessJustFailed(codes.length > 0),
    staleTime: 60_000,
  })

export const usePartsQuery = (codes: string[]) => useQuery(partsQueryQuery(codes))
