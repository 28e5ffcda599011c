// /api/usercenter/readmessage: marks one message read. The open page keeps its order (the message is marked
// where it is, not moved behind the unread ones) until it is read again; the badge takes the new count.
import type { MessagesPage } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import { messageKeys } from './keys'

export const readMessage = (id: number) =>
  api.post<{ Unread: number }>('/api/usercenter/readmessage', { Id: id })

export function useReadMessage() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: readMessage,
    onMutate: (id) => {
      client.setQueriesData<MessagesPage>({ queryKey: messageKeys.pages() }, (page) =>
        page
          ? {
              ...page,
              Messages: page.Messages.map((m) => (m.Id === id ? { ...m, Read: true } : m)),
              Unread: Math.max(0, page.Unread - (page.Messages.some((m) => m.Id === id && !m.Read) ? 1 : 0)),
            }
          : page,
      )
    },
    onSuccess: ({ Unread }) => client.setQueryData(messageKeys.unread(), Unread),
    // Another page, or a failure, is set right by asking again.
    onSettled: () => refreshAfterChange(client, messageKeys.unread()),
  })
}
