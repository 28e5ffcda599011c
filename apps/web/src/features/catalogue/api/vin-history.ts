// /api/epc/vinhistory: the account's recent VINs and the demo VINs to try.
import type { VinHistoryAnswer } from '@epc/shared'
import { useQuery } from '@tanstack/react-query'
import { lookup } from './lookup'

export const vinHistory = () => lookup<VinHistoryAnswer>('/api/epc/vinhistory')

export const useVinHistory = () => useQuery({ queryKey: ['vinhistory'], queryFn: vinHistory })
