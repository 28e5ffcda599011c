// The payment pages (/onlinePayment, /payCallback) stand outside the main layout, as the spec lists them:
// the header above the page, and TanStack Query for their calls.
import { Outlet } from 'react-router'
import { QueryProvider } from '../query'
import { AppHeader } from './AppHeader'

export default function PaymentLayout() {
  return (
    <QueryProvider>
      <AppHeader theme="dark" pinned={false} />
      <main style={{ padding: '0 24px' }}>
        <Outlet />
      </main>
    </QueryProvider>
  )
}
