// The header of spec section 2: logo, the search menu (with F6/F8, fromType and return-to-last-result),
// the company and mobile, and the user menu with zoom and logout. White and pinned on the login page.
import { ExportOutlined } from '@ant-design/icons'
import { Tag } from 'antd'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { BRAND_NAME, LOGIN_FIRST } from '../../config/brand'
import { isLoginPage, paths } from '../../config/paths'
import { feedback } from '../../lib/feedback'
import { type FromType, useSearchMemory } from '../../lib/search-memory'
import { hasRight, useSession } from '../../lib/session'
import { hasScreen } from '../routes'
import styles from './AppHeader.module.css'

export const HEADER_HEIGHT = 56
const MAX_OFFSET_PX = 17
// The account area (company, user menu, zoom, logout) is needed only once signed in, so /login does not
// download it.
const HeaderAccount = lazy(() => import('./HeaderAccount'))
// Likewise the popovers listing the latest quotations and purchase orders.
const HeaderSheets = lazy(() => import('./HeaderSheets'))

interface MenuEntry {
  key: string
  label: string
  fromType?: FromType
  path: string
  shortcut?: string
  badge?: string
  newWindow?: boolean
  /** Hovering lists the latest sheets of this kind. */
  sheets?: 'quote' | 'purchase'
}

function menuEntries(partsVariant: string): MenuEntry[] {
  return [
    { key: 'vin', label: 'VIN查询', fromType: 1, path: paths.vinSearch, shortcut: 'F6', newWindow: true },
    { key: 'car', label: '车型查询', fromType: 2, path: paths.carTypeSearch, badge: '免费' },
    { key: 'smart', label: '保养/事故查询', fromType: 3, path: paths.smartSearch },
    { key: 'parts', label: '4S报价系统', fromType: 4, path: partsVariant, shortcut: 'F8', sheets: 'quote' },
    { key: 'purchase', label: '采购单', path: paths.purchaseOrders, sheets: 'purchase' },
  ]
}

const KEY_BY_FROM_TYPE: Record<string, string> = { '1': 'vin', '2': 'car', '3': 'smart', '4': 'parts' }
const KEY_BY_ROUTE: Record<string, string> = {
  vinSearch: 'vin',
  partsFilter: 'vin',
  partsDetail: 'vin',
  carTypeSearch: 'car',
  smartSearch: 'smart',
  partsSearchNew: 'parts',
  partsSearch: 'parts',
  quoteOrder: 'parts',
  purchaseOrders: 'purchase',
}

/** The scrollbar's width, measured once: antd hides the page scrollbar while a dialog is open. */
function scrollbarWidth(): number {
  const probe = document.createElement('div')
  probe.style.cssText = 'position:absolute;top:-9999px;width:100px;height:100px;overflow:scroll'
  document.body.appendChild(probe)
  const width = probe.offsetWidth - probe.clientWidth
  probe.remove()
  return width
}

/** A pinned header keeps its right edge still when a dialog removes the page scrollbar (at most 17 px). */
function usePinnedOffset(pinned: boolean): number {
  const [offset, setOffset] = useState(0)
  useEffect(() => {
    if (!pinned) return
    const width = Math.min(scrollbarWidth(), MAX_OFFSET_PX)
    const update = () => setOffset(getComputedStyle(document.body).overflowY === 'hidden' ? width : 0)
    const observer = new MutationObserver(update)
    observer.observe(document.body, { attributes: true, attributeFilter: ['style', 'class'] })
    update()
    return () => observer.disconnect()
  }, [pinned])
  return offset
}

export function AppHeader({ theme, pinned = false }: { theme: 'dark' | 'light'; pinned?: boolean }) {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const info = useSession((s) => s.info)
  const memory = useSearchMemory()
  const offset = usePinnedOffset(pinned)
  const onLoginPage = isLoginPage(pathname)

  const entries = menuEntries(memory.partsVariant)
  const active = KEY_BY_FROM_TYPE[params.get('fromType') ?? ''] ?? KEY_BY_ROUTE[pathname.split('/')[1] ?? '']

  const open = (entry: MenuEntry) => {
    if (!info) return feedback.warning(LOGIN_FIRST)
    const remembered = entry.fromType ? memory.results[entry.fromType] : undefined
    navigate(remembered ?? entry.path)
  }

  const menuButton = (entry: MenuEntry) => (
    <button type="button" onClick={() => open(entry)} data-menu={entry.key}>
      {entry.label}
      {entry.shortcut && <span className={styles.shortcut}>({entry.shortcut})</span>}
      {entry.badge && (
        <Tag color="green" className={styles.badge}>
          {entry.badge}
        </Tag>
      )}
    </button>
  )

  const onLogo = () => {
    // Elsewhere a visitor goes too: the guard sends them to sign in, and back to VIN search after.
    if (onLoginPage) return feedback.warning(LOGIN_FIRST)
    navigate(paths.vinSearch)
  }

  const className = [
    styles.header,
    theme === 'light' ? styles.light : styles.dark,
    pinned ? styles.pinned : '',
  ]
    .filter(Boolean)
    .join(' ')

  return (
    <header
      className={className}
      style={{ height: HEADER_HEIGHT, paddingRight: pinned ? 24 + offset : undefined }}
      data-testid="app-header"
      data-theme={theme}
    >
      <button type="button" className={styles.logo} onClick={onLogo}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>{BRAND_NAME}</span>
      </button>
      <nav className={styles.menu} aria-label="主菜单">
        {entries
          .filter((e) => hasScreen(e.path))
          // 采购单 is hidden from a staff member without the price right (before sign-in it asks to log in).
          .filter((e) => e.key !== 'purchase' || !info || hasRight(info, 'purchasePrice'))
          .map((entry) => (
            <span key={entry.key} className={`${styles.item} ${active === entry.key ? styles.active : ''}`}>
              {info && entry.sheets ? (
                <Suspense fallback={menuButton(entry)}>
                  <HeaderSheets kind={entry.sheets}>{menuButton(entry)}</HeaderSheets>
                </Suspense>
              ) : (
                menuButton(entry)
              )}
              {entry.newWindow && info && (
                <a
                  href={entry.path}
                  target="_blank"
                  rel="noopener"
                  className={styles.newWindow}
                  title="在新窗口打开"
                  aria-label="在新窗口打开"
                >
                  <ExportOutlined />
                </a>
              )}
            </span>
          ))}
      </nav>
      <div className={styles.account}>
        {info ? (
          <Suspense fallback={<span className={styles.user}>{info.Mobile}</span>}>
            <HeaderAccount info={info} companyClass={styles.company ?? ''} userClass={styles.user ?? ''} />
          </Suspense>
        ) : (
          <span className={styles.guest}>
            <Link to={paths.login}>登录</Link>
            <Link to={paths.register}>免费注册</Link>
          </span>
        )}
      </div>
    </header>
  )
}
