// /api/dataservice/keys (owner): the company's API keys, without their AppSecrets (shown only when made).
import type { ApiKeyRow } from '@epc/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { dataServiceKeys } from './keys'

export const fetchApiKeys = () => api.post<ApiKeyRow[]>('/api/dataservice/keys', {}, { showResultMsg: true })

export const apiKeysQuery = () => queryOptions({ queryKey: dataServiceKeys.keys(), queryFn: fetchApiKeys })

export const useApiKeys = () => useQuery(apiKeysQuery())
