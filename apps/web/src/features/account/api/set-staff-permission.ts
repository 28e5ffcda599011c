// /api/usercenter/staff/setpermission (owner): whether a member may see purchase prices (查看进价).
import type { StaffRow } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import { accountKeys } from './keys'

export function useSetStaffPermission() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (i: { UserID: number; SeePurchasePrice: boolean }) =>
      api.post<StaffRow>('/api/usercenter/staff/setpermission', i, { showResultMsg: true }),
    onSuccess: () => refreshAfterChange(client, accountKeys.staff()),
  })
}
