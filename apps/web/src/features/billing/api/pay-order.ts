// /api/billing/pay (owner): starts paying an order on Alipay (answers PayUrl, the cashier page the browser
// goes to) or WeChat (answers CodeUrl, shown as a QR code).
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { PayStart } from '../types'

export interface PayPayload {
  OrderNo: string
  Channel: 'alipay' | 'wechat'
}

export const payOrder = (payload: PayPayload) =>
  api.post<PayStart>('/api/billing/pay', payload, { showResultMsg: true })

export const usePayOrder = () => useMutation({ mutationFn: payOrder })
