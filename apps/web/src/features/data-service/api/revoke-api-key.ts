// /api/dataservice/keys/revoke (owner): stops a key for good (State 'revoked'); it can no longer be changed.
import type { ApiKeyRow } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import { dataServiceKeys } from './keys'

export function useRevokeApiKey() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (payload: { KeyId: number }) =>
      api.post<ApiKeyRow>('/api/dataservice/keys/revoke', payload, { showResultMsg: true }),
    onSuccess: () => refreshAfterChange(client, dataServiceKeys.keys()),
  })
}
