// Who may see purchase prices (进价): the host's, the catalogue's stock table's and the quotation lines'. The
// owner always, a staff member when the owner allowed it (/api/usercenter/myrights, kept with the login info
// by the account feature's useMyRights). Checked here, and only here; the server answers no purchase price
// to a caller without the right anyway.
import { hasRight } from '../../lib/session'
import type { StoredLoginInfo } from '../../lib/storage'

export function maySeeDealerPurchasePrice(info: StoredLoginInfo | null): boolean {
  return hasRight(info, 'purchasePrice')
}
