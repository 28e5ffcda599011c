// What other modules use of the message centre: posting a message when something happens to an account.
import type { MessageKindCode } from '@epc/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { insertMessages, ownerOf } from './messages.repository'

/**
 * Posts one message to each account, inside the caller's transaction when it passes one, so the message is
 * written with the change it tells of. One event makes one message: a repeated (account, kind, subject) is
 * ignored, so an event reported twice (a notify delivered twice, a sweep run again) stays one message.
 */
export async function postMessage(
  db: Kysely<Database>,
  m: {
    accountIds: number[]
    kind: MessageKindCode
    subject: string
    title: string
    body: string
    now: number
  },
): Promise<void> {
  await insertMessages(db, m)
}

/** The company's owner(s), who receive what concerns the company (payments, coupons, the service's end). */
export function ownerIds(db: Kysely<Database>, companyId: number): Promise<number[]> {
  return ownerOf(db, companyId)
}
