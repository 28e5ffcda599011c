// The sign-in screens: the white, pinned header above the page.
import { Outlet } from 'react-router'
import { AppHeader, HEADER_HEIGHT } from './AppHeader'

export function AuthLayout() {
  return (
    <>
      <AppHeader theme="light" pinned />
      <div style={{ height: HEADER_HEIGHT }} />
      <Outlet />
    </>
  )
}
