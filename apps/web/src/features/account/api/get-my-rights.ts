// /api/usercenter/myrights: whether the signed-in user is the owner, may see purchase prices, and must set a
// new password first. Kept with the login info each time it is read (the header, the guard and
// host-bridge/rights.ts read them from there without a call).
import type { MyRights } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { recordRights } from '../../../lib/session'
import { accountKeys } from './keys'

// Quiet on failure, as no one asked for it: the rights kept with the login info stay as they were.
export async function fetchMyRights(): Promise<MyRights> {
  const rights = await api.post<MyRights>('/api/usercenter/myrights', {}, { quiet: true })
  recordRights(rights)
  return rights
}

// Read again now and then and when the window comes back: the owner may change them meanwhile.
export const myRightsQuery = () =>
  queryOptions({
    queryKey: accountKeys.myRights(),
    queryFn: fetchMyRights,
    staleTime: 30_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  })

export const useMyRights = (enabled = true) => useQuery({ ...myRightsQuery(), enabled })
