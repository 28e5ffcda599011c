// The caller's messages: a page (unread first, then newest), the unread count, marking read.
import { type MessagesPage, ProfileLimits } from '@epc/shared'
import { type Caller, fail } from '../../call'
import type { AppContext } from '../../context'
import { toMessage } from './messages.dto'
import * as repo from './messages.repository'

export class MessagesService {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'clock'>) {}

  private get db() {
    return this.ctx.db.kysely
  }

  async page(caller: Caller, input: { PageIndex?: number; PageSize?: number }): Promise<MessagesPage> {
    const size = input.PageSize ?? ProfileLimits.messagesPageSize
    const page = input.PageIndex ?? 1
    const counts = await repo.countMessages(this.db, caller.accountId)
    const rows = await repo.pageOfMessages(this.db, caller.accountId, (page - 1) * size, size)
    return { Messages: rows.map(toMessage), TotalCount: counts.total, Unread: counts.unread }
  }

  async unread(caller: Caller) {
    return { Unread: await repo.countUnread(this.db, caller.accountId) }
  }

  async read(caller: Caller, id: number) {
    if (!(await repo.readMessage(this.db, caller.accountId, id, this.ctx.clock.now()))) throw fail.notFound()
    return this.unread(caller)
  }

  async readAll(caller: Caller) {
    await repo.readAll(this.db, caller.accountId, this.ctx.clock.now())
    return this.unread(caller)
  }
}
