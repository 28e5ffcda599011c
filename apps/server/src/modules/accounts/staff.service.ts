// Staff accounts and the purchase-price right (issue 17; docs/api.md "Staff and permissions"): the owner
// adds, disables, enables, resets and removes the company's staff within its seats and decides per member who
// sees purchase prices. Every call but myrights is the owner's.
import {
  type MyRights,
  STAFF_STATE_NAMES,
  type StaffList,
  StaffMessages,
  type StaffRow,
  StaffState,
} from '@epc/shared'
import { type Caller, fail, quotaKey } from '../../call'
import { beijingTime } from '../../clock'
import type { AppContext } from '../../context'
import { isUniqueViolation } from '../../db/errors'
import { hashPassword, UNUSABLE_PASSWORD_HASH } from '../../lib/secrets'
import { entitlementOf, lockCompany } from '../billing/billing.repository'
import { postMessage } from '../messages'
import * as accounts from './accounts.repository'
import * as repo from './staff.repository'

function stateOf(state: string): number {
  if (state === 'banned') return StaffState.Banned
  return state === 'disabled' ? StaffState.Disabled : StaffState.Active
}

function toStaffRow(m: repo.MemberRow, todayQueries: number): StaffRow {
  const state = stateOf(m.state)
  return {
    UserID: Number(m.id),
    UserName: m.user_name,
    Mobile: m.mobile,
    IsOwner: Number(m.is_owner) === 1,
    State: state,
    StateName: STAFF_STATE_NAMES[state] ?? '',
    SeePurchasePrice: Number(m.is_owner) === 1 || Number(m.see_purchase_price) === 1,
    LastLoginTime: m.last_login_at === null ? '' : beijingTime(Number(m.last_login_at)),
    TodayQueries: todayQueries,
    MustChangePassword: Number(m.must_change_password) === 1,
  }
}

export class StaffService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.kysely
  }

  private now() {
    return this.ctx.clock.now()
  }

  private ownerOnly(caller: Caller) {
    if (!caller.isOwner) throw fail.business(StaffMessages.ownerOnly)
  }

  /** Rows with today's look-ups, read from the daily quota's counters. */
  private async rows(members: repo.MemberRow[]): Promise<StaffRow[]> {
    const now = this.now()
    const counts = await this.ctx.store.getMany(members.map((m) => quotaKey(Number(m.id), now)))
    return members.map((m, i) => toStaffRow(m, Number(counts[i] ?? 0)))
  }

  private async row(caller: Caller, accountId: number): Promise<StaffRow> {
    const member = await repo.memberOf(this.db, caller.companyId, accountId)
    if (!member) throw fail.notFound()
    const [row] = await this.rows([member])
    return row as StaffRow
  }

  /** A staff member of the caller's company (10004 otherwise); the owner himself is refused. */
  private async staffMember(caller: Caller, accountId: number) {
    this.ownerOnly(caller)
    const member = await repo.memberOf(this.db, caller.companyId, accountId)
    if (!member) throw fail.notFound()
    if (Number(member.is_owner) === 1) throw fail.business(StaffMessages.notOnOwner)
    return member
  }

  async myRights(caller: Caller): Promise<MyRights> {
    return {
      IsOwner: caller.isOwner,
      SeePurchasePrice: caller.seePurchasePrice,
      MustChangePassword: await repo.mustChangePassword(this.db, caller.accountId),
    }
  }

  async list(caller: Caller): Promise<StaffList> {
    this.ownerOnly(caller)
    const [members, entitlement] = await Promise.all([
      repo.membersOf(this.db, caller.companyId),
      entitlementOf(this.db, caller.companyId, this.now()),
    ])
    return { Staff: await this.rows(members), Seats: entitlement.seats, SeatsUsed: members.length }
  }

  async add(
    caller: Caller,
    input: { Mobile: string; UserName: string; Password?: string },
  ): Promise<StaffRow> {
    this.ownerOnly(caller)
    await this.refuseKnownMobile(caller, input.Mobile)
    // Without a password the member signs in with an SMS code and then sets one.
    const passwordHash = input.Password
      ? await hashPassword(input.Password, this.ctx.config.passwordHashCost)
      : UNUSABLE_PASSWORD_HASH
    const now = this.now()
    let id: number
    try {
      id = await this.db.transaction().execute(async (trx) => {
        await lockCompany(trx, caller.companyId)
        const { seats } = await entitlementOf(trx, caller.companyId, now)
        if ((await repo.seatsUsed(trx, caller.companyId)) >= seats) {
          throw fail.business(StaffMessages.seatsFull(seats))
        }
        return repo.insertMember(trx, {
          company_id: caller.companyId,
          mobile: input.Mobile,
          user_name: input.UserName,
          password_hash: passwordHash,
          created_at: now,
        })
      })
    } catch (error) {
      // The same mobile added at the same time (or registered meanwhile): the unique mobile keeps one.
      if (isUniqueViolation(error)) {
        await this.refuseKnownMobile(caller, input.Mobile)
        throw fail.business(StaffMessages.mobileOfOtherCompany)
      }
      throw error
    }
    return this.row(caller, id)
  }

  private async refuseKnownMobile(caller: Caller, mobile: string) {
    const known = await accounts.findAccountByMobile(this.db, mobile)
    if (!known) return
    throw fail.business(
      Number(known.company_id) === caller.companyId
        ? StaffMessages.alreadyMember
        : StaffMessages.mobileOfOtherCompany,
    )
  }

  async setState(caller: Caller, input: { UserID: number; State: 1 | 2 }): Promise<StaffRow> {
    const member = await this.staffMember(caller, input.UserID)
    if (member.state === 'banned') throw fail.business(StaffMessages.banned)
    const disable = input.State === StaffState.Disabled
    const now = this.now()
    const changed = await this.db.transaction().execute(async (trx) => {
      const done = await repo.setMemberState(trx, member.id, disable ? 'disabled' : 'active', now)
      // The member's next call answers 99998 { reason: 'disabled' } (call/auth.ts), in every process.
      if (done && disable) await accounts.revokeSessions(trx, member.id, 'disabled', now)
      // Read when the member signs in again (enabled), in the message centre's 账号与安全.
      if (done)
        await postMessage(trx, {
          accountIds: [member.id],
          kind: 'security',
          subject: `${disable ? 'disabled' : 'enabled'}:${now}`,
          title: disable ? '账号已被停用' : '账号已恢复使用',
          body: disable
            ? `企业主于 ${beijingTime(now)} 停用了您的账号，如有疑问请联系企业主。`
            : `企业主于 ${beijingTime(now)} 恢复了您的账号。`,
          now,
        })
      return done
    })
    if (changed) await accounts.callersChangedEverywhere(this.ctx.store)
    return this.row(caller, member.id)
  }

  async resetPassword(caller: Caller, input: { UserID: number; Password?: string }): Promise<StaffRow> {
    const member = await this.staffMember(caller, input.UserID)
    const passwordHash = input.Password
      ? await hashPassword(input.Password, this.ctx.config.passwordHashCost)
      : UNUSABLE_PASSWORD_HASH
    const now = this.now()
    await this.db.transaction().execute(async (trx) => {
      await repo.setMemberPassword(trx, member.id, passwordHash, now)
      await accounts.revokeSessions(trx, member.id, 'password_reset', now)
      await postMessage(trx, {
        accountIds: [member.id],
        kind: 'security',
        subject: `password_reset_by_owner:${now}`,
        title: '密码已由企业主重置',
        body: `企业主于 ${beijingTime(now)} 重置了您的登录密码，请登录后设置新密码。`,
        now,
      })
    })
    await accounts.callersChangedEverywhere(this.ctx.store)
    return this.row(caller, member.id)
  }

  async setPermission(
    caller: Caller,
    input: { UserID: number; SeePurchasePrice: boolean },
  ): Promise<StaffRow> {
    const member = await this.staffMember(caller, input.UserID)
    await repo.setMemberPermission(this.db, member.id, input.SeePurchasePrice, this.now())
    // The right is part of the caller (and of cached answers' keys): every process must read it again.
    await accounts.callersChangedEverywhere(this.ctx.store)
    return this.row(caller, member.id)
  }

  async remove(caller: Caller, input: { UserID: number }): Promise<Record<string, never>> {
    const member = await this.staffMember(caller, input.UserID)
    const now = this.now()
    await this.db.transaction().execute(async (trx) => {
      if (await repo.removeMember(trx, member.id, member.mobile, now)) {
        await accounts.revokeSessions(trx, member.id, 'removed', now)
      }
    })
    await accounts.callersChangedEverywhere(this.ctx.store)
    return {}
  }
}
