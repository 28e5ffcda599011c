// /api/epc/vinfill: the plate and model a 17-character VIN fills into the sheet dialog, from the company's
// latest sheet with it or from the catalogue; `source` says which (sheet, catalogue or none).
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { sheetKeys } from './keys'

export interface VinFill {
  carNo: string
  carType: string
  source: string
}

export const fetchVinFill = (vin: string) => api.post<VinFill>('/api/epc/vinfill', { VIN: vin })

export const vinFillQuery = (vin: string) =>
  queryOptions({ queryKey: sheetKeys.vinFill(vin), queryFn: () => fetchVinFill(vin) })
