// /api/dataservice/keys/rename (owner): a key's name; a revoked key is refused.
import type { ApiKeyRow } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import { dataServiceKeys } from './keys'

export function useRenameApiKey() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (payload: { KeyId: number; Name: string }) =>
      api.post<ApiKeyRow>('/api/dataservice/keys/rename', payload, { showResultMsg: true }),
    // The usage table names keys too.
    onSuccess: () => refreshAfterChange(client, dataServiceKeys.all),
  })
}
