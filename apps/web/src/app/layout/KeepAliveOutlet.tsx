// The main view keeps up to 10 screens alive (least recently used first out): state, DOM and scroll
// position survive a visit elsewhere. Hidden screens sit in <Activity mode="hidden">, which pauses their
// effects; each screen keeps the location it was last shown at, and its popups render inside it, so they
// hide with it (drawers and dialogs also close: lib/keep-alive.ts).
import { ConfigProvider } from 'antd'
import { Activity, type ReactNode, useCallback, useLayoutEffect, useRef } from 'react'
import {
  type Location,
  UNSAFE_LocationContext,
  useLocation,
  useNavigationType,
  useOutlet,
} from 'react-router'
import { touchRecent } from '../../lib/keep-alive'

export const MAX_KEPT_VIEWS = 10

interface KeptView {
  element: ReactNode
  location: Location
}

/** One cached view per top-level path: /partsDetail?x and /partsDetail?y are the same screen. */
export function viewKey(pathname: string): string {
  return `/${(pathname.split('/')[1] ?? '').toLowerCase()}`
}

// A ref object, not state: <Activity> detaches refs while hidden, and state would then unmount the view.
function ViewFrame({ children }: { children: ReactNode }) {
  const container = useRef<HTMLDivElement>(null)
  const getPopupContainer = useCallback(() => container.current ?? document.body, [])
  return (
    <div ref={container} style={{ position: 'relative' }}>
      <ConfigProvider getPopupContainer={getPopupContainer}>{children}</ConfigProvider>
    </div>
  )
}

export function KeepAliveOutlet() {
  const outlet = useOutlet()
  const location = useLocation()
  const navigationType = useNavigationType()
  const views = useRef(new Map<string, KeptView>())
  const scrollTops = useRef(new Map<string, number>())
  const current = viewKey(location.pathname)
  const currentRef = useRef(current)

  for (const gone of touchRecent(views.current, current, { element: outlet, location }, MAX_KEPT_VIEWS)) {
    scrollTops.current.delete(gone)
  }

  useLayoutEffect(() => {
    const onScroll = () => scrollTops.current.set(currentRef.current, window.scrollY)
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  useLayoutEffect(() => {
    currentRef.current = current
    window.scrollTo(0, scrollTops.current.get(current) ?? 0)
  }, [current])

  return (
    <>
      {[...views.current].map(([key, view]) => (
        <Activity key={key} mode={key === current ? 'visible' : 'hidden'}>
          <UNSAFE_LocationContext.Provider value={{ location: view.location, navigationType }}>
            <ViewFrame>{view.element}</ViewFrame>
          </UNSAFE_LocationContext.Provider>
        </Activity>
      ))}
    </>
  )
}
