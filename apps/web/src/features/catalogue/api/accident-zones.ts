// /api/epc/accidentzones: the collision zones of the car outline (front, rear, left, right, roof).
import type { AccidentZone } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { CATALOGUE_STALE_MS, fetchCatalogue } from './fetch-catalogue'
import { catalogueKeys } from './keys'

export const fetchAccidentZones = () => fetchCatalogue<AccidentZone[]>('/api/epc/accidentzones')

export const accidentZonesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.accidentZones(),
    queryFn: fetchAccidentZones,
    staleTime: CATALOGUE_STALE_MS,
  })

export const useAccidentZones = () => useQuery(accidentZonesQuery())
