// The main layout: dark header, the kept-alive main view, and the footer except on full-height screens.
// It is loaded with the first signed-in screen and brings TanStack Query with it, and the message hosts once
// that screen is idle: the first message may be that the server cannot be reached, when they could not load.
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { FOOTER_HIDDEN_ROUTES, PINNED_HEADER_PREFIXES, routeName } from '../../config/paths'
import { MustChangePasswordModal } from '../../features/account'
import { prepareFeedbackWhenIdle } from '../../lib/feedback'
import { QueryProvider } from '../query'
import { AppFooter } from './AppFooter'
import { AppHeader, HEADER_HEIGHT } from './AppHeader'
import { KeepAliveOutlet } from './KeepAliveOutlet'

export default function MainLayout() {
  const { pathname } = useLocation()
  const pinned = PINNED_HEADER_PREFIXES.some((p) => pathname.toLowerCase().startsWith(p.toLowerCase()))
  const showFooter = !FOOTER_HIDDEN_ROUTES.includes(routeName(pathname))
  useEffect(() => prepareFeedbackWhenIdle(), [])
  return (
    <QueryProvider>
      <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
        <AppHeader theme="dark" pinned={pinned} />
        {pinned && <div style={{ height: HEADER_HEIGHT, flex: 'none' }} />}
        <main style={{ flex: 1 }}>
          <KeepAliveOutlet />
        </main>
        {showFooter && <AppFooter />}
      </div>
      {/* Reads the rights after sign-in (kept with the login info) and asks for a new password when due. */}
      <MustChangePasswordModal />
    </QueryProvider>
  )
}
