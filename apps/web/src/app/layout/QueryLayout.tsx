// TanStack Query for a signed-in page that stands outside the main layout (the print view).
import { Outlet } from 'react-router'
import { QueryProvider } from '../query'

export default function QueryLayout() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  )
}
