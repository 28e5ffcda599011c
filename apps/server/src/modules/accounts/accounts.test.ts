import { AccountLimits, AccountMessages, type LoginInfo, Messages } from '@epc/shared'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addStaff, createCompanyAccount } from '../../../test/factories'
import {
  dbKinds,
  latestSmsCode,
  startTestApp,
  TEST_PASSWORD_HASH_COST,
  type TestApp,
} from '../../../test/helper'

const MINUTE = 60_000
const DAY = 86_400_000

describe.each(dbKinds)('SMS codes per client address on %s', (kind) => {
  it('answers 42900 past the hourly number of codes one address may ask for', async () => {
    const t = await startTestApp(kind, { config: { smsPerAddressHour: 2 } })
    try {
      for (const mobile of ['13912340011', '13912340012']) {
        expect(
          (await t.call('/api/author/sendsmscode', { Mobile: mobile, Scene: 'register' })).ResultCode,
        ).toBe('10000')
      }
      const third = await t.call('/api/author/sendsmscode', { Mobile: '13912340013', Scene: 'register' })
      expect([third.status, third.ResultCode]).toEqual([429, '42900'])
      const elsewhere = await t.call(
        '/api/author/sendsmscode',
        { Mobile: '13912340013', Scene: 'register' },
        {
          remoteAddress: '10.1.1.1',
        },
      )
      expect(elsewhere.ResultCode).toBe('10000')
    } finally {
      await t.close()
    }
  })
})

describe.each(dbKinds)('SMS gateway failure on %s', (kind) => {
  it('leaves no usable code and lets the user ask again at once', async () => {
    let sent: string | undefined
    const t = await startTestApp(kind, {
      sms: {
        name: 'failing',
        async send({ code }) {
          sent = code
          throw new Error('gateway down')
        },
      },
    })
    try {
      const first = await t.call('/api/author/sendsmscode', { Mobile: '13912340001', Scene: 'register' })
      expect([first.ResultCode, first.ResultMsg]).toEqual(['10001', AccountMessages.smsSendFailed])
      const register = await t.call('/api/author/register', {
        Mobile: '13912340001',
        SmsCode: sent,
        Password: 'abc123',
        UserName: '王师傅',
        CompanyName: '顺达汽修厂',
      })
      expect(register.ResultMsg).toBe(AccountMessages.smsCodeInvalid)
      const again = await t.call('/api/author/sendsmscode', { Mobile: '13912340001', Scene: 'register' })
      expect(again.ResultMsg).toBe(AccountMessages.smsSendFailed)
    } finally {
      await t.close()
    }
  })
})

describe.each(dbKinds)('accounts on %s', (kind) => {
  let t: TestApp
  beforeEach(async () => {
    t = await startTestApp(kind)
  })
  afterEach(async () => {
    await t.close()
  })

  async function sendCode(mobile: string, scene: string) {
    const answer = await t.call('/api/author/sendsmscode', { Mobile: mobile, Scene: scene })
    expect(answer.ResultMsg).toBe('成功')
    return latestSmsCode(t, mobile)
  }

  it('logs the demo account in with an opaque token that is stored only as a hash', async () => {
    const answer = await t.call<LoginInfo>('/api/author/login', {
      Mobile: '13800138000',
      Password: 'demo1234',
    })
    expect(answer.status).toBe(200)
    expect(answer.ResultCode).toBe('10000')
    expect(answer.data).toMatchObject({
      UserName: '演示用户',
      Mobile: '13800138000',
      UserCompanyName: '演示汽配有限公司',
    })
    const token = answer.data?.Token ?? ''
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16)
    const sessions = await t.ctx.db.kysely.selectFrom('sessions').selectAll().execute()
    expect(sessions).toHaveLength(1)
    expect(JSON.stringify(sessions)).not.toContain(token)
  })

  it('registers with an SMS code, starts a 7-day trial and answers company info and staff state', async () => {
    const code = await sendCode('13912345678', 'register')
    expect(code).toMatch(/^\d{6}$/)
    const answer = await t.call<LoginInfo>('/api/author/register', {
      Mobile: '13912345678',
      SmsCode: code,
      Password: 'abc123',
      UserName: '王师傅',
      CompanyName: '顺达汽修厂',
    })
    expect(answer.ResultCode).toBe('10000')
    const info = answer.data as LoginInfo
    expect(info).toMatchObject({ UserName: '王师傅', Mobile: '13912345678', UserCompanyName: '顺达汽修厂' })

    const account = await t.ctx.db.kysely
      .selectFrom('accounts')
      .selectAll()
      .where('mobile', '=', '13912345678')
      .executeTakeFirstOrThrow()
    // At the server's PASSWORD_HASH_COST (the tests' own), as the hash says for its checks later.
    expect(account.password_hash.startsWith(`scrypt$${TEST_PASSWORD_HASH_COST}$8$1$`)).toBe(true)
    const service = await t.ctx.db.kysely
      .selectFrom('services')
      .selectAll()
      .where('company_id', '=', account.company_id)
      .executeTakeFirstOrThrow()
    expect(service.kind).toBe('trial')
    expect(service.ends_at - service.starts_at).toBe(AccountLimits.trialDays * DAY)

    const company = await t.call('/api/usercenter/getclientcompanyinfo', {}, { token: info.Token })
    expect(company.data).toMatchObject({
      AccountInfo: { client_com_name: '顺达汽修厂', client_com_mobile: '13912345678', type4s: 1 },
    })
    const state = await t.call(
      '/api/author/getaccountstaffstate',
      { Mobile: '13912345678' },
      { token: info.Token },
    )
    expect(state.data).toEqual({ AccountStaffState: 1 })

    const login = await t.call('/api/author/login', { Mobile: '13912345678', Password: 'abc123' })
    expect(login.ResultCode).toBe('10000')
  })

  it('refuses a second registration of a mobile, and codes for unknown mobiles', async () => {
    const again = await t.call('/api/author/sendsmscode', { Mobile: '13800138000', Scene: 'register' })
    expect([again.ResultCode, again.ResultMsg]).toEqual(['10001', AccountMessages.mobileRegistered])
    const unknown = await t.call('/api/author/sendsmscode', { Mobile: '13700000000', Scene: 'login' })
    expect([unknown.ResultCode, unknown.ResultMsg]).toEqual(['10001', AccountMessages.mobileNotRegistered])
  })

  it('sends at most one code a minute and ten a day per mobile', async () => {
    await sendCode('13912340000', 'register')
    const tooSoon = await t.call('/api/author/sendsmscode', { Mobile: '13912340000', Scene: 'register' })
    expect([tooSoon.ResultCode, tooSoon.ResultMsg]).toEqual(['10001', AccountMessages.smsTooFrequent])
    for (let i = 2; i <= AccountLimits.smsPerDay; i++) {
      t.clock.advance(MINUTE + 1)
      await sendCode('13912340000', 'register')
    }
    t.clock.advance(MINUTE + 1)
    const eleventh = await t.call('/api/author/sendsmscode', { Mobile: '13912340000', Scene: 'register' })
    expect([eleventh.ResultCode, eleventh.ResultMsg]).toEqual(['10001', AccountMessages.smsDailyLimit])
  })

  it('kills a code after five wrong tries, and after five minutes', async () => {
    const code = await sendCode('13800138000', 'login')
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < AccountLimits.smsCodeMaxTries; i++) {
      const answer = await t.call('/api/author/login', { Mobile: '13800138000', SmsCode: wrong })
      expect(answer.ResultMsg).toBe(AccountMessages.smsCodeWrong)
    }
    const right = await t.call('/api/author/login', { Mobile: '13800138000', SmsCode: code })
    expect([right.ResultCode, right.ResultMsg]).toEqual(['10001', AccountMessages.smsCodeInvalid])

    t.clock.advance(MINUTE + 1)
    const second = await sendCode('13800138000', 'login')
    t.clock.advance(AccountLimits.smsCodeTtlMs + 1)
    const late = await t.call('/api/author/login', { Mobile: '13800138000', SmsCode: second })
    expect(late.ResultMsg).toBe(AccountMessages.smsCodeInvalid)
  })

  it('logs in by SMS code once per code', async () => {
    const code = await sendCode('13800138000', 'login')
    const first = await t.call('/api/author/login', { Mobile: '13800138000', SmsCode: code })
    expect(first.ResultCode).toBe('10000')
    const second = await t.call('/api/author/login', { Mobile: '13800138000', SmsCode: code })
    expect(second.ResultMsg).toBe(AccountMessages.smsCodeInvalid)
  })

  it('refuses a wrong password and locks password login after ten failures', async () => {
    const wrong = await t.call('/api/author/login', { Mobile: '13800138000', Password: 'nope1234' })
    expect([wrong.ResultCode, wrong.ResultMsg]).toEqual(['10001', AccountMessages.loginFailed])
    const unknown = await t.call('/api/author/login', { Mobile: '13700000000', Password: 'nope1234' })
    expect(unknown.ResultMsg).toBe(AccountMessages.loginFailed)
    for (let i = 1; i < 10; i++)
      await t.call('/api/author/login', { Mobile: '13800138000', Password: `nope${i}` })
    const locked = await t.call('/api/author/login', { Mobile: '13800138000', Password: 'demo1234' })
    expect([locked.status, locked.ResultCode, locked.ResultMsg]).toEqual([
      429,
      '42900',
      AccountMessages.loginLocked,
    ])
    t.clock.advance(15 * MINUTE + 1)
    const after = await t.call('/api/author/login', { Mobile: '13800138000', Password: 'demo1234' })
    expect(after.ResultCode).toBe('10000')
  })

  it('locks password login per address, so a stranger cannot lock the owner out', async () => {
    for (let i = 0; i < 10; i++) {
      await t.call(
        '/api/author/login',
        { Mobile: '13800138000', Password: `nope${i}` },
        { remoteAddress: '10.0.0.9' },
      )
    }
    const stranger = await t.call(
      '/api/author/login',
      { Mobile: '13800138000', Password: 'demo1234' },
      {
        remoteAddress: '10.0.0.9',
      },
    )
    expect(stranger.ResultCode).toBe('42900')
    const owner = await t.call(
      '/api/author/login',
      { Mobile: '13800138000', Password: 'demo1234' },
      {
        remoteAddress: '10.0.0.1',
      },
    )
    expect(owner.ResultCode).toBe('10000')
  })

  it('revokes the earlier device on a second login: its next call answers 99997', async () => {
    const first = await t.login()
    const second = await t.login()
    const old = await t.call('/api/usercenter/getclientcompanyinfo', {}, { token: first })
    expect([old.status, old.ResultCode, old.ResultMsg]).toEqual([200, '99997', '您的账号已在其他设备登录'])
    const current = await t.call('/api/usercenter/getclientcompanyinfo', {}, { token: second })
    expect(current.ResultCode).toBe('10000')
  })

  it('revokes the token on logout', async () => {
    const token = await t.login()
    const out = await t.call('/api/author/loginout', {}, { token })
    expect(out.ResultCode).toBe('10000')
    const after = await t.call('/api/usercenter/getclientcompanyinfo', {}, { token })
    expect([after.status, after.ResultCode, after.ResultMsg]).toEqual([401, '40100', Messages.notLoggedIn])
  })

  it('answers 40100 for a missing, unknown or malformed token', async () => {
    for (const token of [undefined, 'not-a-token', 'x'.repeat(500)]) {
      const answer = await t.call('/api/usercenter/getclientcompanyinfo', {}, { token })
      expect([answer.status, answer.ResultCode]).toEqual([401, '40100'])
    }
  })

  it('keeps a session alive for 7 days after its last use', async () => {
    const token = await t.login()
    t.clock.advance(6 * DAY)
    expect((await t.call('/api/usercenter/getclientcompanyinfo', {}, { token })).ResultCode).toBe('10000')
    t.clock.advance(6 * DAY)
    expect((await t.call('/api/usercenter/getclientcompanyinfo', {}, { token })).ResultCode).toBe('10000')
    t.clock.advance(7 * DAY + MINUTE)
    expect((await t.call('/api/usercenter/getclientcompanyinfo', {}, { token })).ResultCode).toBe('40100')
  })

  it('resets a password by SMS code and signs out every device', async () => {
    const token = await t.login()
    const code = await sendCode('13800138000', 'resetpwd')
    const reset = await t.call('/api/author/resetpassword', {
      Mobile: '13800138000',
      SmsCode: code,
      Password: 'newpass99',
    })
    expect(reset.ResultCode).toBe('10000')
    expect((await t.call('/api/usercenter/getclientcompanyinfo', {}, { token })).ResultCode).toBe('40100')
    const old = await t.call('/api/author/login', { Mobile: '13800138000', Password: 'demo1234' })
    expect(old.ResultMsg).toBe(AccountMessages.loginFailed)
    expect(
      (await t.call('/api/author/login', { Mobile: '13800138000', Password: 'newpass99' })).ResultCode,
    ).toBe('10000')
  })

  it('answers 99999 for a banned and 99998 for a disabled account, and refuses their login', async () => {
    const banned = await createCompanyAccount(t)
    const disabled = await createCompanyAccount(t)
    const bannedToken = await t.login(banned.mobile, banned.password)
    const disabledToken = await t.login(disabled.mobile, disabled.password)
    for (const token of [bannedToken, disabledToken]) {
      const ok = await t.call('/api/usercenter/getclientcompanyinfo', {}, { token })
      expect(ok.ResultCode).toBe('10000')
    }
    // Edited in the database directly, as another process or an operator would: seen within a second.
    const db = t.ctx.db.kysely
    await db.updateTable('accounts').set({ state: 'banned' }).where('id', '=', banned.accountId).execute()
    await db.updateTable('accounts').set({ state: 'disabled' }).where('id', '=', disabled.accountId).execute()
    t.clock.advance(1_000)

    const b = await t.call('/api/usercenter/getclientcompanyinfo', {}, { token: bannedToken })
    expect([b.status, b.ResultCode, b.ResultMsg]).toEqual([200, '99999', Messages.accountBanned])
    const d = await t.call('/api/usercenter/getclientcompanyinfo', {}, { token: disabledToken })
    expect([d.status, d.ResultCode, d.ResultMsg]).toEqual([200, '99998', Messages.accountDisabled])
    expect(d.data).toEqual({ reason: 'disabled' })
    const relogin = await t.call('/api/author/login', { Mobile: banned.mobile, Password: banned.password })
    expect([relogin.ResultCode, relogin.ResultMsg]).toEqual(['10001', Messages.accountBanned])
  })

  it('answers staff state from the company staff rows and hides other companies', async () => {
    const shop = await createCompanyAccount(t)
    await addStaff(t, shop.companyId, '13611112222', 'disabled')
    const other = await createCompanyAccount(t)
    const token = await t.login(shop.mobile, shop.password)
    const staff = await t.call('/api/author/getaccountstaffstate', { Mobile: '13611112222' }, { token })
    expect(staff.data).toEqual({ AccountStaffState: 2 })
    const foreign = await t.call('/api/author/getaccountstaffstate', { Mobile: other.mobile }, { token })
    expect([foreign.ResultCode, foreign.ResultMsg]).toEqual(['10004', Messages.notFound])
    const nobody = await t.call('/api/author/getaccountstaffstate', { Mobile: '13600000000' }, { token })
    expect(nobody.ResultMsg).toBe(foreign.ResultMsg)
  })
})
