// The query cache follows the session: a new token (another sign-in) drops every cached answer; a sign-out
// leaves it to the next sign-in, so screens still mounted do not fetch again without a token.
import { beforeEach, describe, expect, it } from 'vitest'
import { recordOwnership, reloadSession, signIn } from '../lib/session'
import { clearAllStoredState } from '../lib/storage'
import { queryClient } from './query'

const INFO = { UserName: '李师傅', Mobile: '13800138000', UserID: 1, UserCompanyName: 'x', Token: 'a' }

beforeEach(() => {
  clearAllStoredState()
  reloadSession()
  queryClient.clear()
})

describe('the query cache and the session', () => {
  it('is emptied when a new token arrives, and kept when only IsOwner is learnt or on sign-out', () => {
    signIn(INFO)
    queryClient.setQueryData(['billing', 'entitlement'], { IsOwner: true })
    recordOwnership(true)
    expect(queryClient.getQueryData(['billing', 'entitlement'])).toEqual({ IsOwner: true })

    signIn({ ...INFO, Token: 'b' })
    expect(queryClient.getQueryData(['billing', 'entitlement'])).toBeUndefined()

    queryClient.setQueryData(['account', 'companyInfo'], { client_com_name: 'x' })
    clearAllStoredState()
    reloadSession()
    expect(queryClient.getQueryData(['account', 'companyInfo'])).toEqual({ client_com_name: 'x' })
    signIn({ ...INFO, Token: 'c' })
    expect(queryClient.getQueryData(['account', 'companyInfo'])).toBeUndefined()
  })
})
