// /api/epc/namesearch: a model's parts by Chinese name, pinyin, initials, trade alias, homophone or number;
// with 您是不是要找 suggestions when nothing is found.
import type { NameSearchAnswer } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { CATALOGUE_STALE_MS, fetchCatalogue } from './fetch-catalogue'
import { catalogueKeys } from './keys'

export const fetchNameSearch = (modelCode: string, keyword: string) =>
  fetchCatalogue<NameSearchAnswer>('/api/epc/namesearch', { ModelId: modelCode, Keyword: keyword })

export const nameSearchQuery = (modelCode: string | null, keyword: string) =>
  queryOptions({
    queryKey: catalogueKeys.nameSearch(modelCode, keyword),
    queryFn: () => fetchNameSearch(modelCode ?? '', keyword),
    enabled: !!modelCode && keyword.trim().length > 0,
    staleTime: CATALOGUE_STALE_MS,
  })

export const useNameSearch = (modelCode: string | null, keyword: string) =>
  useQuery(nameSearchQuery(modelCode, keyword))
