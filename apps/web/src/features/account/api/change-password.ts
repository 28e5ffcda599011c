// /api/usercenter/changepassword (built by the account-admin half of issue 17): the signed-in user's new
// password; `OldPassword` may be left out while the account has no password of its own (added or reset by
// the owner without one). Clears MustChangePassword, so the rights are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { accountKeys } from './keys'

export const changePassword = (input: { OldPassword?: string; Password: string }) =>
  api.post<object>(
    '/api/usercenter/changepassword',
    { Password: input.Password, ...(input.OldPassword ? { OldPassword: input.OldPassword } : {}) },
    { showResultMsg: true },
  )

export function useChangePassword() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.myRights() }),
  })
}
