// /api/billing/readnotice: marks one notice read, so its banner does not come back.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { Notice } from '../types'
import { billingKeys } from './keys'

export const readNotice = (id: number) => api.post('/api/billing/readnotice', { Id: id })

export function useReadNotice() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: readNotice,
    // Gone from the list at once; a failed call leaves it to come back on the next load.
    onMutate: (id) =>
      client.setQueryData<Notice[]>(billingKeys.notices(), (list) => list?.filter((n) => n.Id !== id)),
  })
}
