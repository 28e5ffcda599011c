// /api/epc/maintenance: what is due at a mileage, priced, with a total.
import type { MaintenanceAnswer } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchCatalogue } from './fetch-catalogue'
import { catalogueKeys } from './keys'

export const fetchMaintenance = (modelCode: string, mileage: number) =>
  fetchCatalogue<MaintenanceAnswer>('/api/epc/maintenance', { ModelId: modelCode, Mileage: mileage })

export const maintenanceQuery = (modelCode: string | null, mileage: number | null) =>
  queryOptions({
    queryKey: catalogueKeys.maintenance(modelCode, mileage),
    queryFn: () => fetchMaintenance(modelCode ?? '', mileage ?? 0),
    enabled: !!modelCode && mileage !== null,
  })

export const useMaintenance = (modelCode: string | null, mileage: number | null) =>
  useQuery(maintenanceQuery(modelCode, mileage))
