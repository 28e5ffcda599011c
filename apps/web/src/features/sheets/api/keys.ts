// Every query key of the sheet calls. A change to a sheet of one kind refreshes everything under that kind
// (pages, the popover's latest, the looked-up selection, lines); the suggestions follow new sheets.
import type { SheetKind } from '@epc/shared'

export const sheetKeys = {
  all: ['sheets'] as const,
  kind: (kind: SheetKind) => [...sheetKeys.all, kind] as const,
  page: (kind: SheetKind, keyText: string, page: number) =>
    [...sheetKeys.kind(kind), 'page', keyText, page] as const,
  latest: (kind: SheetKind) => [...sheetKeys.kind(kind), 'latest'] as const,
  one: (kind: SheetKind, orderId: string | null) => [...sheetKeys.kind(kind), 'one', orderId] as const,
  lines: (kind: SheetKind, orderId: string | null) => [...sheetKeys.kind(kind), 'lines', orderId] as const,
  suggestions: () => [...sheetKeys.all, 'suggestions'] as const,
  pastSuppliers: () => [...sheetKeys.suggestions(), 'suppliers'] as const,
  pastVehicles: () => [...sheetKeys.suggestions(), 'vehicles'] as const,
  vinFill: (vin: string) => [...sheetKeys.all, 'vinFill', vin] as const,
  partFill: (partNumber: string) => [...sheetKeys.all, 'partFill', partNumber] as const,
  meantParts: (partNumber: string) => [...sheetKeys.all, 'meantParts', partNumber] as const,
}
