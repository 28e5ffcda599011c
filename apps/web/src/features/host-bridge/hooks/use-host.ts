// The host's look-ups as queries: found once per page, each part asked once a minute (so one look-up makes
// one report), failures answered as null so screens keep the catalogue's data and show no error.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { hostBridgeKeys } from '../api/keys'
import { reportPrices } from '../api/report-prices'
import { hostBridge } from '../bridge'

const hostQuery = () =>
  queryOptions({
    queryKey: hostBridgeKeys.host(),
    queryFn: async () => (await hostBridge()) !== null,
    staleTime: Number.POSITIVE_INFINITY,
  })

/** Whether the page runs inside a desktop host; false in an ordinary browser (and while it is not known). */
export function useInHost(): boolean {
  return useQuery(hostQuery()).data === true
}

/**
 * The host's stock of a part: `make` is the maker code of the model in view ('' when the screen shows no
 * model). A successful look-up is reported (update4spricelist) from here, once per fetch.
 */
export const hostStockQuery = (partNumber: string, make = '') =>
  queryOptions({
    queryKey: hostBridgeKeys.stock(partNumber, make),
    queryFn: async ({ client }) => {
      const bridge = await hostBridge()
      const answer = bridge ? await bridge.lookUpStock(partNumber, make).catch(() => null) : null
      if (answer) void reportPrices(client, partNumber, answer.raw)
      return answer
    },
    enabled: partNumber.trim() !== '',
    staleTime: 60_000,
  })

export function useHostStock(partNumber: string | null | undefined, make = '') {
  const inHost = useInHost()
  return useQuery({ ...hostStockQuery(partNumber ?? '', make), enabled: inHost && !!partNumber?.trim() })
}

/** Plate and model the host knows for a VIN; null without getstock0401 or when it knows nothing. */
export const hostVehicleQuery = (vin: string) =>
  queryOptions({
    queryKey: hostBridgeKeys.vehicle(vin),
    queryFn: async () => {
      const bridge = await hostBridge()
      return bridge ? bridge.lookUpVin(vin).catch(() => null) : null
    },
    staleTime: 60_000,
  })
