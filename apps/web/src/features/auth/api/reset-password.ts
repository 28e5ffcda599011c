// /api/author/resetpassword: a new password by SMS code; every device is signed out.
import { api } from '../../../lib/api-client'
import { useSubmit } from '../../../lib/use-submit'

export function resetPassword(payload: { Mobile: string; SmsCode: string; Password: string }) {
  return api.post('/api/author/resetpassword', payload, { showResultMsg: true })
}

export const useResetPassword = () => useSubmit(resetPassword)
