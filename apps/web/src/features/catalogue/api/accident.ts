// /api/epc/accident: the parts of the chosen collision zones, priced, with a total.
import type { AccidentAnswer } from '@epc/shared'
import { useQuery } from '@tanstack/react-query'
import { lookup } from './lookup'

export const accident = (modelId: string, zones: string[]) =>
  lookup<AccidentAnswer>('/api/epc/accident', { ModelId: modelId, Zones: zones })

export const useAccident = (modelId: string | null, zones: string[]) =>
  useQuery({
    queryKey: ['accident', modelId, zones],
    queryFn: () => accident(modelId ?? '', zones),
    enabled: !!modelId && zones.length > 0,
  })
