// /api/usercenter/profile: the user's name and mobile, the company's name and phone, and a pending
// cancellation request.
import type { Profile } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { accountKeys } from './keys'

export const fetchProfile = () =>
  api.post<Profile>('/api/usercenter/profile', {}, { failMessage: '账号信息加载失败' })

export const profileQuery = () => queryOptions({ queryKey: accountKeys.profile(), queryFn: fetchProfile })

export const useProfile = () => useQuery(profileQuery())
