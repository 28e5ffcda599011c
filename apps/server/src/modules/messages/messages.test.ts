// The message centre on real databases: the page (unread first, then newest, paging), reading one or all,
// another account's message, and the events that post messages — each one once however often it is
// reported: a payment, a coupon, a service about to end, the operator's broadcast.
import type { MessageRow, MessagesPage } from '@epc/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addStaff, FACTORY_PASSWORD, signedInCompany } from '../../../test/factories'
import { dbKinds, expectNotLoggedIn, startTestApp, type TestApp } from '../../../test/helper'
import { BillingService } from '../billing/billing.service'
import { runOps } from '../ops/ops'
import { postMessage } from '.'

const DAY = 86_400_000
const MINUTE = 60_000

describe.each(dbKinds)('messages on %s', (kind) => {
  let t: TestApp
  let billing: BillingService
  const call = <T>(path: string, payload: object, token: string) => t.call<T>(path, payload, { token })
  const page = async (token: string, payload: object = {}) =>
    (await call<MessagesPage>('/api/usercenter/messages', payload, token)).data as MessagesPage
  const unread = async (token: string) =>
    (await call<{ Unread: number }>('/api/usercenter/unreadcount', {}, token)).data?.Unread
  const ops = (...argv: string[]) => runOps({ db: t.ctx.db, clock: t.clock }, argv)
  const kinds = (rows: MessageRow[]) => rows.map((m) => [m.Kind, m.Title])

  beforeAll(async () => {
    t = await startTestApp(kind)
    billing = new BillingService(t.ctx)
  })
  afterAll(() => t.close())

  it('pages unread first, then newest; reads one and all; another account’s message answers 10004', async () => {
    const s = await signedInCompany(t)
    const other = await signedInCompany(t)
    expect(await page(s.token)).toEqual({ Messages: [], TotalCount: 0, Unread: 0 })
    for (let i = 1; i <= 12; i++) {
      t.clock.advance(1000)
      await postMessage(t.ctx.db.kysely, {
        accountIds: [s.accountId],
        kind: i % 2 ? 'security' : 'announcement',
        subject: `test:${i}`,
        title: `消息${i}`,
        body: `内容${i}`,
        now: t.clock.now(),
      })
    }
    // The same subject again is the same event: still one message.
    await postMessage(t.ctx.db.kysely, {
      accountIds: [s.accountId],
      kind: 'security',
      subject: 'test:1',
      title: '重复',
      body: '重复',
      now: t.clock.now(),
    })
    const first = await page(s.token)
    expect(first.TotalCount).toBe(12)
    expect(first.Unread).toBe(12)
    expect(first.Messages.map((m) => m.Title)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `消息${i}`),
    )
    expect(first.Messages[0]).toMatchObject({ Kind: '系统公告', Body: '内容12', Read: false })
    expect(first.Messages[1]?.Kind).toBe('账号与安全')
    expect(first.Messages[0]?.CreateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)

    // Reading the newest moves it behind every unread one.
    const newest = first.Messages[0]?.Id as number
    expect((await call('/api/usercenter/readmessage', { Id: newest }, s.token)).data).toEqual({ Unread: 11 })
    expect((await call('/api/usercenter/readmessage', { Id: newest }, s.token)).data).toEqual({ Unread: 11 })
    const second = await page(s.token, { PageIndex: 2, PageSize: 5 })
    expect(second.Messages.map((m) => m.Title)).toEqual(['消息6', '消息5', '消息4', '消息3', '消息2'])
    const last = await page(s.token, { PageIndex: 3, PageSize: 5 })
    expect(last.Messages.map((m) => [m.Title, m.Read])).toEqual([
      ['消息1', false],
      ['消息12', true],
    ])
    expect(await page(s.token, { PageIndex: 4, PageSize: 5 })).toMatchObject({ Messages: [], TotalCount: 12 })

    // Another account's message is not found, and nothing is marked.
    expect(await call('/api/usercenter/readmessage', { Id: newest - 1 }, other.token)).toMatchObject({
      ResultCode: '10004',
    })
    expect(await unread(s.token)).toBe(11)
    expect((await call('/api/usercenter/readmessage', { Id: 0 }, s.token)).ResultCode).toBe('10002')
    expect((await call('/api/usercenter/messages', { PageSize: 101 }, s.token)).ResultMsg).toBe(
      '每页最多100条',
    )

    expect((await call('/api/usercenter/readallmessages', {}, s.token)).data).toEqual({ Unread: 0 })
    expect((await page(s.token)).Messages.every((m) => m.Read)).toBe(true)
    expect(await unread(other.token)).toBe(0)
  })

  it('a payment tells the owner once, however often it is reported; staff get nothing', async () => {
    const s = await signedInCompany(t)
    await addStaff(t, s.companyId, '13712000001')
    const clerk = await t.login('13712000001', FACTORY_PASSWORD)
    const created = await call<{ OrderNo: string }>(
      '/api/billing/createorder',
      { PlanCode: 'vin_month' },
      s.token,
    )
    const orderNo = created.data?.OrderNo as string
    const results = await Promise.all(
      Array.from({ length: 5 }, () => billing.markPaid(orderNo, 'wechat', 19_900, `WX-${orderNo}`)),
    )
    expect(results.filter((r) => r === 'applied')).toHaveLength(1)
    const { Messages } = await page(s.token)
    expect(kinds(Messages)).toEqual([['支付结果', '支付成功']])
    expect(Messages[0]?.Body).toContain(`订单 ${orderNo}「VIN 查询月卡」已支付 ¥199.00，已生效，服务期至`)
    expect(await unread(clerk)).toBe(0)
  })

  it('a coupon granted by the operator reaches the owner once per coupon', async () => {
    const s = await signedInCompany(t)
    const grant = () =>
      ops(
        'coupon-grant',
        '--company',
        String(s.companyId),
        '--kind',
        '满减',
        '--value',
        '20',
        '--threshold',
        '100',
        '--from',
        '2020-01-01',
        '--to',
        '2099-12-31',
      )
    await grant()
    const { Messages } = await page(s.token)
    expect(kinds(Messages)).toEqual([['优惠券到账', '优惠券「满100减20」已到账']])
    expect(Messages[0]?.Body).toContain('有效期 2020-01-01 至 2099-12-31')
    // The same grant again within the minute is the one grant (ops coupon-grant); a minute on, another coupon.
    await grant()
    expect((await page(s.token)).TotalCount).toBe(1)
    t.clock.advance(MINUTE)
    await grant()
    expect((await page(s.token)).TotalCount).toBe(2)
  })

  it('a service about to end posts one 服务到期提醒 per threshold, as the renewal notices', async () => {
    const s = await signedInCompany(t, { serviceDays: 10 })
    t.clock.advance(3 * DAY + MINUTE)
    await billing.remindRenewals()
    await billing.remindRenewals()
    expect(kinds((await page(s.token)).Messages)).toEqual([['服务到期提醒', '试用将在 7 天内到期']])
    t.clock.advance(6 * DAY)
    await billing.remindRenewals()
    await call('/api/billing/notices', {}, s.token)
    expect(kinds((await page(s.token)).Messages)).toEqual([
      ['服务到期提醒', '试用将在 1 天内到期'],
      ['服务到期提醒', '试用将在 7 天内到期'],
    ])
  })

  it('the operator’s broadcast reaches every active account once; disabled ones do not get it', async () => {
    const a = await signedInCompany(t)
    const b = await signedInCompany(t)
    await addStaff(t, b.companyId, '13712000002', 'disabled')
    const accounts = await t.ctx.db.kysely
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('state', '=', 'active')
      .executeTakeFirstOrThrow()
    const lines = await ops(
      'broadcast',
      '--title',
      '系统维护通知',
      '--body',
      '今晚 23:00 至 23:30 系统维护。',
    )
    expect(lines).toEqual([`已向 ${Number(accounts.n)} 个正常状态的账号发送系统公告「系统维护通知」`])
    // Run again by mistake within the minute: nobody gets it twice.
    expect(
      await ops('broadcast', '--title', '系统维护通知', '--body', '今晚 23:00 至 23:30 系统维护。'),
    ).toEqual(['已向 0 个正常状态的账号发送系统公告「系统维护通知」'])
    for (const s of [a, b]) {
      const { Messages } = await page(s.token)
      expect(Messages.map((m) => [m.Kind, m.Title, m.Body])).toEqual([
        ['系统公告', '系统维护通知', '今晚 23:00 至 23:30 系统维护。'],
      ])
    }
    const disabled = await t.ctx.db.kysely
      .selectFrom('messages')
      .innerJoin('accounts', 'accounts.id', 'messages.account_id')
      .select('messages.id')
      .where('accounts.mobile', '=', '13712000002')
      .execute()
    expect(disabled).toEqual([])
    await expect(ops('broadcast', '--title', '', '--body', 'x')).rejects.toThrow('公告标题不能为空')
  })
})

describe.each(dbKinds)('authorization of messages on %s', (kind) => {
  let t: TestApp
  const call = <T>(path: string, payload: object, token?: string) => t.call<T>(path, payload, { token })
  const page = async (token: string) =>
    (await call<MessagesPage>('/api/usercenter/messages', { PageSize: 100 }, token)).data as MessagesPage
  const readAt = async (id: number) =>
    (
      await t.ctx.db.kysely
        .selectFrom('messages')
        .select('read_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).read_at

  beforeAll(async () => {
    t = await startTestApp(kind)
  })
  afterAll(() => t.close())

  it('keeps each account’s messages its own: the owner’s are not the staff member’s, nor the other way', async () => {
    const s = await signedInCompany(t)
    const staffMobile = `134${String(Date.now() % 100_000_000).padStart(8, '0')}`
    await addStaff(t, s.companyId, staffMobile)
    const staff = await t.login(staffMobile, FACTORY_PASSWORD)
    const staffId = (
      await t.ctx.db.kysely
        .selectFrom('accounts')
        .select('id')
        .where('mobile', '=', staffMobile)
        .executeTakeFirstOrThrow()
    ).id
    for (const [accountId, title] of [
      [s.accountId, '给企业主'],
      [staffId, '给店员'],
    ] as const) {
      await postMessage(t.ctx.db.kysely, {
        accountIds: [accountId],
        kind: 'security',
        subject: `auth:${accountId}`,
        title,
        body: title,
        now: t.clock.now(),
      })
    }
    const ownerPage = await page(s.token)
    const staffPage = await page(staff)
    expect(ownerPage.Messages.map((m) => m.Title)).toEqual(['给企业主'])
    expect(staffPage.Messages.map((m) => m.Title)).toEqual(['给店员'])
    const ownerMessage = ownerPage.Messages[0]?.Id as number
    const staffMessage = staffPage.Messages[0]?.Id as number

    // Each reads the other's message by its id: not found, and it stays unread.
    for (const [token, id] of [
      [staff, ownerMessage],
      [s.token, staffMessage],
    ] as const) {
      const answer = await call('/api/usercenter/readmessage', { Id: id }, token)
      expect([answer.ResultCode, answer.ResultMsg]).toEqual(['10004', '数据不存在或无权访问'])
      expect(await readAt(id)).toBeNull()
    }
    // Reading all marks the caller's own only.
    expect((await call('/api/usercenter/readallmessages', {}, staff)).data).toEqual({ Unread: 0 })
    expect(await readAt(ownerMessage)).toBeNull()
    expect((await call('/api/usercenter/unreadcount', {}, s.token)).data).toEqual({ Unread: 1 })
  })

  it('refuses every message call without a login, marking nothing', async () => {
    const s = await signedInCompany(t)
    await postMessage(t.ctx.db.kysely, {
      accountIds: [s.accountId],
      kind: 'announcement',
      subject: 'auth:anonymous',
      title: '公告',
      body: '公告',
      now: t.clock.now(),
    })
    const id = (await page(s.token)).Messages[0]?.Id as number
    await expectNotLoggedIn(t, [
      ['/api/usercenter/messages', {}],
      ['/api/usercenter/unreadcount', {}],
      ['/api/usercenter/readmessage', { Id: id }],
      ['/api/usercenter/readallmessages', {}],
    ])
    expect(await readAt(id)).toBeNull()
  })
})
