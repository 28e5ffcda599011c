// Every route of the app in one table (spec section 2), lazy pages, the guard (./guard.ts) with the right a
// route needs on its handle, and page titles; beside it the embedded catalogue's own small tree.
import { createBrowserRouter, type RouteObject, redirect } from 'react-router'
import { paths } from '../config/paths'
import { embedBase } from '../lib/embed'
import { guardFor } from './guard'
import { AuthLayout } from './layout/AuthLayout'
import { PageLoading } from './layout/PageLoading'
import { RootLayout } from './layout/RootLayout'
import { RouteError } from './layout/RouteError'
import { page } from './page'
import { MAIN_SCREENS } from './routes'

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    // The guard reads the handles of this very table, which is complete once the loader first runs.
    loader: (args) => guard(args),
    // The guard must run on every navigation, not only when the root route's own params change.
    shouldRevalidate: () => true,
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
    children: [
      // Redirects render nothing; element: null says so (React Router warns of an empty page without it).
      { index: true, loader: () => redirect(paths.vinSearch), element: null },
      {
        lazy: page(() => import('./layout/MainLayout')),
        errorElement: <RouteError />,
        children: [
          ...MAIN_SCREENS.map((s) => ({
            path: s.path,
            lazy: s.lazy,
            handle: { title: s.title, right: s.right },
          })),
          {
            path: paths.user,
            lazy: page(() => import('../features/account/pages/UserLayout')),
            children: [
              { index: true, loader: () => redirect(paths.userAdmin), element: null },
              {
                path: 'admin',
                lazy: page(() => import('../features/account/pages/AccountAdminPage')),
                handle: { title: '账号管理' },
              },
              {
                path: 'myOrders',
                lazy: page(() => import('../features/billing/pages/MyOrdersPage')),
                handle: { title: '我的订单' },
              },
              {
                path: 'buyService',
                lazy: page(() => import('../features/billing/pages/BuyServicePage')),
                handle: { title: '购买服务', right: 'owner' },
              },
              {
                path: 'coupons',
                lazy: page(() => import('../features/billing/pages/CouponsPage')),
                handle: { title: '我的优惠券' },
              },
              {
                path: 'systemMessage',
                lazy: page(() => import('../features/messages/pages/SystemMessagePage')),
                handle: { title: '系统消息' },
              },
              {
                path: 'renewalManage',
                lazy: page(() => import('../features/billing/pages/RenewalManagePage')),
                handle: { title: '续费管理', right: 'owner' },
              },
              {
                path: 'userManage',
                lazy: page(() => import('../features/account/pages/UserManagePage')),
                handle: { title: '用户管理', right: 'owner' },
              },
              {
                path: 'dataService',
                lazy: page(() => import('../features/data-service/pages/DataServicePage')),
                handle: { title: '数据服务', right: 'owner' },
              },
            ],
          },
        ],
      },
      {
        Component: AuthLayout,
        errorElement: <RouteError />,
        children: [
          {
            path: paths.login,
            lazy: page(() => import('../features/auth/pages/LoginPage')),
            handle: { title: '登录' },
          },
          {
            path: paths.register,
            lazy: page(() => import('../features/auth/pages/RegisterPage')),
            handle: { title: '注册' },
          },
          {
            path: paths.modifyPw,
            lazy: page(() => import('../features/auth/pages/ModifyPwPage')),
            handle: { title: '找回密码' },
          },
        ],
      },
      {
        // Paying stands alone too; /payCallback is open without a login (the guard's public paths).
        lazy: page(() => import('./layout/PaymentLayout')),
        errorElement: <RouteError />,
        children: [
          {
            path: paths.onlinePayment,
            lazy: page(() => import('../features/billing/pages/OnlinePaymentPage')),
            handle: { title: '在线支付' },
          },
          {
            path: paths.payCallback,
            lazy: page(() => import('../features/billing/pages/PayCallbackPage')),
            handle: { title: '支付结果' },
          },
        ],
      },
      {
        // The print view stands alone (no header, menus or footer) but needs a login like the sheets.
        lazy: page(() => import('./layout/QueryLayout')),
        children: [
          {
            path: paths.printSheet,
            lazy: page(() => import('../features/sheets/print/PrintSheetPage')),
            handle: { title: '打印' },
          },
        ],
      },
      {
        path: paths.apiPage,
        lazy: page(() => import('../features/info/pages/ApiPage')),
        handle: { title: '数据服务' },
      },
      {
        path: paths.datenschutz,
        lazy: page(() => import('../features/info/pages/PrivacyPolicyPage')),
        handle: { title: '隐私政策' },
      },
      {
        path: paths.vereinbarung,
        lazy: page(() => import('../features/info/pages/UserAgreementPage')),
        handle: { title: '用户服务协议' },
      },
      {
        path: paths.downloadApp,
        lazy: page(() => import('../features/info/pages/DownloadAppPage')),
        handle: { title: '下载App' },
      },
      {
        path: paths.forbidden,
        lazy: page(() => import('../features/info/pages/ForbiddenPage')),
        handle: { title: '无权访问' },
      },
      {
        path: paths.notFound,
        lazy: page(() => import('../features/info/pages/NotFoundPage')),
        handle: { title: '页面不存在' },
      },
      { path: '*', loader: () => redirect(paths.notFound), element: null },
    ],
  },
  {
    // An embedded catalogue (features/embed): outside the root layout, so no guard, header or shortcuts; its
    // screens are the catalogue's own, under its /embed/<link> address (catalogue/links.ts).
    path: paths.embed,
    lazy: page(() => import('./layout/EmbedLayout')),
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: page(() => import('../features/embed/pages/EmbedLandingPage')) },
      {
        path: paths.partsFilter.slice(1),
        lazy: page(() => import('../features/catalogue/pages/PartsFilterPage')),
      },
      {
        path: paths.partsDetail.slice(1),
        lazy: page(() => import('../features/catalogue/pages/PartsDetailPage')),
      },
      // Nothing else is the frame's: back to its first screen rather than out of it.
      { path: '*', loader: () => redirect(embedBase), element: null },
    ],
  },
]

const guard = guardFor(routes)

export const router = createBrowserRouter(routes)
