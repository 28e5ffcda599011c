// /api/epc/grouptree: a model's main groups, sub groups and their illustrations.
import type { GroupTreeAnswer } from '@epc/shared'
import { useQuery } from '@tanstack/react-query'
import { CATALOGUE_STALE_MS, lookup } from './lookup'

export const groupTree = (modelId: string) =>
  lookup<GroupTreeAnswer>('/api/epc/grouptree', { ModelId: modelId })

export const useGroupTree = (modelId: string | null) =>
  useQuery({
    queryKey: ['grouptree', modelId],
    queryFn: () => groupTree(modelId ?? ''),
    enabled: !!modelId,
    staleTime: CATALOGUE_STALE_MS,
  })
