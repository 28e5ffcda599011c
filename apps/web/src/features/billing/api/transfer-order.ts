// /api/billing/transfer (owner): pay by bank transfer; answers the order with the account to send the money
// to (TransferAccount) and the order number as the transfer's note. It stays 待支付 until the money arrives.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import type { Order } from '../types'
import { billingKeys } from './keys'

export const transferOrder = (orderNo: string) =>
  api.post<Order>('/api/billing/transfer', { OrderNo: orderNo }, { showResultMsg: true })

export function useTransferOrder() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: transferOrder,
    onSuccess: (order) => {
      client.setQueryData(billingKeys.order(order.OrderNo), order)
      return refreshAfterChange(client, billingKeys.orders())
    },
  })
}
