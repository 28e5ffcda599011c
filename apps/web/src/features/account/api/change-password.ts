// /api/usercenter/changepassword: the signed-in user's new password, the old one checked; `OldPassword` may
// be left out while the account has no password of its own (added or reset by the owner without one). The
// account's other devices are signed out, this one stays. Clears MustChangePassword (the rights are read
// again) and writes a 账号与安全 message.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import { messageKeys } from '../../messages'
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
    onSuccess: () => {
      refreshAfterChange(client, accountKeys.myRights())
      refreshAfterChange(client, messageKeys.all)
    },
  })
}
