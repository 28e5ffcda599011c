// /api/epc/carseries (free): a brand's series with their model years.
import type { SeriesEntry } from '@epc/shared'
import { useQuery } from '@tanstack/react-query'
import { CATALOGUE_STALE_MS, lookup } from './lookup'

export const carSeries = (brandNumber: string) =>
  lookup<SeriesEntry[]>('/api/epc/carseries', { brand_number: brandNumber })

export const useCarSeries = (brandNumber: string | null) =>
  useQuery({
    queryKey: ['carseries', brandNumber],
    queryFn: () => carSeries(brandNumber ?? ''),
    enabled: !!brandNumber,
    staleTime: CATALOGUE_STALE_MS,
  })
