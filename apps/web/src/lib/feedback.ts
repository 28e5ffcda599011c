// How call results reach the user: antd message and notification, bound to the app's hosts once it mounts
// so they follow its theme; antd's static functions cover the time before (and tests).
import { Button, Space, message as staticMessage, notification as staticNotification } from 'antd'
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

/** What the abnormal-account notice says, and whether it also offers 续费 (an ended service, to the owner). */
export interface AbnormalNotice {
  description: string
  renew?: boolean
}

/** Called when the notice goes: `renew` when the user chose 续费 rather than 知道了 or the time-out. */
type AbnormalDone = (renew: boolean) => void

// Several calls may come back abnormal together; they share one notice and one sign-out.
let pending: AbnormalDone[] | null = null

function accountAbnormal(notice: AbnormalNotice, onDone: AbnormalDone): void {
  if (pending) {
    pending.push(onDone)
    return
  }
  const callbacks = [onDone]
  pending = callbacks
  const finish = (renew: boolean) => {
    if (pending !== callbacks) return
    pending = null
    clearTimeout(timer)
    api.notification.destroy(ACCOUNT_ABNORMAL_KEY)
    for (const fn of callbacks) fn(renew)
  }
  const timer = setTimeout(() => finish(false), ACCOUNT_ABNORMAL_LOGOUT_MS)
  const button = (text: string, renew: boolean, type: 'primary' | 'default') =>
    createElement(Button, { key: text, type, size: 'small', onClick: () => finish(renew) }, text)
  api.notification.error({
    key: ACCOUNT_ABNORMAL_KEY,
    title: '账号异常',
    description: notice.description,
    duration: 0,
    actions: notice.renew
      ? createElement(Space, null, button('知道了', false, 'default'), button('续费', true, 'primary'))
      : button('知道了', false, 'primary'),
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
