// /api/billing/createorder (owner): a 待支付 order for a plan, with a coupon or none; a free plan's order
// answers 已生效 at once. The server's reason is shown on a refusal (e.g. 优惠券不可用).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import type { Order } from '../types'
import { billingKeys } from './keys'

export interface CreateOrderPayload {
  PlanCode: string
  CouponId?: number
}

export const createOrder = (payload: CreateOrderPayload) =>
  api.post<Order>('/api/billing/createorder', payload, { showResultMsg: true })

export function useCreateOrder() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createOrder,
    // The order list, the coupons (one is now reserved) and, for a free plan, the entitlement changed.
    onSuccess: () => refreshAfterChange(client, billingKeys.all),
  })
}
