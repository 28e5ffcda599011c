// /api/epc/carseries (free): a brand's series with their model years.
import type { SeriesEntry } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { CATALOGUE_STALE_MS, fetchCatalogue } from './fetch-catalogue'
import { catalogueKeys } from './keys'

export const fetchCarSeries = (brandNumber: string) =>
  fetchCatalogue<SeriesEntry[]>('/api/epc/carseries', { brand_number: brandNumber })

export const carSeriesQuery = (brandNumber: string | null) =>
  queryOptions({
    queryKey: catalogueKeys.carSeries(brandNumber),
    queryFn: () => fetchCarSeries(brandNumber ?? ''),
    enabled: !!brandNumber,
    staleTime: CATALOGUE_STALE_MS,
  })

export const useCarSeries = (brandNumber: string | null) => useQuery(carSeriesQuery(brandNumber))
