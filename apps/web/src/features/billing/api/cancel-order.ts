// /api/billing/cancelorder (owner): 待支付 → 已取消, its coupon released.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import type { Order } from '../types'
import { billingKeys } from './keys'

export const cancelOrder = (orderNo: string) =>
  api.post<Order>('/api/billing/cancelorder', { OrderNo: orderNo }, { showResultMsg: true })

export function useCancelOrder() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      client.setQueryData(billingKeys.order(order.OrderNo), order)
      // The list, and the coupons: the order's coupon is free again.
      return refreshAfterChange(client, billingKeys.all)
    },
  })
}
