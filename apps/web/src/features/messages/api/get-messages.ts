// /api/usercenter/messages: a page of the account's messages, unread first, then newest.
import type { MessagesPage } from '@epc/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { messageKeys } from './keys'

export const fetchMessages = (page: number, size: number) =>
  api.post<MessagesPage>(
    '/api/usercenter/messages',
    { PageIndex: page, PageSize: size },
    { failMessage: '消息加载失败' },
  )

export const messagesQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: messageKeys.page(page, size),
    queryFn: () => fetchMessages(page, size),
    placeholderData: keepPreviousData,
  })

export const useMessages = (page: number, size: number) => useQuery(messagesQuery(page, size))
