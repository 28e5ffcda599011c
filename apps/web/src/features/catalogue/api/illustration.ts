// /api/epc/illustration: an exploded-view drawing with its callouts and the model's priced parts. The wire's
// `flag` of a part says it has substitutes or a replacement; the screens read it as hasSubstitutes.
import type { IllustrationAnswer, IllustrationPart } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { enabledUnlessJustFailed } from '../../../lib/just-failed'
import { CATALOGUE_STALE_MS, fetchCatalogue } from './fetch-catalogue'
import { catalogueKeys } from './keys'

export type CataloguePart = Omit<IllustrationPart, 'flag'> & { hasSubstitutes: boolean }
export type Illustration = Omit<IllustrationAnswer, 'parts'> & { parts: CataloguePart[] }

export async function fetchIllustration(modelCode: string, imageid: string): Promise<Illustration> {
  const answer = await fetchCatalogue<IllustrationAnswer>('/api/epc/illustration', {
    ModelId: modelCode,
    imageid,
  })
  return {
    ...answer,
    parts: answer.parts.map(({ flag, ...part }) => ({ ...part, hasSubstitutes: flag === 1 })),
  }
}

export const illustrationQuery = (modelCode: string | null, imageid: string | null) =>
  queryOptions({
    queryKey: catalogueKeys.illustration(modelCode, imageid),
    queryFn: () => fetchIllustration(modelCode ?? '', imageid ?? ''),
    enabled: enabledUnlessJustFailed(!!modelCode && !!imageid),
    staleTime: CATALOGUE_STALE_MS,
  })

export const useIllustration = (modelCode: string | null, imageid: string | null) =>
  useQuery(illustrationQuery(modelCode, imageid))
