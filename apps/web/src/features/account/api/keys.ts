// Every query key of the account calls.
export const accountKeys = {
  all: ['account'] as const,
  companyInfo: () => [...accountKeys.all, 'companyInfo'] as const,
  staffState: (mobile: string | undefined) => [...accountKeys.all, 'staffState', mobile] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  loginHistory: () => [...accountKeys.all, 'loginHistory'] as const,
  myRights: () => [...accountKeys.all, 'myRights'] as const,
  staff: () => [...accountKeys.all, 'staff'] as const,
}
