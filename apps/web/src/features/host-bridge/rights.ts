// Who may see the dealer's purchase price (进价) from the host. The staff issue brings a price right; until it
// lands everyone sees 进价, as the catalogue's stock table shows it today. Checked here, and only here.
import type { LoginInfo } from '@epc/shared'

export function maySeeDealerPurchasePrice(_info: LoginInfo | null): boolean {
  return true
}
