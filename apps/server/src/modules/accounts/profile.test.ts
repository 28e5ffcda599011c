// /user/admin on real databases: the profile and its edits (company fields owner-only), the password change
// (old one checked, other sessions end), the mobile change with two SMS codes, the login history with its
// new-device message, and cancellation: request, the same again, withdraw, the operator's resolution (twice:
// the same result), after which nobody of the company signs in, the number registers again and the sheets
// keep their money without names.
import type { LoginRecord, MessagesPage, Profile } from '@epc/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addStaff,
  CHROME_WIN,
  createCompanyAccount,
  FACTORY_PASSWORD,
  loginFrom,
  SAFARI_IPHONE,
  signedInCompany,
} from '../../../test/factories'
import { dbKinds, expectNotLoggedIn, latestSmsCode, startTestApp, type TestApp } from '../../../test/helper'
import { sha256, UNUSABLE_PASSWORD_HASH } from '../../lib/secrets'
import { insertEmbedLink, insertKey } from '../data-service/data-service.repository'
import { runOps } from '../ops/ops'
import { CancellationService } from './cancellation.service'
import { deviceOf } from './profile.logins'

const DAY = 86_400_000
const MINUTE = 60_000

describe('deviceOf', () => {
  it('names the browser and its major version, then the system', () => {
    expect(deviceOf(CHROME_WIN)).toBe('Chrome 156 · Windows')
    expect(deviceOf(SAFARI_IPHONE)).toBe('Safari 18 · iOS')
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
      ),
    ).toBe('Edge 140 · Windows')
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe(
      'Firefox 140 · Linux',
    )
    expect(deviceOf('')).toBe('未知设备')
  })
})

describe.each(dbKinds)('/user/admin on %s', (kind) => {
  let t: TestApp
  let address = 0
  const call = <T>(path: string, payload: object, token: string) => t.call<T>(path, payload, { token })
  const profile = async (token: string) =>
    (await call<Profile>('/api/usercenter/profile', {}, token)).data as Profile
  const messages = async (token: string) =>
    (await call<MessagesPage>('/api/usercenter/messages', {}, token)).data as MessagesPage
  /** Sends a code (each from its own address, so the hourly address limit stays out of the way) and reads it. */
  const sms = async (Mobile: string, Scene: string) => {
    address += 1
    const sent = await t.call(
      '/api/author/sendsmscode',
      { Mobile, Scene },
      { remoteAddress: `10.9.0.${address}` },
    )
    expect(sent.ResultMsg).toBe('成功')
    return latestSmsCode(t, Mobile)
  }
  const loginAs = (Mobile: string, userAgent: string, Password = FACTORY_PASSWORD) =>
    loginFrom(t, Mobile, userAgent, Password)
  const ops = (...argv: string[]) => runOps({ db: t.ctx.db, clock: t.clock }, argv)

  beforeAll(async () => {
    t = await startTestApp(kind)
  })
  afterAll(() => t.close())

  it('answers the profile; the owner edits names and the company, staff only their own name', async () => {
    const s = await signedInCompany(t)
    await addStaff(t, s.companyId, '13713000001')
    const clerk = await t.login('13713000001', FACTORY_PASSWORD)
    expect(await profile(s.token)).toMatchObject({
      Mobile: s.mobile,
      IsOwner: true,
      CompanyPhone: s.mobile,
      Cancellation: null,
    })
    const edited = await call<Profile>(
      '/api/usercenter/updateprofile',
      { UserName: ' 王老板 ', CompanyName: '顺达汽修厂', CompanyPhone: '0755-12345678' },
      s.token,
    )
    expect(edited.data).toMatchObject({
      UserName: '王老板',
      CompanyName: '顺达汽修厂',
      CompanyPhone: '0755-12345678',
    })
    // The company's name is what every member's calls show at once.
    const info = await call<{ AccountInfo: { client_com_name: string; client_com_mobile: string } }>(
      '/api/usercenter/getclientcompanyinfo',
      {},
      clerk,
    )
    expect(info.data?.AccountInfo).toMatchObject({
      client_com_name: '顺达汽修厂',
      client_com_mobile: '0755-12345678',
    })

    expect(await profile(clerk)).toMatchObject({
      IsOwner: false,
      CompanyName: '顺达汽修厂',
      Mobile: '13713000001',
    })
    for (const change of [{ CompanyName: '别家' }, { CompanyPhone: '0755-1' }]) {
      expect(
        await call('/api/usercenter/updateprofile', { UserName: '小李', ...change }, clerk),
      ).toMatchObject({
        ResultCode: '10001',
        ResultMsg: '只有企业主账号可以进行此操作',
      })
    }
    expect((await profile(s.token)).CompanyName).toBe('顺达汽修厂')
    expect(
      (await call<Profile>('/api/usercenter/updateprofile', { UserName: '小李' }, clerk)).data?.UserName,
    ).toBe('小李')
    expect((await call('/api/usercenter/updateprofile', { UserName: '' }, clerk)).ResultMsg).toBe(
      '请输入用户名',
    )
    expect(
      (await call('/api/usercenter/updateprofile', { UserName: 'a', CompanyPhone: 'abc' }, s.token))
        .ResultMsg,
    ).toBe('公司电话只能包含数字、空格和 + - ( )')
  })

  it('changes the password with the old one: other sessions end, the caller’s stays, a message says so', async () => {
    const s = await createCompanyAccount(t)
    const desk = await loginAs(s.mobile, CHROME_WIN)
    const phone = await loginAs(s.mobile, SAFARI_IPHONE)
    // One device at a time: the phone's login ended the desk's session.
    expect((await call('/api/usercenter/profile', {}, desk)).ResultCode).toBe('99997')
    const change = (payload: object) => call('/api/usercenter/changepassword', payload, phone)
    expect(await change({ OldPassword: 'wrong123', Password: 'newpass99' })).toMatchObject({
      ResultCode: '10001',
      ResultMsg: '原密码错误',
    })
    expect((await change({ Password: 'newpass99' })).ResultMsg).toBe('请输入原密码')
    expect((await change({ OldPassword: FACTORY_PASSWORD, Password: 'short' })).ResultCode).toBe('10002')
    // Another live session of the account (written directly: a login would end the phone's) ends with the change.
    const other = 'other-session-token'
    await t.ctx.db.kysely
      .insertInto('sessions')
      .values({
        token_hash: sha256(other),
        account_id: s.accountId,
        created_at: t.clock.now(),
        last_seen_at: t.clock.now(),
        expires_at: t.clock.now() + DAY,
        revoked_at: null,
        revoked_reason: null,
      })
      .execute()
    expect((await call('/api/usercenter/profile', {}, other)).ResultCode).toBe('10000')
    expect((await change({ OldPassword: FACTORY_PASSWORD, Password: 'newpass99' })).ResultCode).toBe('10000')
    expect((await call('/api/usercenter/profile', {}, other)).ResultCode).toBe('40100')
    expect((await call('/api/usercenter/profile', {}, phone)).ResultCode).toBe('10000')
    const { Messages } = await messages(phone)
    expect(Messages[0]).toMatchObject({ Kind: '账号与安全', Title: '登录密码已修改' })
    expect(
      (await t.call('/api/author/login', { Mobile: s.mobile, Password: FACTORY_PASSWORD })).ResultMsg,
    ).toBe('手机号或密码错误')
    await loginAs(s.mobile, SAFARI_IPHONE, 'newpass99')
  })

  it('needs no old password while the account has none it could type', async () => {
    const s = await signedInCompany(t)
    await t.ctx.db.kysely
      .updateTable('accounts')
      .set({ password_hash: UNUSABLE_PASSWORD_HASH })
      .where('id', '=', s.accountId)
      .execute()
    expect((await call('/api/usercenter/changepassword', { Password: 'first123' }, s.token)).ResultCode).toBe(
      '10000',
    )
    await loginAs(s.mobile, CHROME_WIN, 'first123')
  })

  it('changes the bound mobile with codes to the old and the new number', async () => {
    const s = await signedInCompany(t)
    const taken = await createCompanyAccount(t)
    const fresh = '13714000001'
    const change = (payload: object) => call<Profile>('/api/usercenter/changemobile', payload, s.token)

    // bindmobile goes only to a number not registered, changemobile only to a registered one.
    expect(
      (await t.call('/api/author/sendsmscode', { Mobile: taken.mobile, Scene: 'bindmobile' })).ResultMsg,
    ).toBe('该手机号已注册')
    expect(
      (await t.call('/api/author/sendsmscode', { Mobile: fresh, Scene: 'changemobile' })).ResultMsg,
    ).toBe('该手机号未注册')
    const oldCode = await sms(s.mobile, 'changemobile')
    const newCode = await sms(fresh, 'bindmobile')
    // The same limits as every code: one a minute per number.
    expect(
      (
        await t.call(
          '/api/author/sendsmscode',
          { Mobile: fresh, Scene: 'bindmobile' },
          { remoteAddress: '10.8.0.1' },
        )
      ).ResultMsg,
    ).toBe('验证码发送过于频繁，请1分钟后再试')

    const wrong = (code: string) => (code === '000000' ? '111111' : '000000')
    expect(await change({ OldSmsCode: oldCode, NewMobile: taken.mobile, NewSmsCode: newCode })).toMatchObject(
      { ResultCode: '10001', ResultMsg: '该手机号已注册' },
    )
    expect(await change({ OldSmsCode: oldCode, NewMobile: s.mobile, NewSmsCode: newCode })).toMatchObject({
      ResultMsg: '新手机号与当前手机号相同',
    })
    expect(await change({ OldSmsCode: wrong(oldCode), NewMobile: fresh, NewSmsCode: newCode })).toMatchObject(
      {
        ResultCode: '10001',
        ResultMsg: '验证码错误',
      },
    )
    // A wrong new code leaves the old one usable: neither is used before both are right.
    expect(await change({ OldSmsCode: oldCode, NewMobile: fresh, NewSmsCode: wrong(newCode) })).toMatchObject(
      {
        ResultMsg: '验证码错误',
      },
    )
    expect(
      await change({ OldSmsCode: oldCode, NewMobile: '13714000002', NewSmsCode: newCode }),
    ).toMatchObject({
      ResultMsg: '验证码已失效，请重新获取',
    })
    expect((await profile(s.token)).Mobile).toBe(s.mobile)

    const changed = await change({ OldSmsCode: oldCode, NewMobile: fresh, NewSmsCode: newCode })
    expect(changed.data).toMatchObject({ Mobile: fresh })
    expect((await messages(s.token)).Messages[0]).toMatchObject({
      Kind: '账号与安全',
      Title: '绑定手机号已更换',
    })
    // The codes are used up; the old number is free and the new one signs in.
    expect(
      (await change({ OldSmsCode: oldCode, NewMobile: '13714000003', NewSmsCode: newCode })).ResultMsg,
    ).toBe('验证码已失效，请重新获取')
    expect((await t.call('/api/author/sendsmscode', { Mobile: s.mobile, Scene: 'login' })).ResultMsg).toBe(
      '该手机号未注册',
    )
    await loginAs(fresh, CHROME_WIN)
  })

  it('answers the last 20 sign-ins and tells of a new device, not of the first sign-in nor a known one', async () => {
    const s = await createCompanyAccount(t)
    let token = await loginAs(s.mobile, CHROME_WIN)
    expect((await messages(token)).TotalCount).toBe(0)
    t.clock.advance(MINUTE)
    token = await loginAs(s.mobile, CHROME_WIN)
    expect((await messages(token)).TotalCount).toBe(0)
    t.clock.advance(MINUTE)
    token = await loginAs(s.mobile, SAFARI_IPHONE)
    const { Messages } = await messages(token)
    expect(Messages.map((m) => [m.Kind, m.Title])).toEqual([['账号与安全', '新设备登录提醒']])
    expect(Messages[0]?.Body).toContain('Safari 18 · iOS')
    const history = (await call<LoginRecord[]>('/api/usercenter/loginhistory', {}, token))
      .data as LoginRecord[]
    expect(history.map((h) => h.Device)).toEqual([
      'Safari 18 · iOS',
      'Chrome 156 · Windows',
      'Chrome 156 · Windows',
    ])
    expect(history[0]?.IP).toBe('127.0.0.1')
    expect(history[0]?.Time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    for (let i = 0; i < 20; i++) token = await loginAs(s.mobile, SAFARI_IPHONE)
    const latest = (await call<LoginRecord[]>('/api/usercenter/loginhistory', {}, token))
      .data as LoginRecord[]
    expect(latest).toHaveLength(20)
    expect(latest.every((h) => h.Device === 'Safari 18 · iOS')).toBe(true)
    expect((await messages(token)).TotalCount).toBe(1)
  })

  it('requests a cancellation after an SMS check, answers the same again, withdraws it', async () => {
    const s = await signedInCompany(t)
    await addStaff(t, s.companyId, '13715000001')
    const clerk = await t.login('13715000001', FACTORY_PASSWORD)
    const request = (SmsCode: string, token = s.token) =>
      call<Profile['Cancellation']>('/api/usercenter/requestcancel', { SmsCode }, token)
    expect(await request('123456', clerk)).toMatchObject({ ResultMsg: '只有企业主账号可以进行此操作' })
    expect(await call('/api/usercenter/withdrawcancel', {}, clerk)).toMatchObject({
      ResultMsg: '只有企业主账号可以进行此操作',
    })
    expect((await request('123456')).ResultMsg).toBe('验证码已失效，请重新获取')
    const code = await sms(s.mobile, 'cancel')
    const asked = await request(code)
    expect(asked.data).toEqual({
      State: '待处理',
      RequestTime: expect.stringMatching(/^\d{4}-/),
      DueTime: expect.stringMatching(/^\d{4}-/),
    })
    const due = new Date(`${asked.data?.DueTime.replace(' ', 'T')}+08:00`).getTime()
    const at = new Date(`${asked.data?.RequestTime.replace(' ', 'T')}+08:00`).getTime()
    expect(due - at).toBe(15 * DAY)
    t.clock.advance(MINUTE)
    expect((await request('000000')).data).toEqual(asked.data)
    expect((await profile(s.token)).Cancellation).toEqual(asked.data)
    expect((await profile(clerk)).Cancellation).toEqual(asked.data)
    expect((await messages(s.token)).Messages[0]).toMatchObject({ Title: '注销申请已提交' })

    expect((await call('/api/usercenter/withdrawcancel', {}, s.token)).ResultCode).toBe('10000')
    expect((await profile(s.token)).Cancellation).toBeNull()
    expect((await call('/api/usercenter/withdrawcancel', {}, s.token)).ResultMsg).toBe('没有待处理的注销申请')
    expect((await messages(s.token)).Messages[0]).toMatchObject({ Title: '注销申请已撤回' })
    await expect(ops('resolve-cancellation', String(s.companyId))).rejects.toThrow('没有待处理的注销申请')
  })

  it('opens one pending request when two arrive at once', async () => {
    const s = await signedInCompany(t)
    const service = new CancellationService(t.ctx)
    const caller = {
      accountId: s.accountId,
      companyId: s.companyId,
      mobile: s.mobile,
      userName: '',
      companyName: '',
      type4s: 1,
      tokenHash: '',
      isOwner: true,
      seePurchasePrice: true,
    }
    const both = await Promise.all([service.open(caller), service.open(caller), service.open(caller)])
    expect(new Set(both.map((c) => JSON.stringify(c))).size).toBe(1)
    const rows = await t.ctx.db.kysely
      .selectFrom('cancellations')
      .selectAll()
      .where('company_id', '=', s.companyId)
      .execute()
    expect(rows.map((r) => r.state)).toEqual(['pending'])
  })

  it('resolving ends the company: no sign-in, the number registers again, sheets keep money without names', async () => {
    const s = await signedInCompany(t, { serviceDays: 30 })
    await addStaff(t, s.companyId, '13716000001')
    const clerk = await t.login('13716000001', FACTORY_PASSWORD)
    const db = t.ctx.db.kysely
    const now = t.clock.now()
    const sheet = await db
      .insertInto('sheets')
      .values({
        company_id: s.companyId,
        kind: 'quote',
        order_id: 'BJ202611250001',
        client_name: '张先生',
        vin: 'LFV2A21K0A3000001',
        car_no: '粤B12345',
        car_type: '迈腾',
        remark: '事故',
        makeorder_user: '王老板',
        created_by: s.accountId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('sheet_lines')
      .values({
        sheet_id: sheet.id,
        part_number: '5N0 698 151',
        part_norm: '5N0698151',
        part_name: '前制动片',
        amount_x100: 200,
        price_fen: 45_000,
        money_fen: 90_000,
        purchase_price_fen: 30_000,
        available_stock: 3,
        area_stock: '',
        user_name: '小李',
        flag: 0,
        created_at: now,
      })
      .execute()
    // The VINs its people looked up go; another company's stay.
    const other = await createCompanyAccount(t)
    const clerkId = (
      await db
        .selectFrom('accounts')
        .select('id')
        .where('mobile', '=', '13716000001')
        .executeTakeFirstOrThrow()
    ).id
    const queried = (accountId: number, vin: string) => ({
      account_id: accountId,
      vin,
      model_id: null,
      created_at: now,
    })
    await db
      .insertInto('vin_queries')
      .values([
        queried(s.accountId, 'LFV2A21K0A3000001'),
        queried(clerkId, 'LFV2A21K0A3000002'),
        queried(other.accountId, 'LFV2A21K0A3000003'),
      ])
      .execute()
    // And so do its embedded catalogues, each bound to a VIN.
    const keyId = await insertKey(db, {
      company_id: s.companyId,
      app_key: `cancelled-${kind}`,
      name: '门店系统',
      secret_sealed: 'x',
      is_test: 0,
      ip_ranges: '[]',
      created_at: now,
    })
    await insertEmbedLink(db, {
      key_id: keyId,
      company_id: s.companyId,
      vin: 'LFV2A21K0A3000004',
      model_ids: '[]',
      link_hash: `cancelled-${kind}`,
      link_expires_at: now + 600_000,
      created_at: now,
    })
    const code = await sms(s.mobile, 'cancel')
    expect((await call('/api/usercenter/requestcancel', { SmsCode: code }, s.token)).ResultCode).toBe('10000')
    const listed = await ops('cancellations')
    expect(listed.some((l) => l.startsWith(`公司 ${s.companyId}「`) && l.includes(s.mobile))).toBe(true)

    t.clock.advance(DAY)
    const lines = await ops('resolve-cancellation', String(s.companyId))
    expect(lines[0]).toBe(
      `公司 ${s.companyId} 已注销：2 个账号停止使用（会话已失效，手机号可重新注册），姓名、手机号、公司名称和电话已清除`,
    )
    expect(await ops('resolve-cancellation', String(s.companyId))).toEqual([
      `公司 ${s.companyId} 的注销申请此前已处理，未作任何更改`,
    ])
    expect((await ops('cancellations')).some((l) => l.startsWith(`公司 ${s.companyId}「`))).toBe(false)

    for (const token of [s.token, clerk]) {
      expect((await call('/api/usercenter/profile', {}, token)).ResultCode).toBe('40100')
    }
    for (const mobile of [s.mobile, '13716000001']) {
      expect(
        (await t.call('/api/author/login', { Mobile: mobile, Password: FACTORY_PASSWORD })).ResultMsg,
      ).toBe('手机号或密码错误')
      expect((await t.call('/api/author/sendsmscode', { Mobile: mobile, Scene: 'login' })).ResultMsg).toBe(
        '该手机号未注册',
      )
    }
    const accounts = await db
      .selectFrom('accounts')
      .selectAll()
      .where('company_id', '=', s.companyId)
      .execute()
    for (const a of accounts) {
      expect(a).toMatchObject({ state: 'cancelled', user_name: '已注销用户', mobile: `cancelled:${a.id}` })
    }
    expect(
      await db.selectFrom('companies').selectAll().where('id', '=', s.companyId).executeTakeFirst(),
    ).toMatchObject({ name: '已注销企业', mobile: '' })
    const services = await db
      .selectFrom('services')
      .selectAll()
      .where('company_id', '=', s.companyId)
      .execute()
    expect(services.every((r) => Number(r.ends_at) <= t.clock.now())).toBe(true)
    expect(
      await db.selectFrom('sheets').selectAll().where('id', '=', sheet.id).executeTakeFirst(),
    ).toMatchObject({
      order_id: 'BJ202611250001',
      client_name: '',
      car_no: '',
      makeorder_user: '',
    })
    const line = await db
      .selectFrom('sheet_lines')
      .selectAll()
      .where('sheet_id', '=', sheet.id)
      .executeTakeFirst()
    expect(line).toMatchObject({ user_name: '', part_name: '前制动片' })
    expect(Number(line?.money_fen)).toBe(90_000)
    expect(Number(line?.price_fen)).toBe(45_000)
    expect(
      await db.selectFrom('vin_queries').select('vin').where('vin', 'like', 'LFV2A21K0A300000%').execute(),
    ).toEqual([{ vin: 'LFV2A21K0A3000003' }])
    expect(await db.selectFrom('embed_sessions').select('id').where('key_id', '=', keyId).execute()).toEqual(
      [],
    )

    // The number is free: it registers a new company.
    const registerCode = await sms(s.mobile, 'register')
    const registered = await t.call<{ Token: string }>('/api/author/register', {
      Mobile: s.mobile,
      SmsCode: registerCode,
      Password: 'again123',
      UserName: '新老板',
      CompanyName: '新汽配',
    })
    expect(registered.ResultMsg).toBe('成功')
    expect((await profile(registered.data?.Token as string)).Cancellation).toBeNull()
  })
})

describe.each(dbKinds)('authorization of /user/admin on %s', (kind) => {
  let t: TestApp
  let address = 0
  const call = <T>(path: string, payload: object, token?: string) => t.call<T>(path, payload, { token })
  const sms = async (Mobile: string, Scene: string) => {
    address += 1
    const sent = await t.call(
      '/api/author/sendsmscode',
      { Mobile, Scene },
      { remoteAddress: `10.8.0.${address}` },
    )
    expect(sent.ResultMsg).toBe('成功')
    return latestSmsCode(t, Mobile)
  }
  const loginAs = (Mobile: string, userAgent: string) => loginFrom(t, Mobile, userAgent)
  const cancellations = (companyId: number) =>
    t.ctx.db.kysely.selectFrom('cancellations').selectAll().where('company_id', '=', companyId).execute()

  beforeAll(async () => {
    t = await startTestApp(kind)
  })
  afterAll(() => t.close())

  it('answers each account its own profile and sign-ins, never another member’s', async () => {
    const s = await createCompanyAccount(t)
    await addStaff(t, s.companyId, '13717000001')
    const owner = await loginAs(s.mobile, CHROME_WIN)
    const clerk = await loginAs('13717000001', SAFARI_IPHONE)
    const history = async (token: string) =>
      ((await call<LoginRecord[]>('/api/usercenter/loginhistory', {}, token)).data ?? []).map((h) => h.Device)
    expect(await history(owner)).toEqual(['Chrome 156 · Windows'])
    expect(await history(clerk)).toEqual(['Safari 18 · iOS'])
    expect((await call<Profile>('/api/usercenter/profile', {}, clerk)).data).toMatchObject({
      Mobile: '13717000001',
      IsOwner: false,
    })
    // A member's own name change leaves the owner's alone.
    await call('/api/usercenter/updateprofile', { UserName: '店员小王' }, clerk)
    expect((await call<Profile>('/api/usercenter/profile', {}, owner)).data?.UserName).not.toBe('店员小王')
  })

  it('lets only the owner request or withdraw the company’s cancellation; a member’s try changes nothing', async () => {
    const s = await signedInCompany(t)
    await addStaff(t, s.companyId, '13717000002')
    const clerk = await t.login('13717000002', FACTORY_PASSWORD)
    // The member's own code of the scene: refused before it is used.
    const clerkCode = await sms('13717000002', 'cancel')
    const asked = await call('/api/usercenter/requestcancel', { SmsCode: clerkCode }, clerk)
    expect([asked.ResultCode, asked.ResultMsg]).toEqual(['10001', '只有企业主账号可以进行此操作'])
    expect(await cancellations(s.companyId)).toEqual([])
    const codeRow = await t.ctx.db.kysely
      .selectFrom('sms_codes')
      .select('used_at')
      .where('mobile', '=', '13717000002')
      .where('scene', '=', 'cancel')
      .executeTakeFirstOrThrow()
    expect(codeRow.used_at).toBeNull()

    const ownerCode = await sms(s.mobile, 'cancel')
    expect((await call('/api/usercenter/requestcancel', { SmsCode: ownerCode }, s.token)).ResultCode).toBe(
      '10000',
    )
    const pending = await cancellations(s.companyId)
    const withdrawn = await call('/api/usercenter/withdrawcancel', {}, clerk)
    expect([withdrawn.ResultCode, withdrawn.ResultMsg]).toEqual(['10001', '只有企业主账号可以进行此操作'])
    expect(await cancellations(s.companyId)).toEqual(pending)
    expect(pending.map((c) => c.state)).toEqual(['pending'])
    // Another company's owner has no request to withdraw: the first company's stays pending.
    const other = await signedInCompany(t)
    expect((await call('/api/usercenter/withdrawcancel', {}, other.token)).ResultMsg).toBe(
      '没有待处理的注销申请',
    )
    expect(await cancellations(s.companyId)).toEqual(pending)
  })

  it('ends a member who signs in while the company’s cancellation is resolved: the token is refused', async () => {
    // The sign-in reads the account, checks the password (a moment), then writes its session: the resolution
    // lands in between at one of these delays or another, and the token must be no use either way.
    for (const [i, delay] of [0, 2, 5].entries()) {
      const s = await signedInCompany(t)
      const mobile = `1371700001${i}`
      await addStaff(t, s.companyId, mobile)
      const code = await sms(s.mobile, 'cancel')
      expect((await call('/api/usercenter/requestcancel', { SmsCode: code }, s.token)).ResultCode).toBe(
        '10000',
      )
      const [login] = await Promise.all([
        t.call<{ Token: string }>('/api/author/login', { Mobile: mobile, Password: FACTORY_PASSWORD }),
        new Promise((started) => setTimeout(started, delay)).then(() =>
          runOps({ db: t.ctx.db, clock: t.clock }, ['resolve-cancellation', String(s.companyId)]),
        ),
      ])
      if (login.ResultCode !== '10000') expect(login.ResultMsg).toBe('手机号或密码错误')
      for (const token of [s.token, login.data?.Token]) {
        if (!token) continue
        for (const path of ['/api/usercenter/profile', '/api/epc/queryquoteorder', '/api/billing/orders']) {
          const answer = await call(path, {}, token)
          expect([path, answer.ResultCode, answer.ResultMsg]).toEqual([path, '40100', '请先登录'])
        }
      }
    }
  })

  it('refuses every /user/admin call without a login, changing nothing', async () => {
    const s = await signedInCompany(t)
    const before = await t.ctx.db.kysely
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', s.accountId)
      .execute()
    await expectNotLoggedIn(t, [
      ['/api/usercenter/profile', {}],
      ['/api/usercenter/updateprofile', { UserName: '匿名', CompanyName: '匿名公司' }],
      ['/api/usercenter/changepassword', { OldPassword: FACTORY_PASSWORD, Password: 'abc12345' }],
      [
        '/api/usercenter/changemobile',
        { OldSmsCode: '123456', NewMobile: '13717000009', NewSmsCode: '123456' },
      ],
      ['/api/usercenter/loginhistory', {}],
      ['/api/usercenter/requestcancel', { SmsCode: '123456' }],
      ['/api/usercenter/withdrawcancel', {}],
      ['/api/usercenter/getclientcompanyinfo', {}],
      ['/api/author/getaccountstaffstate', { Mobile: s.mobile }],
    ])
    expect(
      await t.ctx.db.kysely.selectFrom('accounts').selectAll().where('id', '=', s.accountId).execute(),
    ).toEqual(before)
  })
})
