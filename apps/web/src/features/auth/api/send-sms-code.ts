// /api/author/sendsmscode: one code a minute per mobile, for registering, logging in or resetting a password.
import type { SmsScene } from '@epc/shared'
import { api } from '../../../lib/api-client'
import { useSubmit } from '../../../lib/use-submit'

export function sendSmsCode(payload: { Mobile: string; Scene: SmsScene }) {
  return api.post('/api/author/sendsmscode', payload, { showResultMsg: true })
}

export const useSendSmsCode = () => useSubmit(sendSmsCode)
