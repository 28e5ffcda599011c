// /api/billing/orders: a page of the company's orders, newest first; row 0 carries TotalCount.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { Order } from '../types'
import { billingKeys } from './keys'

export interface OrderPage {
  rows: Order[]
  total: number
}

export async function fetchOrders(page: number, size: number): Promise<OrderPage> {
  const rows = await api.post<Order[]>(
    '/api/billing/orders',
    { PageIndex: page, PageSize: size },
    { failMessage: '订单加载失败' },
  )
  return { rows, total: rows[0]?.TotalCount ?? 0 }
}

export const ordersQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: billingKeys.ordersPage(page, size),
    queryFn: () => fetchOrders(page, size),
    placeholderData: keepPreviousData,
  })

export const useOrders = (page: number, size: number) => useQuery(ordersQuery(page, size))
