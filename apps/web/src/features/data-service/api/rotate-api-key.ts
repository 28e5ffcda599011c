// /api/dataservice/keys/rotate (owner): a new AppSecret for the same AppKey; the old one stops at once. Like
// creating, the answer carries the secret, so the mutation is dropped as soon as it is read (gcTime 0).
import type { CreatedKey } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import { dataServiceKeys } from './keys'

export const rotateApiKey = (payload: { KeyId: number }) =>
  api.post<CreatedKey>('/api/dataservice/keys/rotate', payload, { showResultMsg: true })

export function useRotateApiKey() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: rotateApiKey,
    gcTime: 0,
    onSuccess: () => refreshAfterChange(client, dataServiceKeys.keys()),
  })
}
