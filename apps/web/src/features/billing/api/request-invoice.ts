// /api/billing/invoice (owner): asks for an invoice of a paid order, once; answers the order with Invoice.
import type { InvoiceKindName } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import type { Order } from '../types'
import { billingKeys } from './keys'

export interface InvoicePayload {
  OrderNo: string
  Kind: InvoiceKindName
  Title: string
  TaxNo: string
  Email: string
  /** For 增值税专用发票 only: */
  Address?: string
  Phone?: string
  Bank?: string
  BankAccount?: string
}

export const requestInvoice = (payload: InvoicePayload) =>
  api.post<Order>('/api/billing/invoice', payload, { showResultMsg: true })

export function useRequestInvoice() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: requestInvoice,
    onSuccess: (order) => {
      client.setQueryData(billingKeys.order(order.OrderNo), order)
      return refreshAfterChange(client, billingKeys.orders())
    },
  })
}
