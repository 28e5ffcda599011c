// /api/epc/partdetail: chain, substitutes, price lists, stock of the ten warehouses, fitting models.
import type { PartDetailAnswer } from '@epc/shared'
import { useQuery } from '@tanstack/react-query'
import { lookup } from './lookup'

export const partDetail = (partNumber: string) =>
  lookup<PartDetailAnswer>('/api/epc/partdetail', { part_number: partNumber })

export const usePartDetail = (partNumber: string | null) =>
  useQuery({
    queryKey: ['partdetail', partNumber],
    queryFn: () => partDetail(partNumber ?? ''),
    enabled: !!partNumber,
    staleTime: 60_000,
  })
