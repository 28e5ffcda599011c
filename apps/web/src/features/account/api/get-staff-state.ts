// /api/author/getaccountstaffstate: whether a staff member of the company is active, disabled or banned.
// Spec section 8: a failed call says 请求失败; any other answer than 10000 shows the server's message (3 s).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { accountKeys } from './keys'

export async function fetchStaffState(mobile: string): Promise<number> {
  const answer = await api.post<{ AccountStaffState: number }>(
    '/api/author/getaccountstaffstate',
    { Mobile: mobile },
    { failMessage: '请求失败', showResultMsg: true },
  )
  return answer.AccountStaffState
}

export const staffStateQuery = (mobile: string | undefined) =>
  queryOptions({
    queryKey: accountKeys.staffState(mobile),
    queryFn: () => fetchStaffState(mobile ?? ''),
    enabled: !!mobile,
    staleTime: 60_000,
  })

export const useStaffState = (mobile: string | undefined) => useQuery(staffStateQuery(mobile))
