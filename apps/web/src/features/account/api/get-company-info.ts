// /api/usercenter/getclientcompanyinfo: the company's name, mobile, Open_Id and dealer-price type (type4s).
import type { CompanyInfo } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { accountKeys } from './keys'

export async function fetchCompanyInfo() {
  return (await api.post<CompanyInfo>('/api/usercenter/getclientcompanyinfo')).AccountInfo
}

export const companyInfoQuery = () =>
  queryOptions({ queryKey: accountKeys.companyInfo(), queryFn: fetchCompanyInfo, staleTime: 5 * 60_000 })

export const useCompanyInfo = (enabled = true) => useQuery({ ...companyInfoQuery(), enabled })
