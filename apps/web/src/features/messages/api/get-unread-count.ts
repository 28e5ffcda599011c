// /api/usercenter/unreadcount: the header badge's number, asked again every 30 s so a payment, a coupon or
// an announcement shows without reloading. Quiet on failure: the badge just keeps its last number, and a
// server that is down for a while is not announced every 30 s to a clerk who asked for nothing.
import { ProfileLimits } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { messageKeys } from './keys'

export const fetchUnreadCount = async () =>
  (await api.post<{ Unread: number }>('/api/usercenter/unreadcount', {}, { quiet: true })).Unread

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: messageKeys.unread(),
    queryFn: fetchUnreadCount,
    refetchInterval: ProfileLimits.unreadPollMs,
  })

export const useUnreadCount = () => useQuery(unreadCountQuery())
