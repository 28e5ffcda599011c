// /api/usercenter/updateprofile: the user's name; the company's name and phone (owner only). The answer is
// the new profile; the stored login info and the company details follow it.
import type { Profile } from '@epc/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import { updateLoginInfo } from '../../../lib/session'
import { accountKeys } from './keys'

export interface ProfileChange {
  UserName: string
  CompanyName?: string
  CompanyPhone?: string
}

export const updateProfile = (change: ProfileChange) =>
  api.post<Profile>('/api/usercenter/updateprofile', change, { showResultMsg: true })

/** After a change that answers the profile (an edit, a new mobile). */
export function useProfileAnswer() {
  const client = useQueryClient()
  return (profile: Profile) => {
    client.setQueryData(accountKeys.profile(), profile)
    updateLoginInfo({
      UserName: profile.UserName,
      Mobile: profile.Mobile,
      UserCompanyName: profile.CompanyName,
    })
    return refreshAfterChange(client, accountKeys.companyInfo())
  }
}

export function useUpdateProfile() {
  const answered = useProfileAnswer()
  return useMutation({ mutationFn: updateProfile, onSuccess: answered })
}
