// How call results reach the user: antd message and notification, bound to the app's hosts so they follow
// its theme. The hosts (app/feedback-host.tsx) load with the first message, or once a signed-in screen is idle
// (prepareFeedback), not with the first screen, which then carries no message or notification code; what is
// said before they are bound waits for them. Should their code not arrive (the server down), what waits is
// said in plain boxes (feedback-plain.ts) rather than lost, and the next word asks for the hosts again.
import { Button } from 'antd'
import type { MessageInstance } from 'antd/es/message/interface'
import type { NotificationInstance } from 'antd/es/notification/interface'
import { createElement } from 'react'
import { plainFeedback } from './feedback-plain'

interface FeedbackApi {
  message: Pick<MessageInstance, 'warning' | 'success' | 'error'>
  notification: Pick<NotificationInstance, 'error' | 'destroy'>
}

/** Spec section 9: the abnormal-account notice signs the user out after this long. */
export const ACCOUNT_ABNORMAL_LOGOUT_MS = 4500
const ACCOUNT_ABNORMAL_KEY = 'account-abnormal'

let api: FeedbackApi | undefined
const waiting: ((api: FeedbackApi) => void)[] = []
let wanted = false
const wantedListeners = new Set<() => void>()

export function bindFeedback(bound: FeedbackApi): void {
  api = bound
  for (const say of waiting.splice(0)) say(bound)
}

function want() {
  if (wanted) return
  wanted = true
  for (const listener of wantedListeners) listener()
  // Without the app's providers (a component or module tested alone) antd's static functions speak.
  if (wantedListeners.size === 0) void import('./feedback-static').then((antd) => bindFeedback(antd))
}

function withApi(say: (api: FeedbackApi) => void) {
  if (api) return say(api)
  waiting.push(say)
  want()
}

/**
 * Loads the hosts before anything needs saying: the first thing said may well be that the server cannot be
 * reached, when their code cannot be fetched either (the signed-in layouts ask for it once the screen is idle).
 */
export function prepareFeedback(): void {
  if (!api) want()
}

/** prepareFeedback once the browser is idle (after the screen's first requests); answers the cancel. */
export function prepareFeedbackWhenIdle(): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(prepareFeedback, 2000)
    return () => clearTimeout(timer)
  }
  const idle = requestIdleCallback(prepareFeedback, { timeout: 5000 })
  return () => cancelIdleCallback(idle)
}

/**
 * The hosts' code could not be loaded: what waits is said plainly now, and the next thing said asks for the
 * hosts again (app/providers.tsx).
 */
export function feedbackUnavailable(): void {
  wanted = false
  for (const listener of wantedListeners) listener()
  for (const say of waiting.splice(0)) say(plainFeedback as unknown as FeedbackApi)
}

/** Whether something was said, so the hosts must be loaded (app/providers.tsx subscribes). */
export function feedbackWanted(): boolean {
  return wanted
}

export function onFeedbackWanted(listener: () => void): () => void {
  wantedListeners.add(listener)
  return () => wantedListeners.delete(listener)
}

/** What the abnormal-account notice says, and whether it also offers 续费 (an ended service, to the owner). */
export interface AbnormalNotice {
  description: string
  renew?: boolean
}

/** Called when the notice goes: `renew` when the user chose 续费 rather than 知道了 or the time-out. */
type AbnormalDone = (renew: boolean) => void

// Several calls may come back abnormal together; they share one notice and one sign-out: the first call's
// (each would sign out and go to the sign-in page again, one more page in the browser's history).
let pending: AbnormalDone | null = null

function accountAbnormal(notice: AbnormalNotice, onDone: AbnormalDone): void {
  if (pending) return
  pending = onDone
  let timer: ReturnType<typeof setTimeout> | undefined
  const finish = (renew: boolean) => {
    if (pending !== onDone) return
    pending = null
    clearTimeout(timer)
    // It may have been said plainly while the hosts could not load, and they may have loaded since.
    plainFeedback.notification.destroy(ACCOUNT_ABNORMAL_KEY)
    withApi((a) => a.notification.destroy(ACCOUNT_ABNORMAL_KEY))
    onDone(renew)
  }
  const button = (text: string, renew: boolean, type: 'primary' | 'default') =>
    createElement(Button, { key: text, type, size: 'small', onClick: () => finish(renew) }, text)
  withApi((a) => {
    // The 4500 ms run from when the notice shows: its host may still be loading when the call comes back.
    timer = setTimeout(() => finish(false), ACCOUNT_ABNORMAL_LOGOUT_MS)
    a.notification.error({
      key: ACCOUNT_ABNORMAL_KEY,
      title: '账号异常',
      description: notice.description,
      duration: 0,
      actions: notice.renew
        ? createElement(
            'div',
            { style: { display: 'flex', gap: 8 } },
            button('知道了', false, 'default'),
            button('续费', true, 'primary'),
          )
        : button('知道了', false, 'primary'),
    })
  })
}

export const feedback = {
  warning: (text: string) => {
    withApi((a) => a.message.warning(text))
  },
  success: (text: string) => {
    withApi((a) => a.message.success(text))
  },
  accountAbnormal,
}
