// /api/epc/maintenance: what is due at a mileage, priced, with a total.
import type { MaintenanceAnswer } from '@epc/shared'
import { useQuery } from '@tanstack/react-query'
import { lookup } from './lookup'

export const maintenance = (modelId: string, mileage: number) =>
  lookup<MaintenanceAnswer>('/api/epc/maintenance', { ModelId: modelId, Mileage: mileage })

export const useMaintenance = (modelId: string | null, mileage: number | null) =>
  useQuery({
    queryKey: ['maintenance', modelId, mileage],
    queryFn: () => maintenance(modelId ?? '', mileage ?? 0),
    enabled: !!modelId && mileage !== null,
  })
