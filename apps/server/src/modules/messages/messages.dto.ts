// Stored messages as the message centre answers them.
import { MessageKindNames, type MessageRow } from '@epc/shared'
import type { Selectable } from 'kysely'
import { beijingTime } from '../../clock'
import type { MessagesTable } from '../../db/schema'

export function toMessage(row: Selectable<MessagesTable>): MessageRow {
  return {
    Id: row.id,
    Kind: MessageKindNames[row.kind],
    Title: row.title,
    Body: row.body,
    CreateTime: beijingTime(Number(row.created_at)),
    Read: row.read_at !== null,
  }
}
