// Account cancellation (注销账号): the owner asks after an SMS check, sees it pending with the date it will
// be answered by (15 days, the policy's promise), may withdraw it; the operator resolves it
// (`npm run ops -- resolve-cancellation`). The owner's cancellation is the company's: every account of it
// ends and any unused service lapses.
import { type Cancellation, ProfileLimits, ProfileMessages } from '@epc/shared'
import { type Caller, fail } from '../../call'
import { beijingTime } from '../../clock'
import type { AppContext } from '../../context'
import { isUniqueViolation } from '../../db/errors'
import { postMessage } from '../messages'
import type { AccountsService } from './accounts.service'
import * as repo from './cancellation.repository'

const DAY_MS = 86_400_000

function toCancellation(row: { created_at: number; due_at: number }): Cancellation {
  return {
    State: '待处理',
    RequestTime: beijingTime(Number(row.created_at)),
    DueTime: beijingTime(Number(row.due_at)),
  }
}

export class CancellationService {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'clock'>) {}

  private get db() {
    return this.ctx.db.kysely
  }

  async pending(companyId: number): Promise<Cancellation | null> {
    const row = await repo.pendingOf(this.db, companyId)
    return row ? toCancellation(row) : null
  }

  /**
   * The owner's request after the SMS check (the accounts service's codes; the operator's commands, which
   * build this service too, send none). The same request again (pending already) answers the pending one.
   */
  async request(
    caller: Caller,
    smsCode: string,
    codes: Pick<AccountsService, 'useSmsCode'>,
  ): Promise<Cancellation> {
    if (!caller.isOwner) throw fail.business(ProfileMessages.ownerOnly)
    const pending = await this.pending(caller.companyId)
    if (pending) return pending
    await codes.useSmsCode(caller.mobile, 'cancel', smsCode)
    return this.open(caller)
  }

  /** Opens the company's request, or answers the one a simultaneous request opened. */
  async open(caller: Caller): Promise<Cancellation> {
    const now = this.ctx.clock.now()
    const due = now + ProfileLimits.cancellationDays * DAY_MS
    try {
      await this.db.transaction().execute(async (trx) => {
        await repo.insertPending(trx, {
          company_id: caller.companyId,
          account_id: caller.accountId,
          created_at: now,
          due_at: due,
        })
        await postMessage(trx, {
          accountIds: [caller.accountId],
          kind: 'security',
          subject: `cancel:${now}`,
          title: '注销申请已提交',
          body: `您已于 ${beijingTime(now)} 申请注销企业账号，我们将在 ${beijingTime(due)} 前处理。处理前可在“账号管理”中撤回；注销后企业的全部子账号一并停止使用，未用完的服务作废。`,
          now,
        })
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
    }
    const row = await repo.pendingOf(this.db, caller.companyId)
    if (!row) throw fail.business(ProfileMessages.noPendingCancellation)
    return toCancellation(row)
  }

  async withdraw(caller: Caller) {
    if (!caller.isOwner) throw fail.business(ProfileMessages.ownerOnly)
    const now = this.ctx.clock.now()
    const withdrawn = await this.db.transaction().execute(async (trx) => {
      if (!(await repo.withdraw(trx, caller.companyId, now))) return false
      await postMessage(trx, {
        accountIds: [caller.accountId],
        kind: 'security',
        subject: `withdraw:${now}`,
        title: '注销申请已撤回',
        body: `您已于 ${beijingTime(now)} 撤回企业账号的注销申请，账号可照常使用。`,
        now,
      })
      return true
    })
    if (!withdrawn) throw fail.business(ProfileMessages.noPendingCancellation)
    return {}
  }

  listPending() {
    return repo.listPending(this.db)
  }

  /**
   * Resolves the company's pending request in one transaction (repo.eraseCompany). 'resolved' once;
   * 'already' when it was resolved before (nothing changes); 'none' when the company never asked.
   */
  async resolve(companyId: number) {
    const now = this.ctx.clock.now()
    return this.db.transaction().execute(async (trx) => {
      if (!(await repo.markResolved(trx, companyId, now))) {
        const latest = await repo.latestOf(trx, companyId)
        return { outcome: latest?.state === 'resolved' ? ('already' as const) : ('none' as const) }
      }
      const counts = await repo.eraseCompany(trx, companyId, now)
      return { outcome: 'resolved' as const, ...counts }
    })
  }
}
