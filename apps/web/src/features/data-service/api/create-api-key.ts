// /api/dataservice/keys/create (owner): a new key; the answer carries its AppSecret, the only time it is sent.
// The secret must not stay in the mutation cache: gcTime 0 drops the mutation as soon as its caller lets go
// of it (hooks/use-secret-reveal.ts resets it at once and holds the secret in its own state).
import type { CreatedKey } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import { dataServiceKeys } from './keys'

export interface NewApiKey {
  Name: string
  IsTest?: boolean
  IpRanges?: string[]
}

export const createApiKey = (payload: NewApiKey) =>
  api.post<CreatedKey>('/api/dataservice/keys/create', payload, { showResultMsg: true })

export function useCreateApiKey() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createApiKey,
    gcTime: 0,
    onSuccess: () => refreshAfterChange(client, dataServiceKeys.keys()),
  })
}
