// Records kept six months (retention.ts), on real databases: a VIN query and a sign-in older than that are
// gone from what the account is shown, its latest sign-in stays (so a device unseen since is still told of),
// an embedded catalogue of then is forgotten, and so is a dealer price a later report of its part and price
// type replaced; newer records stay, and each price type's latest price.
import type { DealerPrice, LoginRecord, MessagesPage, VinHistoryAnswer } from '@epc/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadTinyCatalogue } from '../../../test/catalogue-fixture'
import { CHROME_WIN, createCompanyAccount, loginFrom, SAFARI_IPHONE } from '../../../test/factories'
import { dbKinds, startTestApp, type TestApp } from '../../../test/helper'
import type { DemoVin } from '../../catalogue-data/demo/generate'
import { insertEmbedLink, insertKey } from '../data-service/data-service.repository'
import { forgetOldRecords, RECORDS_KEPT_MS } from './retention'

const DAY = 86_400_000

describe.each(dbKinds)('records kept six months on %s', (kind) => {
  let t: TestApp
  let demoVins: DemoVin[]
  const db = () => t.ctx.db.kysely
  const vinQuery = async (VIN: string, token: string) =>
    expect((await t.call('/api/epc/vinquery', { VIN }, { token })).ResultCode).toBe('10000')
  const recentVins = async (token: string) =>
    (
      (await t.call<VinHistoryAnswer>('/api/epc/vinhistory', {}, { token })).data as VinHistoryAnswer
    ).recent.map((r) => r.vin)
  const devices = async (token: string) =>
    ((await t.call<LoginRecord[]>('/api/usercenter/loginhistory', {}, { token })).data as LoginRecord[]).map(
      (h) => h.Device,
    )
  const newDeviceMessages = async (token: string) =>
    (
      (await t.call<MessagesPage>('/api/usercenter/messages', {}, { token })).data as MessagesPage
    ).Messages.filter((m) => m.Title === '新设备登录提醒').length

  beforeAll(async () => {
    t = await startTestApp(kind)
    demoVins = (await loadTinyCatalogue(t.ctx.db)).demoVins
  }, 180_000)
  afterAll(() => t.close())

  it('forgets VIN queries and sign-ins older than six months; an account’s latest sign-in stays', async () => {
    const [first, second] = demoVins
    if (!first || !second) throw new Error('two demo VINs')
    const s = await createCompanyAccount(t, { serviceDays: 1000 })
    let token = await loginFrom(t, s.mobile, CHROME_WIN, s.password)
    await vinQuery(first.vin, token)
    t.clock.advance(100 * DAY)
    token = await loginFrom(t, s.mobile, SAFARI_IPHONE, s.password)
    await vinQuery(second.vin, token)
    expect(await recentVins(token)).toEqual([second.vin, first.vin])
    expect(await newDeviceMessages(token)).toBe(1)

    // Nothing is forgotten before its six months are up.
    expect(await forgetOldRecords(db(), t.clock.now())).toEqual({
      vinQueries: 0,
      logins: 0,
      embeds: 0,
      hostPrices: 0,
    })
    t.clock.advance(100 * DAY)
    expect(await forgetOldRecords(db(), t.clock.now())).toMatchObject({ vinQueries: 1, logins: 1 })
    token = await loginFrom(t, s.mobile, SAFARI_IPHONE, s.password)
    expect(await recentVins(token)).toEqual([second.vin])
    expect(await devices(token)).toEqual(['Safari 18 · iOS', 'Safari 18 · iOS'])

    // Long after, the latest sign-in is kept: the phone is known, the computer is a new device again.
    t.clock.advance(300 * DAY)
    expect(await forgetOldRecords(db(), t.clock.now())).toMatchObject({ vinQueries: 1, logins: 1 })
    token = await loginFrom(t, s.mobile, SAFARI_IPHONE, s.password)
    expect(await recentVins(token)).toEqual([])
    expect(await devices(token)).toEqual(['Safari 18 · iOS', 'Safari 18 · iOS'])
    expect(await newDeviceMessages(token)).toBe(1)
    token = await loginFrom(t, s.mobile, CHROME_WIN, s.password)
    expect(await newDeviceMessages(token)).toBe(2)
  })

  it('forgets a dealer price reported more than six months ago that a later one replaced', async () => {
    const s = await createCompanyAccount(t, { serviceDays: 1000 })
    const partNumber = '5Q0 615 301 F'
    const report = async (token: string, pb: number, NETWR: number) => {
      const json = {
        code: 200,
        data: { stock: [{ PART_NO: partNumber, PART_NAME: '前制动盘', NETWR, STOCK_QUANTITY: 1 }] },
      }
      const answer = await t.call('/api/author/update4spricelist', { partNumber, pb, json }, { token })
      expect(answer.ResultCode).toBe('10000')
    }
    const prices = async (token: string) =>
      ((await t.call<DealerPrice[]>('/api/author/get4spricelist', { partNumber }, { token })).data ?? []).map(
        (p) => [p.pb, p.sale_price],
      )
    let token = await t.login(s.mobile, s.password)
    await report(token, 1, 600)
    await report(token, 2, 700)
    t.clock.advance(100 * DAY)
    token = await t.login(s.mobile, s.password)
    await report(token, 1, 650)
    t.clock.advance(100 * DAY)
    expect((await forgetOldRecords(db(), t.clock.now())).hostPrices).toBe(1)
    token = await t.login(s.mobile, s.password)
    expect(await prices(token)).toEqual([
      [1, 650],
      [2, 700],
    ])
    expect(
      await db().selectFrom('host_prices').select('id').where('company_id', '=', s.companyId).execute(),
    ).toHaveLength(2)
  })

  it('forgets an embedded catalogue offered more than six months ago, not a newer one', async () => {
    const s = await createCompanyAccount(t, { serviceDays: 1000 })
    const keyId = await insertKey(db(), {
      company_id: s.companyId,
      app_key: `retention-${kind}`,
      name: '门店系统',
      secret_sealed: 'x',
      is_test: 0,
      ip_ranges: '[]',
      created_at: t.clock.now(),
    })
    const offer = async (vin: string, at: number) =>
      insertEmbedLink(db(), {
        key_id: keyId,
        company_id: s.companyId,
        vin,
        model_ids: '[]',
        link_hash: `${kind}-${vin}-${at}`,
        link_expires_at: at + 600_000,
        created_at: at,
      })
    const now = t.clock.now()
    await offer('LFV2A21K0A3000001', now - RECORDS_KEPT_MS - DAY)
    await offer('LFV2A21K0A3000002', now - RECORDS_KEPT_MS + DAY)
    expect((await forgetOldRecords(db(), now)).embeds).toBe(1)
    const left = await db().selectFrom('embed_sessions').select('vin').where('key_id', '=', keyId).execute()
    expect(left).toEqual([{ vin: 'LFV2A21K0A3000002' }])
  })
})
