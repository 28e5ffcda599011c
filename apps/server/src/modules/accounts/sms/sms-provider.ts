// The SMS gateway seen by callers: one method. The console provider is for development; aliyun and tencent
// send real messages.
import type { SmsScene } from '@epc/shared'

export interface SmsMessage {
  mobile: string
  scene: SmsScene
  code: string
}

export interface SmsProvider {
  readonly name: string
  send(message: SmsMessage): Promise<void>
  /** Development only: the newest unexpired code sent to a mobile (the console provider has it). */
  latestCode?(mobile: string): Promise<string | null>
}

/** A send the provider refused; the message is Chinese and meant for the user. */
export class SmsSendError extends Error {}

/** The user's message for a provider's error code: the first rule whose pattern matches. */
export function messageFor(code: string, rules: [RegExp, string][], fallback: string): string {
  return rules.find(([pattern]) => pattern.test(code))?.[1] ?? fallback
}
