// /api/epc/carmodels (free): the models of a series, optionally of one year.
import type { CarInfo } from '@epc/shared'
import { useQuery } from '@tanstack/react-query'
import { CATALOGUE_STALE_MS, lookup } from './lookup'

export const carModels = (seriesNumber: string, year?: number) =>
  lookup<CarInfo[]>(
    '/api/epc/carmodels',
    year === undefined ? { series_number: seriesNumber } : { series_number: seriesNumber, year },
  )

export const useCarModels = (seriesNumber: string | null, year?: number) =>
  useQuery({
    queryKey: ['carmodels', seriesNumber, year],
    queryFn: () => carModels(seriesNumber ?? '', year),
    enabled: !!seriesNumber,
    staleTime: CATALOGUE_STALE_MS,
  })
