// /api/epc/partsquery: up to 50 part codes; old numbers answer with their replacement.
import type { PartsQueryRow } from '@epc/shared'
import { useQuery } from '@tanstack/react-query'
import { lookup } from './lookup'

export const partsQuery = (codes: string[]) =>
  lookup<PartsQueryRow[]>('/api/epc/partsquery', { Codes: codes })

export const usePartsQuery = (codes: string[]) =>
  useQuery({
    queryKey: ['partsquery', codes],
    queryFn: () => partsQuery(codes),
    enabled: codes.length > 0,
    staleTime: 60_000,
  })
