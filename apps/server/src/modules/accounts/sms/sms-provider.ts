// The SMS gateway seen by callers: one method. A real gateway is another implementation of this interface.
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
