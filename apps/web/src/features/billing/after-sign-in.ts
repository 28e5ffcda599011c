// Right after sign-in: the entitlement call records whether the user is the company's owner with the login
// info (fetchEntitlement does), and says whether the service has ended, in which case the user lands on the
// buy page rather than the look-ups. A failed call changes nothing: the user goes on as usual.
import { fetchEntitlement, serviceEnded } from './api/get-entitlement'

/** Answers whether the company's service has ended (no period and no queries left). */
export async function afterSignIn(): Promise<{ ended: boolean }> {
  try {
    return { ended: serviceEnded(await fetchEntitlement()) }
  } catch {
    return { ended: false }
  }
}
