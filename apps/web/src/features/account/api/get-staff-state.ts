// /api/author/getaccountstaffstate: whether a staff member of the company is active, disabled or banned.
// Spec section 8: a failed call says 请求失败; any other answer than 10000 shows the server's message (3 s).
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export async function getStaffState(mobile: string): Promise<number | null> {
  const result = await api.post<{ AccountStaffState: number }>(
    '/api/author/getaccountstaffstate',
    { Mobile: mobile },
    { failMessage: '请求失败', showResultMsg: true },
  )
  return result?.ResultCode === '10000' ? (result.data?.AccountStaffState ?? null) : null
}

export const useStaffState = (mobile: string | undefined) =>
  useQuery({
    queryKey: ['staffState', mobile],
    queryFn: () => getStaffState(mobile ?? ''),
    enabled: !!mobile,
    retry: false,
    staleTime: 60_000,
  })
