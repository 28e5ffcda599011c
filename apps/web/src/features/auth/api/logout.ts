// Logout: tells the server (its answer is not used), then forgets everything but the zoom and goes to
// /login, even when the call fails.
import { api } from '../../../lib/api-client'
import { reloadSearchMemory } from '../../../lib/search-memory'
import { reloadSession } from '../../../lib/session'
import { clearAllExceptZoom } from '../../../lib/storage'

export async function logout(goToLogin: () => void) {
  try {
    await api.post('/api/author/loginout', {})
  } catch {
    // The user leaves regardless; an unreachable server must not keep them signed in here.
  } finally {
    clearAllExceptZoom()
    reloadSession()
    reloadSearchMemory()
    goToLogin()
  }
}
