// /api/usercenter/staff/add (owner): a new staff member by mobile and name, with an initial password
// the member must change, or none (the member signs in with an SMS code and then sets one).
import type { StaffRow } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import { accountKeys } from './keys'

export interface NewStaff {
  Mobile: string
  UserName: string
  Password?: string
}

export function useAddStaff() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (s: NewStaff) =>
      api.post<StaffRow>(
        '/api/usercenter/staff/add',
        { Mobile: s.Mobile, UserName: s.UserName, ...(s.Password ? { Password: s.Password } : {}) },
        { showResultMsg: true },
      ),
    onSuccess: () => refreshAfterChange(client, accountKeys.staff()),
  })
}
