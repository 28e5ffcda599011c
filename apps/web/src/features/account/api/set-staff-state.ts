// /api/usercenter/staff/setstate (owner): 1 启用, 2 停用 (the member's next call answers 99998).
import type { StaffRow } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import { accountKeys } from './keys'

export function useSetStaffState() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (i: { UserID: number; State: 1 | 2 }) =>
      api.post<StaffRow>('/api/usercenter/staff/setstate', i, { showResultMsg: true }),
    onSuccess: () => refreshAfterChange(client, accountKeys.staff()),
  })
}
