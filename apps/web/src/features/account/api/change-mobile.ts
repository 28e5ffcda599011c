// /api/usercenter/changemobile: a new bound mobile, with a code sent to the current number and one to the new.
import type { Profile } from '@epc/shared'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { useProfileAnswer } from './update-profile'

export const changeMobile = (payload: { OldSmsCode: string; NewMobile: string; NewSmsCode: string }) =>
  api.post<Profile>('/api/usercenter/changemobile', payload, { showResultMsg: true })

export function useChangeMobile() {
  const answered = useProfileAnswer()
  return useMutation({ mutationFn: changeMobile, onSuccess: answered })
}
