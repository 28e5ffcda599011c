// App-wide providers: antd in Chinese with the product theme (without antd's motion where the system asks for
// reduced motion), and the message and notification hosts bound to the feedback module so call errors follow
// the theme. TanStack Query comes with the signed-in layouts (query.tsx). antd's <App> is not used: it would
// bring the dialog code to the first screen.
import { ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react'
import { bindFeedback, feedbackWanted, onFeedbackWanted } from '../lib/feedback'

// Read once, as the page loads: antd would remount the whole app (and lose what a clerk typed) if motion were
// switched under it.
const reduceMotion =
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
const theme = {
  token: { colorPrimary: '#d4380d', borderRadius: 4, motion: !reduceMotion },
}
const wave = { disabled: reduceMotion }

// The message and notification hosts load when something is first said (lib/feedback.ts). Should their chunk
// fail to load, antd's static functions speak instead, rather than the failure taking the app down.
const FeedbackHost = lazy<() => ReactNode>(() =>
  import('./feedback-host').catch(() =>
    import('../lib/feedback-static').then((antd) => {
      bindFeedback(antd)
      return { default: () => null }
    }),
  ),
)

function FeedbackSlot() {
  const wanted = useSyncExternalStore(onFeedbackWanted, feedbackWanted)
  return wanted ? (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  ) : null
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} wave={wave}>
      <FeedbackSlot />
      {children}
    </ConfigProvider>
  )
}
