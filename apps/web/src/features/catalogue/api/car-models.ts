// /api/epc/carmodels (free): the models of a series, optionally of one year; /api/epc/carmodel (free):
// one model's record by its code.
import type { CarInfo } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { CATALOGUE_STALE_MS, fetchCatalogue } from './fetch-catalogue'
import { catalogueKeys } from './keys'

export const fetchCarModels = (seriesNumber: string, year?: number) =>
  fetchCatalogue<CarInfo[]>(
    '/api/epc/carmodels',
    year === undefined ? { series_number: seriesNumber } : { series_number: seriesNumber, year },
  )

export const carModelsQuery = (seriesNumber: string | null, year?: number) =>
  queryOptions({
    queryKey: catalogueKeys.carModels(seriesNumber, year),
    queryFn: () => fetchCarModels(seriesNumber ?? '', year),
    enabled: !!seriesNumber,
    staleTime: CATALOGUE_STALE_MS,
  })

export const useCarModels = (seriesNumber: string | null, year?: number) =>
  useQuery(carModelsQuery(seriesNumber, year))

/** One model's record; asked only when no look-up has answered it (a page opened from a link). */
export const useCarModel = (modelCode: string | null, enabled = true) =>
  useQuery({
    queryKey: catalogueKeys.carModel(modelCode),
    queryFn: () => fetchCatalogue<CarInfo>('/api/epc/carmodel', { ModelId: modelCode }),
    enabled: !!modelCode && enabled,
    staleTime: CATALOGUE_STALE_MS,
  })
