// The main-layout screens that exist, with their titles: the router builds its table from this list and
// the header shows menu items only for screens that are here.
import { paths } from '../config/paths'
import type { Right } from '../lib/session'
import { page } from './page'

export interface ScreenRoute {
  path: string
  title: string
  lazy: ReturnType<typeof page>
  /** What the screen needs beyond a login (the route guard's check). */
  right?: Right
}

export const MAIN_SCREENS: ScreenRoute[] = [
  {
    path: paths.vinSearch,
    title: 'VIN查询',
    lazy: page(() => import('../features/catalogue/pages/VinSearchPage')),
  },
  {
    path: paths.partsFilter,
    title: '配件目录',
    lazy: page(() => import('../features/catalogue/pages/PartsFilterPage')),
  },
  {
    path: paths.partsDetail,
    title: '配件详情',
    lazy: page(() => import('../features/catalogue/pages/PartsDetailPage')),
  },
  {
    path: paths.carTypeSearch,
    title: '车型查询',
    lazy: page(() => import('../features/catalogue/pages/CarTypeSearchPage')),
  },
  {
    path: paths.partsSearchNew,
    title: '配件编码查询',
    lazy: page(() => import('../features/catalogue/pages/PartsSearchNewPage')),
  },
  {
    path: paths.partsSearch,
    title: '配件编码查询',
    lazy: page(() => import('../features/catalogue/pages/PartsSearchPage')),
  },
  {
    path: paths.nameEx,
    title: '配件名称词典',
    lazy: page(() => import('../features/catalogue/pages/NameExPage')),
  },
  {
    path: paths.smartSearch,
    title: '保养/事故查询',
    lazy: page(() => import('../features/catalogue/pages/SmartSearchPage')),
  },
  {
    path: paths.quoteOrder,
    title: '报价单',
    lazy: page(() => import('../features/sheets/pages/QuoteOrderPage')),
  },
  {
    path: paths.purchaseOrders,
    title: '采购单',
    // Purchase orders are purchase prices: staff without the price right get /403 (the server refuses too).
    right: 'purchasePrice',
    lazy: page(() => import('../features/sheets/pages/PurchaseOrdersPage')),
  },
]

export function hasScreen(path: string): boolean {
  return MAIN_SCREENS.some((s) => s.path === path)
}
