// /api/dataservice/keys/setips (owner): the addresses and CIDR ranges a key may be used from ([] = any).
import type { ApiKeyRow } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import { dataServiceKeys } from './keys'

export function useSetApiKeyIps() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (payload: { KeyId: number; IpRanges: string[] }) =>
      api.post<ApiKeyRow>('/api/dataservice/keys/setips', payload, { showResultMsg: true }),
    onSuccess: () => refreshAfterChange(client, dataServiceKeys.keys()),
  })
}
