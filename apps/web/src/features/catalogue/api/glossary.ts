// /api/epc/glossary: the generic part names with aliases, grouped by system; with a keyword, the server's name
// matcher answers the names it reaches, best first, and 您是不是要找 suggestions when it reaches none.
import type { GlossaryAnswer } from '@epc/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { CATALOGUE_STALE_MS, fetchCatalogue } from './fetch-catalogue'
import { catalogueKeys } from './keys'

export const fetchGlossary = (keyword = '') =>
  fetchCatalogue<GlossaryAnswer>('/api/epc/glossary', keyword ? { Keyword: keyword } : {})

export const glossaryQuery = (keyword = '') =>
  queryOptions({
    queryKey: catalogueKeys.glossary(keyword),
    queryFn: () => fetchGlossary(keyword),
    staleTime: CATALOGUE_STALE_MS,
    // While the next keyword's answer is on its way the last one stays on screen, not a skeleton.
    placeholderData: keyword ? keepPreviousData : undefined,
  })

export const useGlossary = (keyword = '') => useQuery(glossaryQuery(keyword))
