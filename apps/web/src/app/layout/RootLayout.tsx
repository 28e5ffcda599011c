// Around every route: installs the global keys and the screen-size recorder once, binds the API client's
// navigation, applies the zoom, sets the page title, and handles F6, F8 and the F1 auto-press.
import { useEffect, useRef } from 'react'
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router'
import { LOGIN_FIRST, TITLE_PREFIX } from '../../config/brand'
import { paths } from '../../config/paths'
import { trackScreenSize } from '../../lib/display-size'
import { feedback } from '../../lib/feedback'
import { installKeyboard, pressShortcut, useShortcut } from '../../lib/keyboard'
import { setNavigator } from '../../lib/navigation'
import { reloadSearchMemory, useSearchMemory } from '../../lib/search-memory'
import { reloadSession, useSession } from '../../lib/session'
import { getZoom } from '../../lib/storage'
import { applyZoom } from '../../lib/zoom'
import type { RouteHandle } from '../guard'
import { hasScreen } from '../routes'

export const F1_AUTO_PRESS_MS = 600

export function RootLayout() {
  const navigate = useNavigate()
  const location = useLocation()
  const matches = useMatches()
  const loggedIn = useSession((s) => s.info !== null)
  const partsVariant = useSearchMemory((s) => s.partsVariant)
  const lastPartsResult = useSearchMemory((s) => s.results[4])

  useEffect(() => installKeyboard(), [])
  useEffect(() => trackScreenSize(), [])
  useEffect(() => applyZoom(getZoom()), [])
  useEffect(() => {
    setNavigator((path) => {
      // The client has just cleared storage (40100 or an abnormal account): the stores follow it.
      reloadSession()
      reloadSearchMemory()
      navigate(path)
    })
  }, [navigate])

  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined
  useEffect(() => {
    document.title = TITLE_PREFIX + (title?.title ?? '')
  }, [title])

  const go = (path: string, resume?: string) => {
    if (!loggedIn) feedback.warning(LOGIN_FIRST)
    else if (hasScreen(path)) navigate(resume?.startsWith(`${path}?`) ? resume : path)
  }
  useShortcut('F6', () => go(paths.vinSearch))
  // F8 returns to the last part-code result of the remembered variant, as its menu item does.
  useShortcut('F8', () => go(partsVariant, lastPartsResult))

  // Entering VIN search from another page puts the cursor in the VIN box, as pressing F1 there does.
  const previous = useRef(location.pathname)
  useEffect(() => {
    const from = previous.current
    previous.current = location.pathname
    if (location.pathname !== paths.vinSearch || from === paths.vinSearch) return
    const timer = setTimeout(() => pressShortcut('F1'), F1_AUTO_PRESS_MS)
    return () => clearTimeout(timer)
  }, [location.pathname])

  return <Outlet />
}
