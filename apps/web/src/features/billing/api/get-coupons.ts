// /api/billing/coupons: the company's coupons, soonest to expire first; with a PlanCode each also says
// whether it applies to that plan, what would be paid with it, and which one is best.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { Coupon } from '../types'
import { billingKeys } from './keys'

export const fetchCoupons = (planCode?: string) =>
  api.post<Coupon[]>('/api/billing/coupons', planCode ? { PlanCode: planCode } : {}, {
    failMessage: '优惠券加载失败',
  })

export const couponsQuery = (planCode?: string) =>
  queryOptions({ queryKey: billingKeys.coupons(planCode), queryFn: () => fetchCoupons(planCode) })

export const useCoupons = (planCode?: string, enabled = true) =>
  useQuery({ ...couponsQuery(planCode), enabled })
