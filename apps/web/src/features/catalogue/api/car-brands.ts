// /api/epc/carbrands (free): brands grouped by initial letter.
import type { BrandInitial } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { CATALOGUE_STALE_MS, fetchCatalogue } from './fetch-catalogue'
import { catalogueKeys } from './keys'

export const fetchCarBrands = () => fetchCatalogue<BrandInitial[]>('/api/epc/carbrands')

export const carBrandsQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.carBrands(),
    queryFn: fetchCarBrands,
    staleTime: CATALOGUE_STALE_MS,
  })

export const useCarBrands = () => useQuery(carBrandsQuery())
