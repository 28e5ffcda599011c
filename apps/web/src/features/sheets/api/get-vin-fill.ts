// /api/epc/vinfill: the plate and model a 17-character VIN fills into the sheet dialog, from the company's
// latest sheet with it or from the catalogue; `source` says which (sheet, catalogue or none); `meant`, the VINs
// a mistyped one may have been.
import type { VinQueryAnswer } from '@epc/shared'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { sheetKeys } from './keys'

export interface VinFill {
  carNo: string
  carType: string
  source: string
  /** A VIN of no model with a wrong check digit: the VINs it may have been (as the VIN query offers them). */
  meant: VinQueryAnswer['meant']
}

export const fetchVinFill = (vin: string) => api.post<VinFill>('/api/epc/vinfill', { VIN: vin })

export const vinFillQuery = (vin: string) =>
  queryOptions({ queryKey: sheetKeys.vinFill(vin), queryFn: () => fetchVinFill(vin) })
