// /api/billing/payresult (no login): the platform's return parameters, verified by the server, answer only
// whether the payment succeeded, is still processing or failed.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { PayResultState } from '../types'
import { billingKeys } from './keys'

export async function fetchPayResult(params: Record<string, string>): Promise<PayResultState> {
  const answer = await api.post<{ State: PayResultState }>('/api/billing/payresult', {
    Channel: 'alipay',
    Params: params,
  })
  return answer.State
}

export const payResultQuery = (params: Record<string, string>, enabled: boolean) =>
  queryOptions({
    queryKey: billingKeys.payResult(new URLSearchParams(params).toString()),
    queryFn: () => fetchPayResult(params),
    enabled,
  })

export const usePayResult = (params: Record<string, string>, enabled: boolean) =>
  useQuery(payResultQuery(params, enabled))
