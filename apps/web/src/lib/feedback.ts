// How call results reach the user: antd message and notification, bound to the app's hosts once it mounts
// so they follow its theme; antd's static functions cover the time before (and tests).
import { Button, message as staticMessage, notification as staticNotification } from 'antd'
import type { MessageInstance } from 'antd/es/message/interface'
import type { NotificationInstance } from 'antd/es/notification/interface'
import { createElement } from 'react'

interface FeedbackApi {
  message: Pick<MessageInstance, 'warning' | 'success' | 'error'>
  notification: Pick<NotificationInstance, 'error' | 'destroy'>
}

/** Spec section 9: the abnormal-account notice signs the user out after this long. */
export const ACCOUNT_ABNORMAL_LOGOUT_MS = 4500
const ACCOUNT_ABNORMAL_KEY = 'account-abnormal'

let api: FeedbackApi = { message: staticMessage, notification: staticNotification }

export function bindFeedback(bound: FeedbackApi): void {
  api = bound
}

// Several calls may come back abnormal together; they share one notice and one sign-out.
let pending: (() => void)[] | null = null

function accountAbnormal(resultMsg: string, onDone: () => void): void {
  if (pending) {
    pending.push(onDone)
    return
  }
  const callbacks = [onDone]
  pending = callbacks
  const finish = () => {
    if (pending !== callbacks) return
    pending = null
    clearTimeout(timer)
    api.notification.destroy(ACCOUNT_ABNORMAL_KEY)
    for (const fn of callbacks) fn()
  }
  const timer = setTimeout(finish, ACCOUNT_ABNORMAL_LOGOUT_MS)
  api.notification.error({
    key: ACCOUNT_ABNORMAL_KEY,
    title: '账号异常',
    description: resultMsg,
    duration: 0,
    actions: createElement(Button, { type: 'primary', size: 'small', onClick: finish }, '知道了'),
  })
}

export const feedback = {
  warning: (text: string) => {
    api.message.warning(text)
  },
  success: (text: string) => {
    api.message.success(text)
  },
  accountAbnormal,
}
