// /api/billing/entitlement: what the company's orders add up to (service end, queries, seats, items) and
// whether the caller is the owner, which is kept with the login info each time it is read.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { recordOwnership } from '../../../lib/session'
import type { Entitlement } from '../types'
import { billingKeys } from './keys'

export async function fetchEntitlement(): Promise<Entitlement> {
  const entitlement = await api.post<Entitlement>('/api/billing/entitlement', {})
  recordOwnership(entitlement.IsOwner)
  return entitlement
}

/** The look-ups are refused: no period runs and no query pack has queries left. */
export const serviceEnded = (e: Entitlement | undefined) => !!e && !e.ServiceActive && e.QueriesLeft <= 0

export const entitlementQuery = () =>
  queryOptions({ queryKey: billingKeys.entitlement(), queryFn: fetchEntitlement, staleTime: 30_000 })

export const useEntitlement = () => useQuery(entitlementQuery())
