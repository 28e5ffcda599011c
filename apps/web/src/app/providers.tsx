// App-wide providers: antd in Chinese with the product theme, and the message and notification hosts bound
// to the feedback module so call errors follow the theme. TanStack Query comes with the signed-in layouts
// (query.tsx). antd's <App> is not used: it would bring the dialog code to the first screen.
import { ConfigProvider, message, notification } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import { type ReactNode, useEffect } from 'react'
import { bindFeedback } from '../lib/feedback'

const theme = {
  token: { colorPrimary: '#d4380d', borderRadius: 4 },
}

function FeedbackHost() {
  const [messageApi, messageHolder] = message.useMessage()
  const [notificationApi, notificationHolder] = notification.useNotification()
  useEffect(
    () => bindFeedback({ message: messageApi, notification: notificationApi }),
    [messageApi, notificationApi],
  )
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  )
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <FeedbackHost />
      {children}
    </ConfigProvider>
  )
}
