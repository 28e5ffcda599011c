// The sign-in screens. The header is white and pinned on the login page only (spec section 2): register and
// 找回密码 have the dark header of every other page, scrolling with it.
import { Outlet, useLocation } from 'react-router'
import { isLoginPage } from '../../config/paths'
import { AppHeader, HEADER_HEIGHT } from './AppHeader'

export function AuthLayout() {
  const onLoginPage = isLoginPage(useLocation().pathname)
  return (
    <>
      <AppHeader theme={onLoginPage ? 'light' : 'dark'} pinned={onLoginPage} />
      {onLoginPage && <div style={{ height: HEADER_HEIGHT }} />}
      <Outlet />
    </>
  )
}
