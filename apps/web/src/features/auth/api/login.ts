// /api/author/login: by password or by SMS code; answers the login info.
import type { LoginInfo } from '@epc/shared'
import { api } from '../../../lib/api-client'
import { useSubmit } from '../../../lib/use-submit'

export interface LoginPayload {
  Mobile: string
  Password?: string
  SmsCode?: string
}

export function login(payload: LoginPayload): Promise<LoginInfo> {
  return api.post<LoginInfo>('/api/author/login', payload, { showResultMsg: true })
}

export const useLogin = () => useSubmit(login)
