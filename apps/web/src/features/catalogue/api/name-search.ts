// /api/epc/namesearch: a model's parts by Chinese name, pinyin, initials, trade alias or number.
import type { NameSearchHit } from '@epc/shared'
import { useQuery } from '@tanstack/react-query'
import { CATALOGUE_STALE_MS, lookup } from './lookup'

export const nameSearch = (modelId: string, keyword: string) =>
  lookup<NameSearchHit[]>('/api/epc/namesearch', { ModelId: modelId, Keyword: keyword })

export const useNameSearch = (modelId: string | null, keyword: string) =>
  useQuery({
    queryKey: ['namesearch', modelId, keyword],
    queryFn: () => nameSearch(modelId ?? '', keyword),
    enabled: !!modelId && keyword.trim().length > 0,
    staleTime: CATALOGUE_STALE_MS,
  })
