// /api/epc/partdetail: chain, substitutes, price lists, stock of the ten warehouses, fitting models.
import type { PartDetailAnswer } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchCatalogue } from './fetch-catalogue'
import { catalogueKeys } from './keys'

export const fetchPartDetail = (partNumber: string) =>
  fetchCatalogue<PartDetailAnswer>('/api/epc/partdetail', { part_number: partNumber })

export const partDetailQuery = (partNumber: string | null) =>
  queryOptions({
    queryKey: catalogueKeys.partDetail(partNumber),
    queryFn: () => fetchPartDetail(partNumber ?? ''),
    enabled: !!partNumber,
    staleTime: 60_000,
  })

export const usePartDetail = (partNumber: string | null) => useQuery(partDetailQuery(partNumber))
