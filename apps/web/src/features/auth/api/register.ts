// /api/author/register: a new company account with its owner; answers the login info.
import type { LoginInfo } from '@epc/shared'
import { api } from '../../../lib/api-client'
import { useSubmit } from '../../../lib/use-submit'

export interface RegisterPayload {
  Mobile: string
  SmsCode: string
  Password: string
  UserName: string
  CompanyName: string
}

export function register(payload: RegisterPayload): Promise<LoginInfo> {
  return api.post<LoginInfo>('/api/author/register', payload, { showResultMsg: true })
}

export const useRegister = () => useSubmit(register)
