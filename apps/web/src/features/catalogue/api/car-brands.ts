// /api/epc/carbrands (free): brands grouped by initial letter.
import type { BrandInitial } from '@epc/shared'
import { useQuery } from '@tanstack/react-query'
import { CATALOGUE_STALE_MS, lookup } from './lookup'

export const carBrands = () => lookup<BrandInitial[]>('/api/epc/carbrands')

export const useCarBrands = () =>
  useQuery({ queryKey: ['carbrands'], queryFn: carBrands, staleTime: CATALOGUE_STALE_MS })
