// /api/billing/notices: the company's unread notices (renewal reminders), newest first. Quiet on failure:
// a banner that cannot load is simply not shown.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { Notice } from '../types'
import { billingKeys } from './keys'

export const fetchNotices = () => api.post<Notice[]>('/api/billing/notices', {})

export const noticesQuery = () =>
  queryOptions({ queryKey: billingKeys.notices(), queryFn: fetchNotices, staleTime: 5 * 60_000 })

export const useNotices = () => useQuery(noticesQuery())
