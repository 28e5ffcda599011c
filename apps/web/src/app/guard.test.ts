// The route guard on a table of its own (the shipped router has no page that needs a right yet): anonymous
// visitors go to /login, a signed-in user without the right a route names goes to /403.
import type { LoginInfo } from '@epc/shared'
import type { LoaderFunctionArgs, RouteObject } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { clearAllStoredState, saveLoginInfo } from '../lib/storage'
import { guardFor, type RouteHandle } from './guard'

const owner: RouteHandle = { right: 'owner' }

const table: RouteObject[] = [
  {
    id: 'root',
    children: [
      { path: '/vinSearch' },
      { path: '/ApiPage' },
      { path: '/purchaseOrders', handle: { right: 'purchasePrice' } },
      {
        path: '/user',
        children: [{ path: 'admin' }, { path: 'userManage', handle: owner }],
      },
      // A right on a layout route covers every page under it.
      { path: '/owner', handle: owner, children: [{ path: 'reports' }] },
    ],
  },
]

const INFO: LoginInfo = {
  UserName: '李师傅',
  Mobile: '13800138000',
  UserID: 1,
  UserCompanyName: 'x',
  Token: 't',
}

/** Where the guard sends a visit to `path`, or null when the page opens. */
function visit(guard: ReturnType<typeof guardFor>, path: string): string | null {
  const args = { request: new Request(`http://localhost${path}`), params: {}, context: {} }
  try {
    guard(args as unknown as LoaderFunctionArgs)
    return null
  } catch (thrown) {
    return (thrown as Response).headers.get('Location')
  }
}

beforeEach(() => {
  clearAllStoredState()
})

describe('the route guard', () => {
  const guard = guardFor(table)

  it('sends a visitor without login info to /login, and back afterwards', () => {
    expect(visit(guard, '/user/userManage')).toBe(`/login?redirect=${encodeURIComponent('/user/userManage')}`)
    expect(visit(guard, '/vinSearch')).toBe(`/login?redirect=${encodeURIComponent('/vinSearch')}`)
    expect(visit(guard, '/ApiPage')).toBeNull()
  })

  it('sends a signed-in user who lacks the right a route names to /403', () => {
    saveLoginInfo(INFO)
    expect(visit(guard, '/user/userManage')).toBe('/403')
    expect(visit(guard, '/owner/reports')).toBe('/403')
    expect(visit(guard, '/user/admin')).toBeNull()
    expect(visit(guard, '/vinSearch')).toBeNull()
  })

  it('lets a user who holds the right in', () => {
    saveLoginInfo(INFO)
    const withOwner = guardFor(table, (info, right) => info.Mobile === INFO.Mobile && right === 'owner')
    expect(visit(withOwner, '/user/userManage')).toBeNull()
    expect(visit(withOwner, '/owner/reports')).toBeNull()
  })

  it('opens owner pages to the owner only, and purchase orders to the owner or a member with the price right', () => {
    saveLoginInfo({ ...INFO, IsOwner: false, SeePurchasePrice: false })
    expect(visit(guard, '/purchaseOrders')).toBe('/403')
    expect(visit(guard, '/user/userManage')).toBe('/403')
    saveLoginInfo({ ...INFO, IsOwner: false, SeePurchasePrice: true })
    expect(visit(guard, '/purchaseOrders')).toBeNull()
    expect(visit(guard, '/user/userManage')).toBe('/403')
    saveLoginInfo({ ...INFO, IsOwner: true })
    expect(visit(guard, '/purchaseOrders')).toBeNull()
    expect(visit(guard, '/user/userManage')).toBeNull()
  })
})
