// /api/usercenter/staff/list (owner): the company's members, owner first, with the seats.
import type { StaffList } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { accountKeys } from './keys'

export const fetchStaff = () => api.post<StaffList>('/api/usercenter/staff/list', {}, { showResultMsg: true })

export const staffQuery = () => queryOptions({ queryKey: accountKeys.staff(), queryFn: fetchStaff })

export const useStaff = () => useQuery(staffQuery())
