// /api/usercenter/loginhistory: the last 20 sign-ins (time, IP, device), newest first.
import type { LoginRecord } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { accountKeys } from './keys'

export const fetchLoginHistory = () =>
  api.post<LoginRecord[]>('/api/usercenter/loginhistory', {}, { failMessage: '登录记录加载失败' })

export const loginHistoryQuery = () =>
  queryOptions({ queryKey: accountKeys.loginHistory(), queryFn: fetchLoginHistory })

export const useLoginHistory = () => useQuery(loginHistoryQuery())
