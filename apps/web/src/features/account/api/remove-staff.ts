// /api/usercenter/staff/remove (owner): the member can no longer sign in and the seat and mobile are free.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import { accountKeys } from './keys'

export function useRemoveStaff() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (i: { UserID: number }) =>
      api.post<object>('/api/usercenter/staff/remove', i, { showResultMsg: true }),
    onSuccess: () => refreshAfterChange(client, accountKeys.staff()),
  })
}
