// /api/epc/glossary: the generic part names with aliases, grouped by system.
import type { GlossarySystem } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { CATALOGUE_STALE_MS, fetchCatalogue } from './fetch-catalogue'
import { catalogueKeys } from './keys'

export const fetchGlossary = () => fetchCatalogue<GlossarySystem[]>('/api/epc/glossary')

export const glossaryQuery = () =>
  queryOptions({ queryKey: catalogueKeys.glossary(), queryFn: fetchGlossary, staleTime: CATALOGUE_STALE_MS })

export const useGlossary = () => useQuery(glossaryQuery())
