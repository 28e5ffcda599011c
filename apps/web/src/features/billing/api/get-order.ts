// /api/billing/order: one order of the company, read again while a payment is under way (the payment page
// polls it until it is paid or closed).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { Order } from '../types'
import { billingKeys } from './keys'

export const fetchOrder = (orderNo: string) => api.post<Order>('/api/billing/order', { OrderNo: orderNo })

export const orderQuery = (orderNo: string) =>
  queryOptions({ queryKey: billingKeys.order(orderNo), queryFn: () => fetchOrder(orderNo) })

/** `pollMs`: read again this often while it is given (false stops). */
export const useOrder = (orderNo: string, pollMs: number | false = false) =>
  useQuery({ ...orderQuery(orderNo), enabled: !!orderNo, refetchInterval: pollMs })
