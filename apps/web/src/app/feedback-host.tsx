// antd's message and notification hosts, inside the app's ConfigProvider so they follow its theme and
// locale; loaded with the first message (lib/feedback.ts), bound to feedback once mounted.
import { message, notification } from 'antd'
import { useEffect } from 'react'
import { bindFeedback } from '../lib/feedback'

export default function FeedbackHost() {
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
