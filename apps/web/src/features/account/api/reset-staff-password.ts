// /api/usercenter/staff/resetpassword (owner): a new initial password, or none (SMS sign-in); the
// member's sessions end and the member must set a password of their own.
import type { StaffRow } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import { accountKeys } from './keys'

export function useResetStaffPassword() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (i: { UserID: number; Password?: string }) =>
      api.post<StaffRow>(
        '/api/usercenter/staff/resetpassword',
        { UserID: i.UserID, ...(i.Password ? { Password: i.Password } : {}) },
        { showResultMsg: true },
      ),
    onSuccess: () => refreshAfterChange(client, accountKeys.staff()),
  })
}
