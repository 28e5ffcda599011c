// /api/usercenter/readallmessages: marks every message read; the pages and the badge are asked again.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import { messageKeys } from './keys'

export const readAllMessages = () =>
  api.post<{ Unread: number }>('/api/usercenter/readallmessages', {}, { failMessage: '操作失败' })

export function useReadAllMessages() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: readAllMessages,
    onSuccess: () => refreshAfterChange(client, messageKeys.all),
  })
}
