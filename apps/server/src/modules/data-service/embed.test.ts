// Embedded catalogues end to end (issue 21 point 5): a key's embed origins on the 数据服务 page, the signed
// call that makes a one-time link for one VIN, the link opened once for a session of its own kind, that
// session's look-ups limited to its VIN and charged one data item each, and the page framed by the key's
// origins only; on the real app and database.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type ApiKeyRow,
  type CreatedKey,
  DataServiceMessages,
  EmbedMessages,
  type EmbedSession,
  Messages,
} from '@epc/shared'
import { openEmbedAnswer } from '@epc/shared/data-service-schemas'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { loadTinyCatalogue } from '../../../test/catalogue-fixture'
import {
  addStaff,
  claimDataTrial,
  createCompanyAccount,
  dataItemsLeft,
  FACTORY_PASSWORD,
  signedInCompany,
} from '../../../test/factories'
import { dbKinds, startTestApp, type TestApp } from '../../../test/helper'
import { type OpenKey, openRequest } from '../../../test/open-client'
import type { DemoVin } from '../../catalogue-data/demo/generate'

const ERP = 'https://erp.example.com'
const PAGE = '<!doctype html><html><body>汽配EPC</body></html>'

describe.each(dbKinds)('embedded catalogue (%s)', (kind) => {
  let t: TestApp
  let web: string
  let owner: { token: string; companyId: number; mobile: string }
  let key: OpenKey & { id: number }
  let demoVins: DemoVin[]

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'epc-embed-web-'))
    writeFileSync(join(web, 'index.html'), PAGE)
    t = await startTestApp(kind, {
      serveWeb: true,
      config: { webDist: web, publicUrl: 'https://epc.example.com', publicUrlSet: true },
    })
    demoVins = (await loadTinyCatalogue(t.ctx.db)).demoVins
    owner = await signedInCompany(t)
    key = await createKey(owner.token, [ERP])
    await claimTrial(owner.token)
  }, 180_000)
  afterAll(async () => {
    await t.close()
    rmSync(web, { recursive: true, force: true })
  })

  const call = <T>(path: string, payload: object, token = owner.token) => t.call<T>(path, payload, { token })
  const claimTrial = (token = owner.token) => claimDataTrial(t, token)
  const itemsLeft = (companyId: number) => dataItemsLeft(t, companyId)

  async function createKey(token: string, origins: string[], payload: object = { Name: '维修管理系统' }) {
    const created = await call<CreatedKey>('/api/dataservice/keys/create', payload, token)
    expect(created.ResultCode, created.ResultMsg).toBe('10000')
    const { Key, AppSecret } = created.data as CreatedKey
    if (origins.length) {
      const set = await call(
        '/api/dataservice/keys/setembed',
        { KeyId: Key.KeyId, EmbedOrigins: origins },
        token,
      )
      expect(set.ResultCode, set.ResultMsg).toBe('10000')
    }
    return { appKey: Key.AppKey, appSecret: AppSecret, id: Key.KeyId }
  }

  /** A signed link request; the clock moves a second first, so the key's rate never carries over. */
  function makeLink(vin: string, k: OpenKey = key) {
    t.clock.advance(1_000)
    return openRequest<z.output<typeof openEmbedAnswer> & { error?: { code: string } }>(
      t,
      k,
      'POST',
      '/open/v1/embed/sessions',
      { vin },
    )
  }

  /** The link's token, from the URL the customer's system puts in its iframe. */
  const linkOf = (url: string) => url.slice(url.lastIndexOf('/') + 1)

  /** A link for the first demo VIN, opened: the session's token. */
  async function openedSession(): Promise<EmbedSession> {
    const made = await makeLink((demoVins[0] as DemoVin).vin)
    expect(made.status).toBe(201)
    const opened = await t.call<EmbedSession>('/api/embed/open', { Link: linkOf(made.body.url) })
    expect(opened.ResultCode, opened.ResultMsg).toBe('10000')
    return opened.data as EmbedSession
  }

  /** A company of its own with the trial, a key with an origin, and a session opened for the first demo VIN. */
  async function companyWithSession() {
    const account = await createCompanyAccount(t)
    const ownerToken = await t.login(account.mobile, account.password)
    await claimTrial(ownerToken)
    const k = await createKey(ownerToken, [ERP])
    const link = linkOf((await makeLink((demoVins[0] as DemoVin).vin, k)).body.url)
    const session = (await t.call<EmbedSession>('/api/embed/open', { Link: link })).data as EmbedSession
    return { account, ownerToken, k, session }
  }

  describe('embed origins on the 数据服务 page', () => {
    it('keeps a key’s origins as browsers send them, refuses a bad one and changes nothing', async () => {
      const k = await createKey(owner.token, [])
      const set = await call<ApiKeyRow>('/api/dataservice/keys/setembed', {
        KeyId: k.id,
        EmbedOrigins: [' https://ERP.example.com/ ', 'http://10.0.0.5:8080', ''],
      })
      expect(set.data?.EmbedOrigins).toEqual(['https://erp.example.com', 'http://10.0.0.5:8080'])
      const bad = await call('/api/dataservice/keys/setembed', {
        KeyId: k.id,
        EmbedOrigins: ['https://erp.example.com/epc/'],
      })
      expect(bad).toMatchObject({ ResultCode: '10002', ResultMsg: DataServiceMessages.embedOrigins })
      const keys = await call<ApiKeyRow[]>('/api/dataservice/keys', {})
      expect(keys.data?.find((r) => r.KeyId === k.id)?.EmbedOrigins).toEqual([
        'https://erp.example.com',
        'http://10.0.0.5:8080',
      ])
    })

    it('is the owner’s: staff are refused, another company’s key is not found', async () => {
      const staffMobile = `137${String(Date.now() % 100_000_000).padStart(8, '0')}`
      await addStaff(t, owner.companyId, staffMobile)
      const staff = await t.login(staffMobile, FACTORY_PASSWORD)
      const payload = { KeyId: key.id, EmbedOrigins: ['https://evil.example.com'] }
      expect(await call('/api/dataservice/keys/setembed', payload, staff)).toMatchObject({
        ResultCode: '10001',
        ResultMsg: DataServiceMessages.ownerOnly,
      })
      const other = await signedInCompany(t)
      expect((await call('/api/dataservice/keys/setembed', payload, other.token)).ResultCode).toBe('10004')
      const keys = await call<ApiKeyRow[]>('/api/dataservice/keys', {})
      expect(keys.data?.find((r) => r.KeyId === key.id)?.EmbedOrigins).toEqual([ERP])
    })
  })

  describe('making a link', () => {
    it('answers a one-time URL for a VIN of the catalogue, with its models, charging nothing', async () => {
      const demo = demoVins[0] as DemoVin
      const before = await itemsLeft(owner.companyId)
      const made = await makeLink(demo.vin.toLowerCase())
      expect(made.status).toBe(201)
      expect(() => z.parse(openEmbedAnswer, made.body)).not.toThrow()
      expect(made.body.url).toMatch(/^https:\/\/epc\.example\.com\/embed\/[A-Za-z0-9_-]{43}$/)
      expect(made.body.vin).toBe(demo.vin)
      expect(made.body.models.map((m) => m.model_id)).toContain(demo.ModelId)
      expect(Date.parse(made.body.link_expires_at) - t.clock.now()).toBe(10 * 60_000)
      expect(made.body.session_seconds).toBe(7200)
      expect(await itemsLeft(owner.companyId)).toBe(before)

      // Without PUBLIC_URL the link is on the host the customer's system called, as a proxy reports it.
      t.ctx.config.publicUrlSet = false
      try {
        t.clock.advance(1_000)
        const called = await openRequest<{ url: string }>(
          t,
          key,
          'POST',
          '/open/v1/embed/sessions',
          {
            vin: demo.vin,
          },
          { headers: { host: 'parts.example.cn:8443' } },
        )
        expect(called.body.url).toMatch(/^http:\/\/parts\.example\.cn:8443\/embed\/[A-Za-z0-9_-]{43}$/)
      } finally {
        t.ctx.config.publicUrlSet = true
      }
    })

    it('refuses a test key, a key without origins, a bad or unknown VIN and a company without items', async () => {
      const vin = (demoVins[0] as DemoVin).vin
      const code = (r: { body: { error?: { code: string; field?: string } } }) => r.body.error
      const testKey = await createKey(owner.token, [ERP], { Name: '测试', IsTest: true })
      expect(code(await makeLink(vin, testKey))?.code).toBe('EMBED_TEST_KEY')
      const bare = await createKey(owner.token, [])
      const noOrigins = await makeLink(vin, bare)
      expect(noOrigins.status).toBe(403)
      expect(code(noOrigins)?.code).toBe('EMBED_NO_ORIGINS')
      expect(code(await makeLink('LFV3A23C0K30000'))).toMatchObject({ code: 'INVALID_FIELD', field: 'vin' })
      const unknown = await makeLink('LFV3A23C0K3000000')
      expect(unknown.status).toBe(404)
      expect(code(unknown)?.code).toBe('VIN_NOT_FOUND')

      const poor = await signedInCompany(t)
      const poorKey = await createKey(poor.token, [ERP])
      const refused = await makeLink(vin, poorKey)
      expect(refused.status).toBe(402)
      expect(code(refused)?.code).toBe('QUOTA_EXHAUSTED')
    })
  })

  describe('opening a link', () => {
    it('opens once: the same link again, or after 10 minutes, is refused', async () => {
      const demo = demoVins[0] as DemoVin
      const made = await makeLink(demo.vin)
      const link = linkOf(made.body.url)
      const first = await t.call<EmbedSession>('/api/embed/open', { Link: link })
      expect(first.ResultCode, first.ResultMsg).toBe('10000')
      expect(first.data).toMatchObject({ Vin: demo.vin, CompanyName: expect.any(String) })
      expect(first.data?.Token).toMatch(/^emb\./)
      expect(first.data?.ModelIds).toContain(demo.ModelId)
      expect(first.data?.ExpiresAt).toBe(t.clock.now() + 2 * 3_600_000)
      expect(await t.call('/api/embed/open', { Link: link })).toMatchObject({
        ResultCode: '10001',
        ResultMsg: EmbedMessages.linkInvalid,
      })

      const late = linkOf((await makeLink(demo.vin)).body.url)
      t.clock.advance(10 * 60_000)
      expect((await t.call('/api/embed/open', { Link: late })).ResultMsg).toBe(EmbedMessages.linkInvalid)
      expect((await t.call('/api/embed/open', { Link: 'x'.repeat(43) })).ResultMsg).toBe(
        EmbedMessages.linkInvalid,
      )
    })

    it('gives one session to ten openings at once; a retried envelope gets the first answer', async () => {
      const link = linkOf((await makeLink((demoVins[0] as DemoVin).vin)).body.url)
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => t.call<EmbedSession>('/api/embed/open', { Link: link })),
      )
      expect(answers.filter((a) => a.ResultCode === '10000')).toHaveLength(1)

      const again = linkOf((await makeLink((demoVins[0] as DemoVin).vin)).body.url)
      const sealed = t.seal({ Link: again })
      const once = await t.post('/api/embed/open', sealed)
      const retried = await t.post('/api/embed/open', sealed)
      expect(once.ResultCode).toBe('10000')
      expect(retried.data).toEqual(once.data)
    })

    it('refuses the link of a key revoked before it was opened', async () => {
      const k = await createKey(owner.token, [ERP], { Name: '将停用' })
      const link = linkOf((await makeLink((demoVins[0] as DemoVin).vin, k)).body.url)
      await call('/api/dataservice/keys/revoke', { KeyId: k.id })
      expect((await t.call('/api/embed/open', { Link: link })).ResultMsg).toBe(EmbedMessages.linkInvalid)
    })
  })

  describe('the session', () => {
    it('looks up its VIN and models only, one data item a look-up, thumbnails free', async () => {
      const demo = demoVins[0] as DemoVin
      const other = demoVins.find((d) => d.ModelId !== demo.ModelId) as DemoVin
      const session = await openedSession()
      const as = { token: session.Token }
      const before = await itemsLeft(owner.companyId)

      const vin = await t.call<{ vinCode: string }>('/api/epc/vinquery', { VIN: demo.vin }, as)
      expect(vin.ResultCode, vin.ResultMsg).toBe('10000')
      expect(vin.data?.vinCode).toBe(demo.vin)
      const tree = await t.call<{ groups: { subs: { illustrations: { imageid: string }[] }[] }[] }>(
        '/api/epc/grouptree',
        { ModelId: demo.ModelId },
        as,
      )
      expect(tree.ResultCode).toBe('10000')
      const imageid = tree.data?.groups[0]?.subs[0]?.illustrations[0]?.imageid as string
      const drawing = await t.call('/api/epc/illustration', { ModelId: demo.ModelId, imageid }, as)
      expect(drawing.ResultCode).toBe('10000')
      expect(await itemsLeft(owner.companyId)).toBe(before - 3)
      // A look-up that finds nothing costs no item (docs/open-api.md: failed items are not charged).
      const missing = await t.call('/api/epc/illustration', { ModelId: demo.ModelId, imageid: 'NOPE999' }, as)
      expect(missing.ResultCode).toBe('10004')
      expect(await itemsLeft(owner.companyId)).toBe(before - 3)
      const thumbs = await t.call('/api/epc/thumbnails', { ModelId: demo.ModelId, imageids: [imageid] }, as)
      expect(thumbs.ResultCode).toBe('10000')
      expect(await itemsLeft(owner.companyId)).toBe(before - 3)

      expect(await t.call('/api/epc/vinquery', { VIN: other.vin }, as)).toMatchObject({
        ResultCode: '10001',
        ResultMsg: EmbedMessages.otherVin,
      })
      expect((await t.call('/api/epc/grouptree', { ModelId: other.ModelId }, as)).ResultMsg).toBe(
        EmbedMessages.otherVin,
      )
      expect(await itemsLeft(owner.companyId)).toBe(before - 3)
    })

    it('takes one item for a look-up whose same envelope is sent twice and ten times at once (a retry)', async () => {
      const { account, session } = await companyWithSession()
      const demo = demoVins[0] as DemoVin
      const as = { token: session.Token }
      const before = await itemsLeft(account.companyId)
      for (const [path, payload] of [
        ['/api/epc/vinquery', { VIN: demo.vin }],
        ['/api/epc/grouptree', { ModelId: demo.ModelId }],
      ] as const) {
        const sealed = t.seal(payload)
        const first = await t.post(path, sealed, as)
        const again = await t.post(path, sealed, as)
        const ten = await Promise.all(Array.from({ length: 10 }, () => t.post(path, sealed, as)))
        expect(first.ResultCode, first.ResultMsg).toBe('10000')
        for (const answer of [again, ...ten]) expect(answer.raw, path).toEqual(first.raw)
      }
      expect(await itemsLeft(account.companyId)).toBe(before - 2)
      // A new envelope is a new look-up, charged again.
      expect((await t.call('/api/epc/vinquery', { VIN: demo.vin }, as)).ResultCode).toBe('10000')
      expect(await itemsLeft(account.companyId)).toBe(before - 3)
    })

    it('is read-only: sheets, part detail, the account and the VIN history are refused', async () => {
      const session = await openedSession()
      const as = { token: session.Token }
      for (const [path, payload] of [
        ['/api/epc/queryquoteorder', {}],
        ['/api/epc/createquoteordermaster', { CustomerName: '张三' }],
        ['/api/epc/partdetail', { part_number: '1K0615301AA' }],
        ['/api/epc/partsquery', { Codes: ['1K0615301AA'] }],
        ['/api/epc/vinhistory', {}],
        ['/api/usercenter/getclientcompanyinfo', {}],
        ['/api/dataservice/keys', {}],
      ] as const) {
        expect(await t.call(path, payload, as), path).toMatchObject({
          ResultCode: '10001',
          ResultMsg: EmbedMessages.notInEmbed,
        })
      }
    })

    it('neither ends the owner’s sign-in nor is ended by a new one, and keeps out of the owner’s history', async () => {
      const demo = demoVins[0] as DemoVin
      const { account, ownerToken, session } = await companyWithSession()
      expect(
        (await t.call('/api/epc/vinquery', { VIN: demo.vin }, { token: session.Token })).ResultCode,
      ).toBe('10000')
      const history = await t.call<{ recent: unknown[] }>('/api/epc/vinhistory', {}, { token: ownerToken })
      expect(history.ResultCode).toBe('10000')
      expect(history.data?.recent).toEqual([])

      // Signing in again ends the other sign-ins of the account (one device), not the embedded catalogue.
      const again = await t.login(account.mobile, account.password)
      expect((await t.call('/api/epc/vinquery', { VIN: demo.vin }, { token: ownerToken })).ResultCode).toBe(
        '99997',
      )
      expect((await t.call('/api/epc/vinquery', { VIN: demo.vin }, { token: again })).ResultCode).toBe(
        '10000',
      )
      expect(
        (await t.call('/api/epc/vinquery', { VIN: demo.vin }, { token: session.Token })).ResultCode,
      ).toBe('10000')
    })

    it('ends after 2 hours, and at once when its key is revoked', async () => {
      const demo = demoVins[0] as DemoVin
      const session = await openedSession()
      const as = { token: session.Token }
      t.clock.advance(2 * 3_600_000 - 1_000)
      expect((await t.call('/api/epc/grouptree', { ModelId: demo.ModelId }, as)).ResultCode).toBe('10000')
      t.clock.advance(1_000)
      expect(await t.call('/api/epc/grouptree', { ModelId: demo.ModelId }, as)).toMatchObject({
        ResultCode: '40100',
        ResultMsg: EmbedMessages.sessionOver,
      })

      const k = await createKey(owner.token, [ERP], { Name: '将停用' })
      const link = linkOf((await makeLink(demo.vin, k)).body.url)
      const live = (await t.call<EmbedSession>('/api/embed/open', { Link: link })).data as EmbedSession
      expect(
        (await t.call('/api/epc/grouptree', { ModelId: demo.ModelId }, { token: live.Token })).ResultCode,
      ).toBe('10000')
      await call('/api/dataservice/keys/revoke', { KeyId: k.id })
      expect(
        (await t.call('/api/epc/grouptree', { ModelId: demo.ModelId }, { token: live.Token })).ResultMsg,
      ).toBe(EmbedMessages.sessionOver)
    })

    it('stops looking up when the items run out, charging none past the end, counted on the usage page', async () => {
      const demo = demoVins[0] as DemoVin
      const { account, ownerToken, k, session } = await companyWithSession()
      // The trial's 100 items, but two.
      await sql`update orders set items_left = 2 where company_id = ${account.companyId}
        and plan_kind = 'data_items'`.execute(t.ctx.db.kysely)
      const as = { token: session.Token }
      for (let i = 0; i < 2; i++) {
        expect((await t.call('/api/epc/grouptree', { ModelId: demo.ModelId }, as)).ResultCode).toBe('10000')
      }
      expect(await t.call('/api/epc/grouptree', { ModelId: demo.ModelId }, as)).toMatchObject({
        ResultCode: '10005',
        ResultMsg: EmbedMessages.noItems,
      })
      expect(await itemsLeft(account.companyId)).toBe(0)
      const usage = await call<{ rows: { KeyId: number; Requests: number; ItemsCharged: number }[] }>(
        '/api/dataservice/usage',
        {},
        ownerToken,
      )
      // The signed request for the link, and three look-ups of which two were charged.
      expect(usage.data?.rows.find((r) => r.KeyId === k.id)).toMatchObject({ Requests: 4, ItemsCharged: 2 })
      // The web's own look-ups are not the data service's: the owner's service still answers.
      expect(
        (await t.call('/api/epc/grouptree', { ModelId: demo.ModelId }, { token: ownerToken })).ResultCode,
      ).toBe('10000')
    })

    it('is refused when the company’s owner is banned', async () => {
      const session = await openedSession()
      await sql`update accounts set state = 'banned' where company_id = ${owner.companyId} and is_owner = 1`.execute(
        t.ctx.db.kysely,
      )
      try {
        const answer = await t.call(
          '/api/epc/grouptree',
          { ModelId: (demoVins[0] as DemoVin).ModelId },
          {
            token: session.Token,
          },
        )
        expect(answer).toMatchObject({ ResultCode: '99999', ResultMsg: Messages.accountBanned })
      } finally {
        await sql`update accounts set state = 'active' where company_id = ${owner.companyId}`.execute(
          t.ctx.db.kysely,
        )
      }
    })
  })

  describe('the page', () => {
    const policy = async (url: string) => {
      const res = await t.app.inject({ url })
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(PAGE)
      return /frame-ancestors ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1]
    }

    it('may be framed by the key’s origins only, on every screen of the link; the rest of the app keeps its own', async () => {
      const made = await makeLink((demoVins[0] as DemoVin).vin)
      const link = linkOf(made.body.url)
      expect(await policy(`/embed/${link}`)).toBe(ERP)
      // Opened or not: a reload inside the iframe is served with the same policy.
      await t.call('/api/embed/open', { Link: link })
      expect(await policy(`/embed/${link}/partsDetail?ModelId=1&imageid=2`)).toBe(ERP)
      expect(await policy('/login')).toBe("'self'")
      expect(await policy(`/embed/${'x'.repeat(43)}`)).toBe("'self'")
    })
  })
})

describe.each(dbKinds)('authorization of embedded catalogues (%s)', (kind) => {
  let t: TestApp
  let demo: DemoVin

  beforeAll(async () => {
    t = await startTestApp(kind)
    demo = (await loadTinyCatalogue(t.ctx.db)).demoVins[0] as DemoVin
  }, 180_000)
  afterAll(async () => {
    await t.close()
  })

  /** A company with the data trial, a key with an origin and an opened session for the demo VIN. */
  async function session() {
    const owner = await signedInCompany(t)
    await claimDataTrial(t, owner.token)
    const created = await t.call<CreatedKey>(
      '/api/dataservice/keys/create',
      { Name: '维修管理系统' },
      { token: owner.token },
    )
    const { Key, AppSecret } = created.data as CreatedKey
    await t.call(
      '/api/dataservice/keys/setembed',
      { KeyId: Key.KeyId, EmbedOrigins: [ERP] },
      { token: owner.token },
    )
    t.clock.advance(1_000)
    const made = await openRequest<{ url: string }>(
      t,
      { appKey: Key.AppKey, appSecret: AppSecret },
      'POST',
      '/open/v1/embed/sessions',
      { vin: demo.vin },
    )
    expect(made.status).toBe(201)
    const link = made.body.url.slice(made.body.url.lastIndexOf('/') + 1)
    const opened = await t.call<EmbedSession>('/api/embed/open', { Link: link })
    expect(opened.ResultCode, opened.ResultMsg).toBe('10000')
    return { owner, token: (opened.data as EmbedSession).Token }
  }
  const lookups = (token: string) =>
    Promise.all(
      (
        [
          ['/api/epc/grouptree', { ModelId: demo.ModelId }],
          ['/api/epc/thumbnails', { ModelId: demo.ModelId, imageids: ['1'] }],
          ['/api/epc/vinquery', { VIN: demo.vin }],
        ] as const
      ).map(([path, payload]) =>
        t.call(path, payload, { token }).then((a) => [path, a.ResultCode, a.ResultMsg]),
      ),
    )

  it('ends the sessions of a company whose cancellation was resolved', async () => {
    const { owner, token } = await session()
    expect((await lookups(token)).map(([, code]) => code)).toEqual(['10000', '10000', '10000'])
    const { latestSmsCode } = await import('../../../test/helper')
    const { runOps } = await import('../ops/ops')
    await t.call('/api/author/sendsmscode', { Mobile: owner.mobile, Scene: 'cancel' })
    const sms = await latestSmsCode(t, owner.mobile)
    expect(
      (await t.call('/api/usercenter/requestcancel', { SmsCode: sms }, { token: owner.token })).ResultCode,
    ).toBe('10000')
    await runOps({ db: t.ctx.db, clock: t.clock }, ['resolve-cancellation', String(owner.companyId)])
    t.clock.advance(1_000)
    for (const [path, code, message] of await lookups(token)) {
      expect([path, code, message]).toEqual([path, '40100', EmbedMessages.sessionOver])
    }
  })

  it('refuses the sessions of a company whose owner is disabled, as it refuses the owner', async () => {
    const { owner, token } = await session()
    await sql`update accounts set state = 'disabled' where id = ${owner.accountId}`.execute(t.ctx.db.kysely)
    t.clock.advance(1_000)
    for (const [path, code, message] of await lookups(token)) {
      expect([path, code, message]).toEqual([path, '99998', Messages.accountDisabled])
    }
  })
})
