// /api/epc/accident: the parts of the chosen collision zones, priced, with a total.
import type { AccidentAnswer } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchCatalogue } from './fetch-catalogue'
import { catalogueKeys } from './keys'

export const fetchAccident = (modelCode: string, zones: string[]) =>
  fetchCatalogue<AccidentAnswer>('/api/epc/accident', { ModelId: modelCode, Zones: zones })

export const accidentQuery = (modelCode: string | null, zones: string[]) =>
  queryOptions({
    queryKey: catalogueKeys.accident(modelCode, zones),
    queryFn: () => fetchAccident(modelCode ?? '', zones),
    enabled: !!modelCode && zones.length > 0,
  })

export const useAccident = (modelCode: string | null, zones: string[]) =>
  useQuery(accidentQuery(modelCode, zones))
