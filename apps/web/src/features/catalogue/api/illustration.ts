// /api/epc/illustration: an exploded-view drawing with its callouts and the model's priced parts.
import type { IllustrationAnswer } from '@epc/shared'
import { useQuery } from '@tanstack/react-query'
import { CATALOGUE_STALE_MS, lookup } from './lookup'

export const illustration = (modelId: string, imageid: string) =>
  lookup<IllustrationAnswer>('/api/epc/illustration', { ModelId: modelId, imageid })

export const useIllustration = (modelId: string | null, imageid: string | null) =>
  useQuery({
    queryKey: ['illustration', modelId, imageid],
    queryFn: () => illustration(modelId ?? '', imageid ?? ''),
    enabled: !!modelId && !!imageid,
    staleTime: CATALOGUE_STALE_MS,
  })
