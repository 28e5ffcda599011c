// /api/epc/grouptree: a model's main groups, sub groups and their illustrations.
import type { GroupTreeAnswer } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { enabledUnlessJustFailed } from '../../../lib/just-failed'
import { CATALOGUE_STALE_MS, fetchCatalogue } from './fetch-catalogue'
import { catalogueKeys } from './keys'

export const fetchGroupTree = (modelCode: string) =>
  fetchCatalogue<GroupTreeAnswer>('/api/epc/grouptree', { ModelId: modelCode })

export const groupTreeQuery = (modelCode: string | null) =>
  queryOptions({
    queryKey: catalogueKeys.groupTree(modelCode),
    queryFn: () => fetchGroupTree(modelCode ?? ''),
    enabled: enabledUnlessJustFailed(!!modelCode),
    staleTime: CATALOGUE_STALE_MS,
  })

export const useGroupTree = (modelCode: string | null) => useQuery(groupTreeQuery(modelCode))
