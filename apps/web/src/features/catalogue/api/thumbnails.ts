// /api/epc/thumbnails: drawings of a model's illustrations, for the group tree (not a counted look-up).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { CATALOGUE_STALE_MS, fetchCatalogue } from './fetch-catalogue'
import { catalogueKeys } from './keys'

export const fetchThumbnails = (modelCode: string, imageids: string[]) =>
  fetchCatalogue<{ imageid: string; svg: string }[]>('/api/epc/thumbnails', { ModelId: modelCode, imageids })

export const thumbnailsQuery = (modelCode: string | null, imageids: string[]) =>
  queryOptions({
    queryKey: catalogueKeys.thumbnails(modelCode, imageids),
    queryFn: () => fetchThumbnails(modelCode ?? '', imageids),
    enabled: !!modelCode && imageids.length > 0,
    staleTime: CATALOGUE_STALE_MS,
  })

export const useThumbnails = (modelCode: string | null, imageids: string[]) =>
  useQuery(thumbnailsQuery(modelCode, imageids))
