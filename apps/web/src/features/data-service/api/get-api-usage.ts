// /api/dataservice/usage (owner): requests and items per day and key over the last days, and the items left
// in the company's data-items packs.
import { type ApiUsageAnswer, DataServiceLimits } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { dataServiceKeys } from './keys'

export const fetchApiUsage = (days: number) =>
  api.post<ApiUsageAnswer>('/api/dataservice/usage', { Days: days }, { showResultMsg: true })

export const apiUsageQuery = (days: number = DataServiceLimits.usageDays) =>
  queryOptions({ queryKey: dataServiceKeys.usage(days), queryFn: () => fetchApiUsage(days) })

export const useApiUsage = (days?: number) => useQuery(apiUsageQuery(days))
