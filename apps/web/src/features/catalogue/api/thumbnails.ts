// /api/epc/thumbnails: drawings of a model's illustrations, for the group tree (not a counted look-up).
import { useQuery } from '@tanstack/react-query'
import { CATALOGUE_STALE_MS, lookup } from './lookup'

export const thumbnails = (modelId: string, imageids: string[]) =>
  lookup<{ imageid: string; svg: string }[]>('/api/epc/thumbnails', { ModelId: modelId, imageids })

export const useThumbnails = (modelId: string | null, imageids: string[]) =>
  useQuery({
    queryKey: ['thumbnails', modelId, imageids],
    queryFn: () => thumbnails(modelId ?? '', imageids),
    enabled: !!modelId && imageids.length > 0,
    staleTime: CATALOGUE_STALE_MS,
  })
