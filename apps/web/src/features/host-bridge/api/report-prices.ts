// /api/author/update4spricelist: after a successful look-up the page reports the host's raw answer with the
// company's price type (type4s) and name (spec section 7). The answer is not read, and no failure is shown
// (a host's answer too large to send is refused as a bad request): the clerk's work goes on whatever the
// report does.
import type { QueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { refreshAfterChange } from '../../../lib/refresh'
import { companyInfoQuery } from '../../account'
import { hostBridgeKeys } from './keys'

export async function reportPrices(client: QueryClient, partNumber: string, raw: string): Promise<void> {
  try {
    const company = await client.fetchQuery(companyInfoQuery())
    await api.post(
      '/api/author/update4spricelist',
      {
        partNumber,
        pb: company.type4s,
        json: raw,
        name: company.client_com_name,
      },
      { quiet: true },
    )
    // The part detail shows the reported price as 店端4S价.
    void refreshAfterChange(client, hostBridgeKeys.dealerPrices(partNumber))
  } catch {}
}
