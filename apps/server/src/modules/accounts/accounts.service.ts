// Account rules of protocol.md section 5: SMS codes, registration with a trial, login on one device at a
// time, password reset, logout, staff state and company info.
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import {
  AccountLimits,
  AccountMessages,
  type CompanyInfo,
  type LoginInfo,
  Messages,
  SMS_SCENES_UNREGISTERED,
  type SmsScene,
  StaffState,
} from '@epc/shared'
import { bearerToken, type Caller, fail, metrics } from '../../call'
import { beijingDay, beijingTime } from '../../clock'
import type { AppContext } from '../../context'
import { isUniqueViolation } from '../../db/errors'
import { hashPassword, newSessionToken, sha256, unknownAccountHash, verifyPassword } from '../../lib/secrets'
import { postMessage } from '../messages'
import * as repo from './accounts.repository'
import { recordLogin } from './profile.logins'
import { SmsSendError } from './sms/sms-provider'

const LOGIN_FAILURES_ALLOWED = 10
const LOGIN_LOCK_MS = 15 * 60_000

function smsCodeHash(mobile: string, scene: string, code: string) {
  return sha256(`${mobile}:${scene}:${code}`)
}

export class AccountsService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.kysely
  }

  private now() {
    return this.ctx.clock.now()
  }

  async sendSmsCode(input: { Mobile: string; Scene: SmsScene }, ip: string): Promise<void> {
    const { Mobile: mobile, Scene: scene } = input
    const known = await repo.findAccountByMobile(this.db, mobile)
    const forNewNumber = SMS_SCENES_UNREGISTERED.includes(scene)
    if (forNewNumber && known) throw fail.business(AccountMessages.mobileRegistered)
    if (!forNewNumber && !known) throw fail.business(AccountMessages.mobileNotRegistered)

    const store = this.ctx.store
    const now = this.now()
    // The address budget is checked first but spent last: a send refused for another reason costs nothing.
    const addressKey = `sms:ip:${ip}`
    if (Number(await store.get(addressKey)) >= this.ctx.config.smsPerAddressHour) throw fail.tooMany()
    if (!(await store.set(`sms:minute:${mobile}`, '1', 60_000, true))) {
      throw fail.business(AccountMessages.smsTooFrequent)
    }
    const dayKey = `sms:day:${mobile}:${beijingDay(now)}`
    if ((await store.incr(dayKey, 26 * 3600_000)) > AccountLimits.smsPerDay) {
      throw fail.business(AccountMessages.smsDailyLimit)
    }
    await store.incr(addressKey, 3600_000)

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const codeId = await repo.insertSmsCode(this.db, {
      mobile,
      scene,
      code_hash: smsCodeHash(mobile, scene, code),
      created_at: now,
      expires_at: now + AccountLimits.smsCodeTtlMs,
    })
    try {
      await this.ctx.sms.send({ mobile, scene, code })
      metrics.smsSent(this.ctx.sms.name, 'sent')
    } catch (error) {
      metrics.smsSent(this.ctx.sms.name, 'failed')
      // Nobody received it, so it must not be usable, and the user may ask again at once.
      await repo.consumeSmsCode(this.db, codeId, AccountLimits.smsCodeMaxTries, now)
      await store.del(`sms:minute:${mobile}`)
      throw fail.business(error instanceof SmsSendError ? error.message : AccountMessages.smsSendFailed)
    }
  }

  /**
   * Checks a code without using it up (a wrong code counts a try, and the fifth wrong try kills it); answers
   * its id for useCheckedSmsCode. A call needing two codes checks both before using either.
   */
  async checkSmsCode(mobile: string, scene: SmsScene, code: string): Promise<number> {
    const max = AccountLimits.smsCodeMaxTries
    const live = await repo.findLiveSmsCode(this.db, mobile, scene, this.now())
    if (!live || live.tries >= max) throw fail.business(AccountMessages.smsCodeInvalid)
    const expected = Buffer.from(live.code_hash)
    const given = Buffer.from(smsCodeHash(mobile, scene, code))
    if (!timingSafeEqual(expected, given)) {
      await repo.countSmsTry(this.db, live.id, max)
      throw fail.business(AccountMessages.smsCodeWrong)
    }
    return live.id
  }

  async useCheckedSmsCode(codeId: number): Promise<void> {
    if (!(await repo.consumeSmsCode(this.db, codeId, AccountLimits.smsCodeMaxTries, this.now()))) {
      throw fail.business(AccountMessages.smsCodeInvalid)
    }
  }

  /** Checks and uses up a code. */
  async useSmsCode(mobile: string, scene: SmsScene, code: string): Promise<void> {
    await this.useCheckedSmsCode(await this.checkSmsCode(mobile, scene, code))
  }

  async register(input: {
    Mobile: string
    SmsCode: string
    Password: string
    UserName: string
    CompanyName: string
  }): Promise<LoginInfo> {
    if (await repo.findAccountByMobile(this.db, input.Mobile))
      throw fail.business(AccountMessages.mobileRegistered)
    await this.useSmsCode(input.Mobile, 'register', input.SmsCode)
    const passwordHash = await hashPassword(input.Password, this.ctx.config.passwordHashCost)
    const now = this.now()
    const token = newSessionToken()
    try {
      const accountId = await this.db.transaction().execute(async (trx) => {
        const companyId = await repo.insertCompany(trx, {
          name: input.CompanyName,
          mobile: input.Mobile,
          open_id: randomUUID().replaceAll('-', ''),
          created_at: now,
        })
        const id = await repo.insertAccount(trx, {
          company_id: companyId,
          mobile: input.Mobile,
          user_name: input.UserName,
          password_hash: passwordHash,
          is_owner: 1,
          created_at: now,
        })
        await repo.insertService(trx, {
          company_id: companyId,
          kind: 'trial',
          starts_at: now,
          ends_at: now + AccountLimits.trialDays * 86_400_000,
          created_at: now,
        })
        await repo.insertSession(trx, {
          token_hash: sha256(token),
          account_id: id,
          created_at: now,
          expires_at: now + AccountLimits.sessionTtlMs,
        })
        return id
      })
      return {
        UserName: input.UserName,
        Mobile: input.Mobile,
        UserID: accountId,
        UserCompanyName: input.CompanyName,
        Token: token,
      }
    } catch (error) {
      if (isUniqueViolation(error)) throw fail.business(AccountMessages.mobileRegistered)
      throw error
    }
  }

  async login(
    input: { Mobile: string; Password?: string; SmsCode?: string },
    ip: string,
    userAgent = '',
  ): Promise<LoginInfo> {
    const mobile = input.Mobile
    const account = await repo.findAccountByMobile(this.db, mobile)
    if (input.SmsCode !== undefined) {
      if (!account) throw fail.business(AccountMessages.mobileNotRegistered)
      await this.useSmsCode(mobile, 'login', input.SmsCode)
    } else {
      // Counted per address too, so a stranger cannot lock someone else's password login.
      const failuresKey = `loginfail:${mobile}:${ip}`
      if (Number(await this.ctx.store.get(failuresKey)) >= LOGIN_FAILURES_ALLOWED) {
        throw fail.tooMany(AccountMessages.loginLocked)
      }
      const ok = await verifyPassword(
        input.Password ?? '',
        account?.password_hash ?? unknownAccountHash(this.ctx.config.passwordHashCost),
      )
      if (!ok || !account) {
        await this.ctx.store.incr(failuresKey, LOGIN_LOCK_MS)
        throw fail.business(AccountMessages.loginFailed)
      }
      await this.ctx.store.del(failuresKey)
    }
    if (account.state === 'banned') throw fail.business(Messages.accountBanned)
    if (account.state === 'disabled') throw fail.business(Messages.accountDisabled)

    const now = this.now()
    const token = newSessionToken()
    const tokenHash = sha256(token)
    await this.db.transaction().execute(async (trx) => {
      // The password was checked against the account as read before: a reset, a removal or a disabling that
      // committed since then refuses this sign-in, and one that comes after it waits and ends its session.
      const current = await repo.lockAccount(trx, account.id)
      if (!current || (input.SmsCode === undefined && current.password_hash !== account.password_hash)) {
        throw fail.business(AccountMessages.loginFailed)
      }
      if (current.state === 'banned') throw fail.business(Messages.accountBanned)
      if (current.state === 'disabled') throw fail.business(Messages.accountDisabled)
      if (current.state !== 'active') throw fail.business(AccountMessages.loginFailed)
      // One device at a time: the earlier session's next call answers 99997.
      await repo.revokeSessions(trx, account.id, 'other_device', now)
      await repo.recordLogin(trx, account.id, now)
      await repo.insertSession(trx, {
        token_hash: tokenHash,
        account_id: account.id,
        created_at: now,
        expires_at: now + AccountLimits.sessionTtlMs,
      })
      await recordLogin(trx, { accountId: account.id, ip, userAgent, now })
    })
    return {
      UserName: account.user_name,
      Mobile: account.mobile,
      UserID: account.id,
      UserCompanyName: account.company_name,
      Token: token,
    }
  }

  async resetPassword(
    input: { Mobile: string; SmsCode: string; Password: string },
    ip: string,
  ): Promise<void> {
    const account = await repo.findAccountByMobile(this.db, input.Mobile)
    if (!account) throw fail.business(AccountMessages.mobileNotRegistered)
    await this.useSmsCode(input.Mobile, 'resetpwd', input.SmsCode)
    const passwordHash = await hashPassword(input.Password, this.ctx.config.passwordHashCost)
    const now = this.now()
    await this.db.transaction().execute(async (trx) => {
      await repo.updatePasswordHash(trx, account.id, passwordHash, now)
      await repo.revokeSessions(trx, account.id, 'password_reset', now)
      await postMessage(trx, {
        accountIds: [account.id],
        kind: 'security',
        subject: `resetpwd:${now}`,
        title: '密码已重置',
        body: `您的登录密码已于 ${beijingTime(now)} 通过短信验证码重置，所有设备需重新登录。如非本人操作，请立即联系客服。`,
        now,
      })
    })
    await this.ctx.store.del(`loginfail:${input.Mobile}:${ip}`)
  }

  /** Revokes the presented token if it is live; answers success either way (the client leaves regardless). */
  async logout(authorization: string | undefined): Promise<void> {
    const token = bearerToken(authorization)
    if (token && token.length <= 200) await repo.revokeSession(this.db, sha256(token), 'logout', this.now())
  }

  async staffState(caller: Caller, mobile: string): Promise<{ AccountStaffState: number }> {
    const staff = await repo.findStaffOfCompany(this.db, caller.companyId, mobile)
    if (!staff) throw fail.notFound()
    const state =
      staff.state === 'banned'
        ? StaffState.Banned
        : staff.state === 'disabled'
          ? StaffState.Disabled
          : StaffState.Active
    return { AccountStaffState: state }
  }

  async companyInfo(caller: Caller): Promise<CompanyInfo> {
    const company = await repo.findCompany(this.db, caller.companyId)
    if (!company) throw fail.notFound()
    return {
      AccountInfo: {
        client_com_name: company.name,
        client_com_mobile: company.mobile,
        Open_Id: company.open_id,
        type4s: company.type4s,
      },
    }
  }
}
