// /api/usercenter/changepassword: a new password, the old one checked; the account's other devices are
// signed out, this one stays.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { messageKeys } from '../../messages'

export const changePassword = (payload: { OldPassword?: string; Password: string }) =>
  api.post('/api/usercenter/changepassword', payload, { showResultMsg: true })

export function useChangePassword() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: changePassword,
    // The message centre has a 账号与安全 message now.
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.all }),
  })
}
