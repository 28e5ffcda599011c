// The 账号异常 notice said plainly, when the notification host's code cannot be loaded: its 知道了 and 续费
// still answer, as in the antd notice.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ACCOUNT_ABNORMAL_LOGOUT_MS, feedback, feedbackUnavailable, onFeedbackWanted } from './feedback'

/** The plain box's buttons by their text. */
const plainButton = (text: string) =>
  Array.from(document.querySelectorAll<HTMLButtonElement>('.plain-feedback button')).find(
    (b) => b.textContent === text,
  )

// Stands for the app's providers, which load the hosts when something is to be said: without one, lib/feedback
// would load antd's static functions, whose rendering could outlive this file's document.
let stopListening = () => {}
beforeAll(() => {
  stopListening = onFeedbackWanted(() => {})
})
afterAll(() => stopListening())

/** Says the notice with the hosts failing to load, as app/providers.tsx reports it. */
function sayPlainly(renew: boolean) {
  const done = vi.fn<(renew: boolean) => void>()
  feedback.accountAbnormal({ description: '服务已到期', renew }, done)
  feedbackUnavailable()
  return done
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the plain 账号异常 notice', () => {
  it('offers 知道了 and 续费 to an owner whose service ended, and 续费 answers', () => {
    const done = sayPlainly(true)
    expect(document.querySelector('.plain-feedback')?.textContent).toContain('账号异常服务已到期')
    expect(plainButton('知道了')).toBeDefined()
    plainButton('续费')?.click()
    expect(done).toHaveBeenCalledWith(true)
    // The notice goes with the choice, and the sign-out is not made twice.
    expect(plainButton('续费')).toBeUndefined()
    expect(done).toHaveBeenCalledTimes(1)
  })

  it('signs out on 知道了 without waiting, and once', () => {
    vi.useFakeTimers()
    const done = sayPlainly(false)
    expect(plainButton('续费')).toBeUndefined()
    plainButton('知道了')?.click()
    expect(done).toHaveBeenCalledWith(false)
    vi.advanceTimersByTime(ACCOUNT_ABNORMAL_LOGOUT_MS)
    expect(done).toHaveBeenCalledTimes(1)
  })
})
