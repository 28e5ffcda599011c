// /api/dataservice/keys/setembed (owner): the sites that may frame the key's embedded catalogues ([] = none,
// embedding off).
import type { ApiKeyRow } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import { dataServiceKeys } from './keys'

export function useSetApiKeyEmbed() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (payload: { KeyId: number; EmbedOrigins: string[] }) =>
      api.post<ApiKeyRow>('/api/dataservice/keys/setembed', payload, { showResultMsg: true }),
    onSuccess: () => refreshAfterChange(client, dataServiceKeys.keys()),
  })
}
