// Right after sign-in: the entitlement call records whether the user is the company's owner with the login
// info (fetchEntitlement does), and says whether the service has ended, in which case the owner lands on the
// buy page rather than the look-ups (staff, who cannot buy, are told to ask the owner). A failed call changes
// nothing: the user goes on as usual.
import { fetchEntitlement, serviceEnded } from './api/get-entitlement'

/** Answers whether the company's service has ended (no period and no queries left), and if the user owns it. */
export async function afterSignIn(): Promise<{ ended: boolean; owner: boolean }> {
  try {
    const entitlement = await fetchEntitlement()
    return { ended: serviceEnded(entitlement), owner: entitlement.IsOwner }
  } catch {
    return { ended: false, owner: false }
  }
}
