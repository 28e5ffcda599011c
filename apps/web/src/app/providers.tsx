// App-wide providers: antd in Chinese with the product theme (without antd's motion where the system asks for
// reduced motion), and the message and notification hosts bound to the feedback module so call errors follow
// the theme. TanStack Query comes with the signed-in layouts (query.tsx). antd's <App> is not used: it would
// bring the dialog code to the first screen.
import { ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import { type ComponentType, type ReactNode, useEffect, useState, useSyncExternalStore } from 'react'
import { bindFeedback, feedbackUnavailable, feedbackWanted, onFeedbackWanted } from '../lib/feedback'

// Read once, as the page loads: antd would remount the whole app (and lose what a clerk typed) if motion were
// switched under it.
const reduceMotion =
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
const theme = {
  token: { colorPrimary: '#d4380d', borderRadius: 4, motion: !reduceMotion },
}
const wave = { disabled: reduceMotion }

// The message and notification hosts load when something is first said (lib/feedback.ts). Should their chunk
// fail to load, antd's static functions speak instead. Should that fail too (the server cannot be reached, the
// very moment a message says so), what was said is shown plainly and the next message tries again: a failed
// load that reached React would take the whole app down, and a clerk's typed work with it.
const Silent = () => null

const loadHost = (): Promise<ComponentType> =>
  import('./feedback-host').then(
    (host) => host.default,
    () =>
      import('../lib/feedback-static').then((antd) => {
        bindFeedback(antd)
        return Silent
      }),
  )

function FeedbackSlot() {
  const wanted = useSyncExternalStore(onFeedbackWanted, feedbackWanted)
  const [Host, setHost] = useState<ComponentType | null>(null)
  useEffect(() => {
    if (!wanted || Host) return
    let current = true
    loadHost().then(
      (loaded) => current && setHost(() => loaded),
      () => current && feedbackUnavailable(),
    )
    return () => {
      current = false
    }
  }, [wanted, Host])
  return Host ? <Host /> : null
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} wave={wave}>
      <FeedbackSlot />
      {children}
    </ConfigProvider>
  )
}
