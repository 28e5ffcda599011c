// Every route path of spec section 2 in one place, with the lists the guard and the layout use.

export const paths = {
  root: '/',
  vinSearch: '/vinSearch',
  partsFilter: '/partsFilter',
  partsDetail: '/partsDetail',
  carTypeSearch: '/carTypeSearch',
  smartSearch: '/smartSearch',
  partsSearchNew: '/partsSearchNew',
  partsSearch: '/partsSearch',
  nameEx: '/nameEx',
  purchaseOrders: '/purchaseOrders',
  quoteOrder: '/quoteOrder',
  printSheet: '/printSheet',
  user: '/user',
  userAdmin: '/user/admin',
  userMyOrders: '/user/myOrders',
  userBuyService: '/user/buyService',
  userCoupons: '/user/coupons',
  userSystemMessage: '/user/systemMessage',
  userRenewalManage: '/user/renewalManage',
  userUserManage: '/user/userManage',
  userDataService: '/user/dataService',
  login: '/login',
  register: '/register',
  modifyPw: '/ModifyPw',
  apiPage: '/ApiPage',
  datenschutz: '/datenschutz',
  vereinbarung: '/vereinbarung',
  downloadApp: '/DownloadApp',
  forbidden: '/403',
  notFound: '/404',
  onlinePayment: '/onlinePayment',
  payCallback: '/payCallback',
  /** An embedded catalogue (lib/embed.ts): its first screen; the group tree and illustrations sit below it. */
  embed: '/embed/:link',
} as const

/**
 * Pages the server answers itself, not routes of this app: they live at the API's address
 * (config/sites.ts serverUrl) and open in a new tab.
 */
export const serverPaths = {
  /** The open API's documentation (docs/open-api.md, rendered by the server). */
  openApiDocs: '/open/docs',
  /** The open API's base address: its calls are POST/GET {base}/vin/decode and so on. */
  openApi: '/open/v1',
} as const

/** Paths a visitor without stored login information may open. */
export const PUBLIC_PATHS: readonly string[] = [
  paths.login,
  paths.register,
  paths.downloadApp,
  paths.apiPage,
  paths.datenschutz,
  paths.vereinbarung,
  paths.modifyPw,
  paths.payCallback,
]

/** Route names whose pages use the whole height, without the footer. */
export const FOOTER_HIDDEN_ROUTES: readonly string[] = [
  'purchaseOrders',
  'quoteOrder',
  'partsSearch',
  'smartSearch',
  'carTypeSearch',
  'partsDetail',
  'partsFilter',
  'partsSearchNew',
  'partsDetail3',
  'partsDetail4',
  'partsFilter2',
]

/** Pages whose header is pinned to the top. */
export const PINNED_HEADER_PREFIXES: readonly string[] = [paths.user, paths.vinSearch, paths.login]

export function routeName(pathname: string): string {
  return pathname.split('/')[1] ?? ''
}

/** The login page, whose header is white and pinned and whose logo only warns (spec section 2). */
export function isLoginPage(pathname: string): boolean {
  return pathname.toLowerCase() === paths.login.toLowerCase()
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((p) => p.toLowerCase() === pathname.toLowerCase())
}
