// /user/admin: the caller's profile and its edits (names owner-only for the company), password and mobile
// changes, and the login history with its new-device message.
import { AccountMessages, type LoginRecord, type Profile, ProfileLimits, ProfileMessages } from '@epc/shared'
import { type Caller, fail } from '../../call'
import { beijingTime } from '../../clock'
import type { AppContext } from '../../context'
import { isUniqueViolation } from '../../db/errors'
import { hashPassword, UNUSABLE_PASSWORD_HASH, verifyPassword } from '../../lib/secrets'
import { postMessage } from '../messages'
import { findAccountByMobile, revokeSessions } from './accounts.repository'
import { AccountsService } from './accounts.service'
import { CancellationService } from './cancellation.service'
import * as repo from './profile.repository'

export class ProfileService {
  private readonly accounts: AccountsService
  private readonly cancellations: CancellationService

  constructor(private readonly ctx: AppContext) {
    this.accounts = new AccountsService(ctx)
    this.cancellations = new CancellationService(ctx)
  }

  private get db() {
    return this.ctx.db.kysely
  }

  private now() {
    return this.ctx.clock.now()
  }

  private async row(caller: Caller) {
    const row = await repo.findProfile(this.db, caller.accountId)
    if (!row) throw fail.notFound()
    return row
  }

  async profile(caller: Caller): Promise<Profile> {
    const row = await this.row(caller)
    return {
      UserName: row.user_name,
      Mobile: row.mobile,
      IsOwner: Boolean(row.is_owner),
      CompanyName: row.company_name,
      CompanyPhone: row.company_phone,
      CreateTime: beijingTime(Number(row.created_at)),
      Cancellation: await this.cancellations.pending(caller.companyId),
    }
  }

  async updateProfile(
    caller: Caller,
    input: { UserName: string; CompanyName?: string; CompanyPhone?: string },
  ): Promise<Profile> {
    const company = input.CompanyName !== undefined || input.CompanyPhone !== undefined
    if (company && !caller.isOwner) throw fail.business(ProfileMessages.ownerOnly)
    await this.db.transaction().execute(async (trx) => {
      await repo.updateUserName(trx, caller.accountId, input.UserName, this.now())
      await repo.updateCompany(trx, caller.companyId, { name: input.CompanyName, mobile: input.CompanyPhone })
    })
    return this.profile(caller)
  }

  /**
   * The old password is checked unless the account has none it could type (added or reset by the owner
   * without one). The account's other sessions end; the caller's stays.
   */
  async changePassword(caller: Caller, input: { OldPassword?: string; Password: string }) {
    const row = await this.row(caller)
    if (row.password_hash !== UNUSABLE_PASSWORD_HASH) {
      if (!input.OldPassword) throw fail.business(ProfileMessages.oldPasswordMissing)
      if (!(await verifyPassword(input.OldPassword, row.password_hash))) {
        throw fail.business(ProfileMessages.oldPasswordWrong)
      }
    }
    const passwordHash = await hashPassword(input.Password, this.ctx.config.passwordHashCost)
    const now = this.now()
    await this.db.transaction().execute(async (trx) => {
      await repo.setPassword(trx, caller.accountId, passwordHash, now)
      await revokeSessions(trx, caller.accountId, 'password_changed', now, caller.tokenHash)
      await postMessage(trx, {
        accountIds: [caller.accountId],
        kind: 'security',
        subject: `password:${now}`,
        title: '登录密码已修改',
        body: `您的登录密码已于 ${beijingTime(now)} 修改，其他设备需重新登录。如非本人操作，请立即通过“忘记密码”重置并联系客服。`,
        now,
      })
    })
    return {}
  }

  /** Codes to the current number (changemobile) and to the new one (bindmobile), both checked before either is used. */
  async changeMobile(
    caller: Caller,
    input: { OldSmsCode: string; NewMobile: string; NewSmsCode: string },
  ): Promise<Profile> {
    const row = await this.row(caller)
    if (input.NewMobile === row.mobile) throw fail.business(ProfileMessages.sameMobile)
    if (await findAccountByMobile(this.db, input.NewMobile)) {
      throw fail.business(AccountMessages.mobileRegistered)
    }
    const oldCode = await this.accounts.checkSmsCode(row.mobile, 'changemobile', input.OldSmsCode)
    const newCode = await this.accounts.checkSmsCode(input.NewMobile, 'bindmobile', input.NewSmsCode)
    await this.accounts.useCheckedSmsCode(oldCode)
    await this.accounts.useCheckedSmsCode(newCode)
    const now = this.now()
    try {
      await this.db.transaction().execute(async (trx) => {
        await repo.setMobile(trx, caller.accountId, input.NewMobile, now)
        await revokeSessions(trx, caller.accountId, 'mobile_changed', now, caller.tokenHash)
        await postMessage(trx, {
          accountIds: [caller.accountId],
          kind: 'security',
          subject: `mobile:${now}`,
          title: '绑定手机号已更换',
          body: `您的账号绑定手机号已于 ${beijingTime(now)} 由 ${maskMobile(row.mobile)} 更换为 ${maskMobile(input.NewMobile)}，请用新手机号登录。如非本人操作，请立即联系客服。`,
          now,
        })
      })
    } catch (error) {
      // Registered by someone else between the check and the change.
      if (isUniqueViolation(error)) throw fail.business(AccountMessages.mobileRegistered)
      throw error
    }
    return this.profile(caller)
  }

  async loginHistory(caller: Caller): Promise<LoginRecord[]> {
    const rows = await repo.latestLogins(this.db, caller.accountId, ProfileLimits.loginHistoryShown)
    return rows.map((r) => ({ Time: beijingTime(Number(r.created_at)), IP: r.ip, Device: r.device }))
  }
}

function maskMobile(mobile: string) {
  return `${mobile.slice(0, 3)}****${mobile.slice(7)}`
}
