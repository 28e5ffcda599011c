// App-wide providers: antd in Chinese with the product theme, and the message and notification hosts bound
// to the feedback module so call errors follow the theme. TanStack Query comes with the signed-in layouts
// (query.tsx). antd's <App> is not used: it would bring the dialog code to the first screen.
import { ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react'
import { bindFeedback, feedbackWanted, onFeedbackWanted } from '../lib/feedback'

const theme = {
  token: { colorPrimary: '#d4380d', borderRadius: 4 },
}

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
    <ConfigProvider locale={zhCN} theme={theme}>
      <FeedbackSlot />
      {children}
    </ConfigProvider>
  )
}
