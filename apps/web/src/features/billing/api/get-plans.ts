// /api/billing/plans: the plans on sale, in order.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { Plan } from '../types'
import { billingKeys } from './keys'

export const fetchPlans = () => api.post<Plan[]>('/api/billing/plans', {}, { failMessage: '套餐加载失败' })

export const plansQuery = () =>
  queryOptions({ queryKey: billingKeys.plans(), queryFn: fetchPlans, staleTime: 5 * 60_000 })

export const usePlans = () => useQuery(plansQuery())
