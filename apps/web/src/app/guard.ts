// The route guard (spec sections 2 and 8): without stored login info only the public paths open, the rest go
// to /login and come back after; a signed-in user who lacks a right that a matched route names on its
// handle goes to /403.
import { type LoaderFunctionArgs, matchRoutes, type RouteObject, redirect } from 'react-router'
import { isPublicPath, paths } from '../config/paths'
import { hasRight, type Right } from '../lib/session'
import { loadLoginInfo, type StoredLoginInfo } from '../lib/storage'

export interface RouteHandle {
  title?: string
  /**
   * What the page needs beyond a login; on a layout route it covers the children. It sits on the route
   * object, not in the lazy module, so the guard knows it before the page's code is fetched.
   */
  right?: Right
}

/** The guard of a route table; `holds` is the session's right check (a test may grant rights). */
export function guardFor(
  routes: RouteObject[],
  holds: (info: StoredLoginInfo, right: Right) => boolean = hasRight,
) {
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url)
    if (isPublicPath(url.pathname)) return null
    const info = loadLoginInfo()
    if (!info) {
      const back = url.pathname + url.search
      throw redirect(back === '/' ? paths.login : `${paths.login}?redirect=${encodeURIComponent(back)}`)
    }
    const needed = (matchRoutes(routes, url.pathname) ?? []).map(
      (match) => (match.route.handle as RouteHandle | undefined)?.right,
    )
    if (needed.some((right) => right && !holds(info, right))) throw redirect(paths.forbidden)
    return null
  }
}
