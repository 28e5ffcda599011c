// /api/usercenter/requestcancel and /api/usercenter/withdrawcancel (owner): the company's cancellation
// request, pending until the operator answers it; the profile carries it.
import type { Cancellation, Profile } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import { accountKeys } from './keys'

export const requestCancel = (smsCode: string) =>
  api.post<Cancellation>('/api/usercenter/requestcancel', { SmsCode: smsCode }, { showResultMsg: true })

export const withdrawCancel = () => api.post('/api/usercenter/withdrawcancel', {}, { showResultMsg: true })

function useSetCancellation() {
  const client = useQueryClient()
  return (cancellation: Cancellation | null) => {
    client.setQueryData<Profile>(accountKeys.profile(), (p) => (p ? { ...p, Cancellation: cancellation } : p))
    return refreshAfterChange(client, accountKeys.profile())
  }
}

export function useRequestCancel() {
  const set = useSetCancellation()
  return useMutation({ mutationFn: requestCancel, onSuccess: set })
}

export function useWithdrawCancel() {
  const set = useSetCancellation()
  return useMutation({ mutationFn: withdrawCancel, onSuccess: () => set(null) })
}
