// /api/epc/accidentzones: the collision zones of the car outline (front, rear, left, right, roof).
import type { AccidentZone } from '@epc/shared'
import { useQuery } from '@tanstack/react-query'
import { CATALOGUE_STALE_MS, lookup } from './lookup'

export const accidentZones = () => lookup<AccidentZone[]>('/api/epc/accidentzones')

export const useAccidentZones = () =>
  useQuery({ queryKey: ['accidentzones'], queryFn: accidentZones, staleTime: CATALOGUE_STALE_MS })
