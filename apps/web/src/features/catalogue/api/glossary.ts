// /api/epc/glossary: the generic part names with aliases, grouped by system.
import type { GlossarySystem } from '@epc/shared'
import { useQuery } from '@tanstack/react-query'
import { CATALOGUE_STALE_MS, lookup } from './lookup'

export const glossary = () => lookup<GlossarySystem[]>('/api/epc/glossary')

export const useGlossary = () =>
  useQuery({ queryKey: ['glossary'], queryFn: glossary, staleTime: CATALOGUE_STALE_MS })
