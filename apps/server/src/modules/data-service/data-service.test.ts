// The data service end to end: the owner's keys through the envelope, and the open API through signed
// plain-JSON requests (test/open-client.ts, written from docs/open-api.md), on the real app and database.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import {
  type ApiKeyRow,
  type ApiUsageAnswer,
  type CreatedKey,
  DataServiceLimits,
  DataServiceMessages,
  OpenApiErrors,
} from '@epc/shared'
import {
  openNamesAnswer,
  openPartsByNameAnswer,
  openPartsLookupAnswer,
  openVinDecodeAnswer,
} from '@epc/shared/data-service-schemas'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { loadTinyCatalogue } from '../../../test/catalogue-fixture'
import {
  addStaff,
  claimDataTrial,
  dataItemsLeft,
  FACTORY_PASSWORD,
  signedInCompany,
} from '../../../test/factories'
import { openApiTypes, TYPES_FILE } from '../../../test/generate-open-api-types'
import { dbKinds, expectNotLoggedIn, startTestApp, type TestApp } from '../../../test/helper'
import {
  type OpenKey,
  type OpenResponse,
  openApiClient,
  openRequest,
  signedHeaders,
} from '../../../test/open-client'
import type { DemoVin } from '../../catalogue-data/demo/generate'
import { REPO_ROOT } from '../../config'
import { sealSecret } from '../../lib/secrets'
import { bumpCatalogueVersion } from '../catalogue/catalogue-version'

describe.each(dbKinds)('data service (%s)', (kind) => {
  let t: TestApp
  let owner: { token: string; companyId: number; mobile: string }
  let demoVins: DemoVin[]

  let web: string

  beforeAll(async () => {
    // The web app served beside the API, as in production: its page answers every other GET.
    web = mkdtempSync(join(tmpdir(), 'epc-open-web-'))
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>汽配EPC</title>')
    t = await startTestApp(kind, { serveWeb: true, config: { webDist: web } })
    demoVins = (await loadTinyCatalogue(t.ctx.db)).demoVins
    owner = await signedInCompany(t)
  }, 180_000)
  afterAll(async () => {
    await t.close()
    rmSync(web, { recursive: true, force: true })
  })

  const call = <T>(path: string, payload: object, token = owner.token) => t.call<T>(path, payload, { token })
  const claimTrial = (token = owner.token) => claimDataTrial(t, token)
  const itemsLeft = (companyId: number) => dataItemsLeft(t, companyId)

  async function createKey(
    token = owner.token,
    payload: object = { Name: '理赔系统' },
  ): Promise<OpenKey & { id: number }> {
    const answer = await call<CreatedKey>('/api/dataservice/keys/create', payload, token)
    expect(answer.ResultCode, answer.ResultMsg).toBe('10000')
    const created = answer.data as CreatedKey
    return { appKey: created.Key.AppKey, appSecret: created.AppSecret, id: created.Key.KeyId }
  }

  const open = <T = Record<string, unknown>>(
    key: OpenKey,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    opts?: Parameters<typeof openRequest>[5],
  ) => openRequest<T>(t, key, method, path, body, opts)

  /** Each test moves the clock on a second, so the per-key rate of one second never carries over. */
  function nextSecond() {
    t.clock.advance(1_000)
  }

  /** A demo VIN, the model it points to, and a generic name the model has parts of (with their numbers). */
  /** A model's parts with their generic names, as parts/by-name finds them. */
  async function namedParts(modelCode: string) {
    const { rows } = await sql<{ name_cn: string; disp_number: string }>`
      select g.name_cn, p.disp_number from cat_models m
      join cat_name_callouts n on n.model_id = m.id
      join cat_generic_names g on g.id = n.generic_name_id
      join cat_fitments f on f.model_id = n.model_id and f.illustration_id = n.illustration_id and f.callout = n.callout
      join cat_parts p on p.id = f.part_id and p.generic_name_id = g.id
      where m.model_code = ${modelCode}
      order by g.id, p.disp_number`.execute(t.ctx.db.kysely)
    return rows
  }

  async function vinWithParts() {
    const demo = demoVins[0] as DemoVin
    const rows = await namedParts(demo.ModelId)
    const first = rows[0]
    if (!first) throw new Error('the model has no named parts')
    const numbers = rows.filter((r) => r.name_cn === first.name_cn).map((r) => r.disp_number)
    return {
      vin: demo.vin,
      modelId: demo.ModelId,
      name: first.name_cn,
      numbers,
    }
  }

  describe('keys on the 数据服务 page', () => {
    it('shows the AppSecret once, on creation, and lists the key without it', async () => {
      const created = await call<CreatedKey>('/api/dataservice/keys/create', {
        Name: ' 理赔系统 ',
        IpRanges: ['203.0.113.0/24', ' 2001:db8::/32 ', ''],
      })
      expect(created.ResultCode).toBe('10000')
      const { Key, AppSecret } = created.data as CreatedKey
      expect(Key).toMatchObject({ Name: '理赔系统', State: 'active', IsTest: false })
      expect(Key.IpRanges).toEqual(['203.0.113.0/24', '2001:db8::/32'])
      expect(Key.AppKey).toMatch(/^ak[0-9a-f]{20}$/)
      expect(AppSecret.length).toBeGreaterThanOrEqual(43)
      const list = await call<ApiKeyRow[]>('/api/dataservice/keys', {})
      const row = list.data?.find((k) => k.KeyId === Key.KeyId)
      expect(row).toEqual(Key)
      expect(JSON.stringify(list.raw)).not.toContain(AppSecret)
      // Stored sealed: the secret is nowhere in the row.
      const stored = await t.ctx.db.kysely
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', Key.KeyId)
        .executeTakeFirstOrThrow()
      expect(JSON.stringify(stored)).not.toContain(AppSecret)
    })

    it('refuses a bad name or address range with a Chinese message and changes nothing', async () => {
      const before = await call<ApiKeyRow[]>('/api/dataservice/keys', {})
      for (const payload of [
        { Name: '' },
        { Name: 'x'.repeat(31) },
        { Name: '好', IpRanges: ['300.1.1.1'] },
        { Name: '好', IpRanges: ['10.0.0.0/33'] },
        { Name: '好', IpRanges: 'any' },
      ]) {
        const answer = await call('/api/dataservice/keys/create', payload)
        expect(answer.ResultCode, JSON.stringify(payload)).toBe('10002')
        expect(answer.ResultMsg).toMatch(/密钥名称|IP 范围/)
      }
      expect((await call<ApiKeyRow[]>('/api/dataservice/keys', {})).data).toEqual(before.data)
    })

    it('keeps at most 20 active keys, also for creates sent at once; a retried envelope makes no second key', async () => {
      const company = await signedInCompany(t)
      const create = (Name: string) =>
        call<CreatedKey>('/api/dataservice/keys/create', { Name }, company.token)
      // The same sealed body again (the web client's retry) answers the first key and its secret.
      const sealed = t.seal({ Name: '第一个' })
      const first = await t.post('/api/dataservice/keys/create', sealed, { token: company.token })
      const retried = await t.post('/api/dataservice/keys/create', sealed, { token: company.token })
      expect(first.ResultCode).toBe('10000')
      expect(retried.raw).toEqual(first.raw)
      for (let i = 2; i <= DataServiceLimits.keysPerCompany - 1; i++) {
        expect((await create(`密钥${i}`)).ResultCode).toBe('10000')
      }
      const ten = await Promise.all(Array.from({ length: 10 }, (_, i) => create(`同时${i}`)))
      expect(ten.filter((a) => a.ResultCode === '10000')).toHaveLength(1)
      for (const a of ten.filter((x) => x.ResultCode !== '10000')) {
        expect([a.ResultCode, a.ResultMsg]).toEqual(['10001', DataServiceMessages.tooManyKeys])
      }
      const keys = await call<ApiKeyRow[]>('/api/dataservice/keys', {}, company.token)
      expect(keys.data?.filter((k) => k.State === 'active')).toHaveLength(DataServiceLimits.keysPerCompany)
    })

    it('is the owner’s: staff are refused, another company sees none of it', async () => {
      const key = await createKey()
      const staffMobile = `137${String(Date.now()).slice(-8)}`
      await addStaff(t, owner.companyId, staffMobile)
      const staff = await t.login(staffMobile, FACTORY_PASSWORD)
      for (const [path, payload] of [
        ['/api/dataservice/keys', {}],
        ['/api/dataservice/keys/create', { Name: '店员的' }],
        ['/api/dataservice/keys/revoke', { KeyId: key.id }],
        ['/api/dataservice/usage', {}],
      ] as const) {
        const answer = await call(path, payload, staff)
        expect(answer.ResultCode, path).toBe('10001')
        expect(answer.ResultMsg).toBe('只有企业主账号可以管理数据服务密钥')
      }
      const other = await signedInCompany(t)
      expect((await call<ApiKeyRow[]>('/api/dataservice/keys', {}, other.token)).data).toEqual([])
      for (const path of ['/api/dataservice/keys/revoke', '/api/dataservice/keys/rotate']) {
        expect((await call(path, { KeyId: key.id }, other.token)).ResultCode).toBe('10004')
      }
      nextSecond()
      expect((await open(key, 'GET', '/open/v1/names')).status).toBe(200)
    })
  })

  describe('signing', () => {
    let key: OpenKey & { id: number }
    beforeAll(async () => {
      key = await createKey()
    })

    it('answers a correctly signed request', async () => {
      nextSecond()
      const answer = await open<{ count: number; names: { name: string; aliases: string[] }[] }>(
        key,
        'GET',
        '/open/v1/names',
      )
      expect(answer.status).toBe(200)
      expect(answer.body.count).toBe(answer.body.names.length)
      expect(answer.body.count).toBeGreaterThan(0)
      expect(answer.body.count).toBeLessThanOrEqual(678)
      expect(answer.headers['cache-control']).toBe('no-store')
    })

    it('refuses a wrong secret, a stale or future timestamp, a replayed nonce, a changed body and missing headers', async () => {
      nextSecond()
      const now = Math.floor(t.clock.now() / 1000)
      const code = (r: OpenResponse) => (r.body as { error: { code: string } }).error.code
      const wrong = await open({ ...key, appSecret: `${key.appSecret}x` }, 'GET', '/open/v1/names')
      expect([wrong.status, code(wrong)]).toEqual([401, 'SIGNATURE_INVALID'])
      const stale = await open(key, 'GET', '/open/v1/names', undefined, { timestampSeconds: now - 301 })
      expect([stale.status, code(stale)]).toEqual([401, 'TIMESTAMP_EXPIRED'])
      const future = await open(key, 'GET', '/open/v1/names', undefined, { timestampSeconds: now + 301 })
      expect(code(future)).toBe('TIMESTAMP_EXPIRED')
      const nonce = 'n0nce-used-only-once-1234'
      expect((await open(key, 'GET', '/open/v1/names', undefined, { nonce })).status).toBe(200)
      const replayed = await open(key, 'GET', '/open/v1/names', undefined, { nonce })
      expect([replayed.status, code(replayed)]).toEqual([401, 'NONCE_USED'])
      const demo = demoVins[0] as DemoVin
      const changed = await open(
        key,
        'POST',
        '/open/v1/vin/decode',
        { vins: [demo.vin] },
        {
          sendBody: JSON.stringify({ vins: [demo.vin, demo.vin] }),
        },
      )
      expect([changed.status, code(changed)]).toEqual([401, 'SIGNATURE_INVALID'])
      const bare = await t.app.inject({ method: 'GET', url: '/open/v1/names' })
      expect(bare.statusCode).toBe(401)
      expect(bare.json()).toEqual({
        error: {
          code: 'AUTH_MISSING',
          message: '缺少签名信息：请带上 X-Epc-AppKey、X-Epc-Timestamp、X-Epc-Nonce 和 X-Epc-Signature',
          message_en: 'Missing X-Epc-AppKey, X-Epc-Timestamp, X-Epc-Nonce or X-Epc-Signature',
        },
      })
      const unknown = await open(
        { appKey: 'ak00000000000000000000', appSecret: 'x' },
        'GET',
        '/open/v1/names',
      )
      expect(code(unknown)).toBe('APP_KEY_UNKNOWN')
      // Not the web app's page, whatever the path; errors are not kept by caches either.
      for (const path of ['/open/v1/nowhere', '/open/v1/vin/decode', '/open/v1/names/']) {
        const nowhere = await open(key, 'GET', path)
        expect([nowhere.status, code(nowhere)], path).toEqual([404, 'NOT_FOUND'])
        expect(nowhere.headers['cache-control'], path).toBe('no-store')
      }
      const undecodable = await t.app.inject({ method: 'GET', url: '/open/v1/jobs/%ZZ' })
      expect([undecodable.statusCode, undecodable.json().error.code]).toEqual([400, 'INVALID_REQUEST'])
      // A header sent but malformed is named: milliseconds are a time far off, a fraction is no time.
      const millis = await open(key, 'GET', '/open/v1/names', undefined, { timestampSeconds: now * 1000 })
      expect([millis.status, code(millis)]).toEqual([401, 'TIMESTAMP_EXPIRED'])
      const fraction = await t.app.inject({
        method: 'GET',
        url: '/open/v1/names',
        headers: {
          'x-epc-appkey': key.appKey,
          'x-epc-timestamp': `${now}.5`,
          'x-epc-nonce': 'n0nce-with-a-bad-timestamp',
          'x-epc-signature': '0'.repeat(64),
        },
      })
      expect(fraction.json().error).toMatchObject({
        code: 'AUTH_MISSING',
        message: expect.stringContaining('X-Epc-Timestamp 应为 Unix 时间（秒）'),
      })
    })

    it('takes a new secret on rotation at once and stops a revoked key at once', async () => {
      nextSecond()
      const own = await createKey()
      const rotated = await call<CreatedKey>('/api/dataservice/keys/rotate', { KeyId: own.id })
      const fresh = { appKey: own.appKey, appSecret: (rotated.data as CreatedKey).AppSecret }
      expect(fresh.appSecret).not.toBe(own.appSecret)
      const old = await open(own, 'GET', '/open/v1/names')
      expect(old.status).toBe(401)
      expect((await open(fresh, 'GET', '/open/v1/names')).status).toBe(200)
      expect((await call('/api/dataservice/keys/revoke', { KeyId: own.id })).ResultCode).toBe('10000')
      const revoked = await open(fresh, 'GET', '/open/v1/names')
      expect([revoked.status, (revoked.body as { error: { code: string } }).error.code]).toEqual([
        401,
        'APP_KEY_REVOKED',
      ])
      // Active keys first, on both databases.
      const states = (await call<ApiKeyRow[]>('/api/dataservice/keys', {})).data?.map((k) => k.State) ?? []
      expect(states).toContain('revoked')
      expect(states).toEqual([...states].sort())
      const again = await call('/api/dataservice/keys/rename', { KeyId: own.id, Name: '新名' })
      expect([again.ResultCode, again.ResultMsg]).toEqual(['10001', '密钥已停用，不能再修改'])
    })

    it('lets a key limited to address ranges in only from them', async () => {
      nextSecond()
      const limited = await createKey(owner.token, { Name: '仅机房', IpRanges: ['203.0.113.0/24'] })
      const inside = await open(limited, 'GET', '/open/v1/names', undefined, { remoteAddress: '203.0.113.9' })
      expect(inside.status).toBe(200)
      const outside = await open(limited, 'GET', '/open/v1/names', undefined, {
        remoteAddress: '198.51.100.1',
      })
      expect([outside.status, (outside.body as { error: { code: string } }).error.code]).toEqual([
        403,
        'IP_NOT_ALLOWED',
      ])
      const keyId = limited.id
      await call('/api/dataservice/keys/setips', { KeyId: keyId, IpRanges: [] })
      expect(
        (await open(limited, 'GET', '/open/v1/names', undefined, { remoteAddress: '198.51.100.1' })).status,
      ).toBe(200)
    })

    it('limits a key to 10 requests a second, with Retry-After', async () => {
      nextSecond()
      const answers = await Promise.all(Array.from({ length: 12 }, () => open(key, 'GET', '/open/v1/names')))
      const limited = answers.filter((a) => a.status === 429)
      expect(answers.filter((a) => a.status === 200)).toHaveLength(10)
      expect(limited).toHaveLength(2)
      expect(limited[0]?.headers['retry-after']).toBe('1')
      nextSecond()
      expect((await open(key, 'GET', '/open/v1/names')).status).toBe(200)
    })

    it('answers a body that is not a JSON object, or a field out of range, with a field error', async () => {
      nextSecond()
      const code = (r: OpenResponse) => (r.body as { error: { code: string; field?: string } }).error
      const notJson = await open(key, 'POST', '/open/v1/vin/decode', undefined, { sendBody: '{oops' })
      expect(notJson.status).toBe(401) // signed over other bytes than sent
      const array = await open(key, 'POST', '/open/v1/vin/decode', [1])
      expect([array.status, code(array).code]).toEqual([400, 'INVALID_REQUEST'])
      const many = await open(key, 'POST', '/open/v1/vin/decode', {
        vins: Array(51).fill('LSVAA4182E2012345'),
      })
      expect([many.status, code(many)]).toEqual([
        400,
        {
          code: 'INVALID_FIELD',
          field: 'vins',
          message: 'vins 最多 50 个',
          message_en: 'A field is missing or invalid',
        },
      ])
      const nullItem = await open(key, 'POST', '/open/v1/parts/by-name', { items: [null] })
      expect([nullItem.status, code(nullItem)]).toEqual([
        400,
        {
          code: 'INVALID_FIELD',
          field: 'items.0',
          message: 'items 的每一项应为 { vin, names } 对象',
          message_en: 'A field is missing or invalid',
        },
      ])
    })
  })

  describe('calls and metering', () => {
    let key: OpenKey & { id: number }
    let company: Awaited<ReturnType<typeof signedInCompany>>
    beforeAll(async () => {
      company = await signedInCompany(t)
      key = await createKey(company.token)
    })

    it('refuses every answered item while no pack has items, charging nothing', async () => {
      nextSecond()
      const { vin } = await vinWithParts()
      const answer = await open<{ results: { status: string; charged: boolean }[]; items_left: number }>(
        key,
        'POST',
        '/open/v1/vin/decode',
        { vins: [vin] },
      )
      expect(answer.status).toBe(200)
      expect(answer.body.results).toEqual([{ vin, status: 'quota_exhausted', charged: false }])
      expect(answer.headers['x-quota-remaining']).toBe('0')
    })

    it('decodes VINs: charged for one with models, free for one not found or invalid', async () => {
      await claimTrial(company.token)
      nextSecond()
      const { vin, modelId } = await vinWithParts()
      const unknownVin = 'WDB00000000000000'.slice(0, 8)
      const answer = await open<{
        results: { vin: string; status: string; charged: boolean; models?: { model_id: string }[] }[]
        items_charged: number
        items_left: number
      }>(key, 'POST', '/open/v1/vin/decode', { vins: [vin, 'LFV3A23C0K3000000', unknownVin] })
      expect(answer.status).toBe(200)
      const [ok, notFound, invalid] = answer.body.results
      expect(ok).toMatchObject({ vin, status: 'ok', charged: true })
      expect(ok?.models?.map((m) => m.model_id)).toContain(modelId)
      expect(notFound).toMatchObject({ status: 'vin_not_found', charged: false })
      expect(invalid).toMatchObject({ status: 'vin_invalid', charged: false })
      expect(answer.body.items_charged).toBe(1)
      expect(answer.body.items_left).toBe(99)
      expect(answer.headers['x-quota-remaining']).toBe('99')
      expect(await itemsLeft(company.companyId)).toBe(99)
    })

    it('answers parts by VIN and name with a status per name, charging only the names answered', async () => {
      nextSecond()
      const { vin, name, numbers } = await vinWithParts()
      // Every model of the tiny catalogue has parts of every generic name: a new name has none.
      const absentName = '测试无件名'
      await t.ctx.db.kysely
        .insertInto('cat_generic_names')
        .values({
          name_cn: absentName,
          system: '测试',
          unit: '件',
          pinyin: 'ceshiwujianming',
          initials: 'cswjm',
        })
        .execute()
      await bumpCatalogueVersion(t.ctx.db, 'test')
      const before = await itemsLeft(company.companyId)
      const answer = await open<{
        results: {
          status: string
          model?: { model_id: string }
          names: {
            name: string
            status: string
            charged: boolean
            generic_name?: string
            parts?: { number: string; price: number | null; illustration: { id: string } }[]
          }[]
        }[]
        items_charged: number
      }>(key, 'POST', '/open/v1/parts/by-name', {
        items: [
          { vin, names: [name, '不存在的零件名称', absentName] },
          { vin: 'LFV3A23C0K3000000', names: [name] },
        ],
      })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const [known, unknownVin] = answer.body.results
      expect(known?.status).toBe('ok')
      const [hit, unknownName, noPart] = known?.names ?? []
      expect(hit).toMatchObject({ name, status: 'ok', generic_name: name, charged: true })
      expect(hit?.parts?.map((p) => p.number).sort()).toEqual([...new Set(numbers)].sort())
      expect(hit?.parts?.every((p) => p.illustration.id !== '')).toBe(true)
      expect(unknownName).toEqual({ name: '不存在的零件名称', status: 'name_unknown', charged: false })
      expect(noPart).toMatchObject({ status: 'no_part', charged: false })
      expect(unknownVin?.status).toBe('vin_not_found')
      expect(unknownVin?.names).toEqual([{ name, status: 'no_part', charged: false }])
      expect(answer.body.items_charged).toBe(1)
      expect(await itemsLeft(company.companyId)).toBe(before - 1)
    })

    it('answers the parts of the model asked for when a VIN fits several, refusing a model it does not fit', async () => {
      nextSecond()
      const vin = (demoVins.find((d) => d.ModelId === 'FV-SAGITAR-2019-1') as DemoVin).vin
      const models = ['FV-SAGITAR-2019-1', 'FV-SAGITAR-2019-2']
      const name = (await namedParts(models[1] as string))[0]?.name_cn as string
      const numbersOf = async (modelCode: string) =>
        [
          ...new Set(
            (await namedParts(modelCode)).filter((r) => r.name_cn === name).map((r) => r.disp_number),
          ),
        ].sort()
      const before = await itemsLeft(company.companyId)
      const answer = await open<{
        results: {
          vin: string
          status: string
          model?: { model_id: string }
          models_matched?: number
          names: { status: string; charged: boolean; parts?: { number: string }[] }[]
        }[]
        items_charged: number
      }>(key, 'POST', '/open/v1/parts/by-name', {
        items: [
          { vin, names: [name] },
          { vin, names: [name], model_id: models[1] },
          {
            vin,
            names: [name],
            model_id: (demoVins.find((d) => !models.includes(d.ModelId)) as DemoVin).ModelId,
          },
        ],
      })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const [first, asked, notFitting] = answer.body.results
      expect(first).toMatchObject({ status: 'ok', model: { model_id: models[0] }, models_matched: 2 })
      expect(asked).toMatchObject({ status: 'ok', model: { model_id: models[1] }, models_matched: 2 })
      expect(asked?.names[0]?.parts?.map((p) => p.number).sort()).toEqual(
        await numbersOf(models[1] as string),
      )
      expect(notFitting).toEqual({
        vin,
        status: 'model_not_for_vin',
        names: [{ name, status: 'no_part', charged: false }],
      })
      expect(answer.body.items_charged).toBe(2)
      expect(await itemsLeft(company.companyId)).toBe(before - 2)

      const wrongType = await open<{ error: { field?: string; message: string } }>(
        key,
        'POST',
        '/open/v1/parts/by-name',
        {
          items: [{ vin, names: [name], model_id: 7 }],
        },
      )
      expect(wrongType.status).toBe(400)
      expect(JSON.stringify(wrongType.body)).toContain('model_id 应为车型编号字符串')
      expect(await itemsLeft(company.companyId)).toBe(before - 2)
    })

    it('looks parts up by number: current number, name, price; unknown numbers free', async () => {
      nextSecond()
      const { numbers } = await vinWithParts()
      const number = numbers[0] as string
      const answer = await open<{
        results: {
          number: string
          status: string
          current_number?: string
          price?: number | null
          charged: boolean
        }[]
      }>(key, 'POST', '/open/v1/parts/lookup', { numbers: [number, 'ZZ-NOT-A-PART-9'] })
      expect(answer.status).toBe(200)
      expect(answer.body.results[0]).toMatchObject({ number, status: 'ok', charged: true })
      expect(answer.body.results[1]).toEqual({
        number: 'ZZ-NOT-A-PART-9',
        status: 'not_found',
        charged: false,
      })
    })

    it('refuses the items past the pack’s end and never charges one twice', async () => {
      nextSecond()
      const { vin } = await vinWithParts()
      const left = await itemsLeft(company.companyId)
      // Use all but 2 items straight in the database, then ask for 4 answered items.
      await t.ctx.db.kysely
        .updateTable('orders')
        .set({ items_left: 2 })
        .where('company_id', '=', company.companyId)
        .where('plan_kind', '=', 'data_items')
        .execute()
      expect(left).toBeGreaterThan(2)
      const answer = await open<{
        results: { status: string; charged: boolean }[]
        items_charged: number
        items_left: number
      }>(key, 'POST', '/open/v1/vin/decode', { vins: [vin, vin, vin, vin] })
      expect(answer.body.results.map((r) => [r.status, r.charged])).toEqual([
        ['ok', true],
        ['ok', true],
        ['quota_exhausted', false],
        ['quota_exhausted', false],
      ])
      expect([answer.body.items_charged, answer.body.items_left]).toEqual([2, 0])
      expect(await itemsLeft(company.companyId)).toBe(0)
    })

    it('refuses the names past the pack’s end in parts/by-name, uncharged, keeping the answered ones', async () => {
      const { vin, name } = await vinWithParts()
      await t.ctx.db.kysely
        .updateTable('orders')
        .set({ items_left: 1 })
        .where('company_id', '=', company.companyId)
        .where('plan_kind', '=', 'data_items')
        .execute()
      nextSecond()
      const answer = await open<{
        results: {
          model?: { model_id: string }
          names: { name: string; status: string; charged: boolean; parts?: unknown[] }[]
        }[]
        items_charged: number
      }>(key, 'POST', '/open/v1/parts/by-name', {
        items: [
          { vin, names: [name, '不存在的零件名称'] },
          { vin, names: [name] },
          { vin, names: ['不存在的零件名称'] },
        ],
      })
      const [first, second, third] = answer.body.results
      expect(first?.names.map((n) => [n.status, n.charged])).toEqual([
        ['ok', true],
        ['name_unknown', false],
      ])
      expect(first?.names[0]?.parts?.length).toBeGreaterThan(0)
      expect(first?.model?.model_id).toBeTruthy()
      expect(second?.names).toEqual([{ name, status: 'quota_exhausted', charged: false }])
      // Without parts found the item does not tell its model: that is what vin/decode charges for.
      expect(second).toEqual({ vin, status: 'ok', names: second?.names })
      expect(third).toEqual({
        vin,
        status: 'ok',
        names: [{ name: '不存在的零件名称', status: 'name_unknown', charged: false }],
      })
      expect(answer.body.items_charged).toBe(1)
      expect(await itemsLeft(company.companyId)).toBe(0)
    })

    it('answers the same Idempotency-Key and body once, charged once, sent twice and ten times at once', async () => {
      await t.ctx.db.kysely
        .updateTable('orders')
        .set({ items_left: 50 })
        .where('company_id', '=', company.companyId)
        .where('plan_kind', '=', 'data_items')
        .execute()
      const { vin } = await vinWithParts()
      const body = { vins: [vin, vin] }
      nextSecond()
      const first = await open(key, 'POST', '/open/v1/vin/decode', body, {
        headers: { 'Idempotency-Key': 'batch-1' },
      })
      const second = await open(key, 'POST', '/open/v1/vin/decode', body, {
        headers: { 'Idempotency-Key': 'batch-1' },
      })
      expect(second.body).toEqual(first.body)
      expect(second.headers['idempotent-replayed']).toBe('true')
      expect(await itemsLeft(company.companyId)).toBe(48)
      nextSecond()
      const ten = await Promise.all(
        Array.from({ length: 10 }, () =>
          open(key, 'POST', '/open/v1/vin/decode', body, { headers: { 'Idempotency-Key': 'batch-2' } }),
        ),
      )
      expect(
        ten.every((a) => a.status === 200 && JSON.stringify(a.body) === JSON.stringify(ten[0]?.body)),
      ).toBe(true)
      expect(await itemsLeft(company.companyId)).toBe(46)
      nextSecond()
      const conflict = await open(
        key,
        'POST',
        '/open/v1/vin/decode',
        { vins: [vin] },
        { headers: { 'Idempotency-Key': 'batch-1' } },
      )
      expect([conflict.status, (conflict.body as { error: { code: string } }).error.code]).toEqual([
        409,
        'IDEMPOTENCY_CONFLICT',
      ])
      expect(await itemsLeft(company.companyId)).toBe(46)
    })

    it('counts requests and items per key and day on the usage page', async () => {
      const usage = await call<ApiUsageAnswer>('/api/dataservice/usage', {}, company.token)
      expect(usage.ResultCode).toBe('10000')
      const rows = usage.data?.rows ?? []
      expect(rows.every((r) => r.KeyId === key.id)).toBe(true)
      const total = (f: 'Requests' | 'ItemsCharged' | 'ItemsFree') => rows.reduce((s, r) => s + r[f], 0)
      // decode, by-name, by-name of a chosen model, lookup, the pack's end, by-name at its end, two idempotent
      // batches
      expect(total('ItemsCharged')).toBe(1 + 1 + 2 + 1 + 2 + 1 + 2 + 2)
      expect(total('Requests')).toBeGreaterThanOrEqual(8)
      expect(total('ItemsFree')).toBeGreaterThan(0)
      expect(usage.data?.ItemsLeft).toBe(46)
      // The trial is offered once: the page stops offering it once claimed.
      expect(usage.data?.TrialClaimed).toBe(true)
      const fresh = await signedInCompany(t)
      const unclaimed = await call<ApiUsageAnswer>('/api/dataservice/usage', {}, fresh.token)
      expect(unclaimed.data).toMatchObject({ ItemsLeft: 0, TrialClaimed: false })
    })

    it('answers a test key from the demo catalogue and never charges it', async () => {
      const test = await createKey(company.token, { Name: '联调', IsTest: true })
      const before = await itemsLeft(company.companyId)
      nextSecond()
      // A part only the live catalogue has: the live key finds it, the test key does not.
      await t.ctx.db.kysely
        .insertInto('cat_parts')
        .values({
          disp_number: 'ZZ-LIVE-ONLY-1',
          norm_number: 'ZZLIVEONLY1',
          part_name_cn: '仅正式目录',
          remark: '',
          name_pinyin: '',
          name_initials: '',
        })
        .execute()
      const lookup = (k: OpenKey) =>
        open<{ results: { status: string }[] }>(k, 'POST', '/open/v1/parts/lookup', {
          numbers: ['ZZ-LIVE-ONLY-1'],
        })
      expect((await lookup(test)).body.results[0]?.status).toBe('not_found')
      expect((await lookup(key)).body.results[0]?.status).toBe('ok')
      const names = await open<{ count: number }>(test, 'GET', '/open/v1/names')
      expect(names.status).toBe(200)
      expect(names.body.count).toBeGreaterThan(0)
      const { vin } = await vinWithParts()
      const decoded = await open<{
        results: { status: string; charged: boolean }[]
        items_charged: number
        test: boolean
      }>(test, 'POST', '/open/v1/vin/decode', { vins: [vin] })
      expect(decoded.body.test).toBe(true)
      expect(decoded.body.items_charged).toBe(0)
      expect(decoded.body.results[0]?.charged).toBe(false)
      expect(await itemsLeft(company.companyId)).toBe(before - 1)
    }, 60_000)
  })

  describe('docs', () => {
    const doc = readFileSync(resolve(REPO_ROOT, 'docs/open-api.md'), 'utf8')
    /** The first code span after a label in the doc's worked example. */
    const exampleValue = (label: string) => {
      const at = doc.indexOf('### 计算示例')
      const match = new RegExp(`${label}[^\n]*?：\`([^\`]+)\``).exec(doc.slice(at))
      if (!match?.[1]) throw new Error(`no ${label} in the worked example`)
      return match[1]
    }

    it('signs as the worked example in docs/open-api.md says, and the server accepts it', async () => {
      const appKey = exampleValue('AppKey')
      const appSecret = exampleValue('AppSecret')
      const [method, path] = exampleValue('请求').split(' ') as [string, string]
      const body = exampleValue('请求体')
      const timestamp = exampleValue('X-Epc-Timestamp')
      const nonce = exampleValue('X-Epc-Nonce')
      const blocks = [...doc.slice(doc.indexOf('### 计算示例')).matchAll(/```\n([^`]+?)\n```/g)].map(
        (m) => m[1],
      )
      const [bodySha, text, signature] = blocks
      const headers = signedHeaders(
        { appKey, appSecret },
        { method, path, body, timestampSeconds: Number(timestamp), nonce },
      )
      expect(text).toBe([method, path, timestamp, nonce, bodySha].join('\n'))
      expect(headers['X-Epc-Signature']).toBe(signature)
      // A key with the example's AppKey and secret, asked at the example's time: the server agrees.
      await t.ctx.db.kysely
        .insertInto('api_keys')
        .values({
          company_id: owner.companyId,
          app_key: appKey,
          name: '文档示例',
          secret_sealed: sealSecret(t.ctx.config.dataServiceMasterKey, appSecret, appKey),
          created_at: t.clock.now(),
        })
        .execute()
      const saved = t.clock.now()
      t.clock.ms = Number(timestamp) * 1000
      try {
        const res = await t.app.inject({
          method: method as 'POST',
          url: path,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: body,
        })
        expect(res.statusCode, res.body).toBe(200)
      } finally {
        t.clock.ms = saved
      }
    })

    it('lists every error code of the server in one table, with its status and both messages', () => {
      const rows = [...doc.matchAll(/^\| ([A-Z_]+) \| (\d{3}) \| ([^|]+) \| ([^|]+) \|$/gm)].map((m) => [
        m[1],
        { status: Number(m[2]), zh: m[3]?.trim(), en: m[4]?.trim() },
      ])
      expect(Object.fromEntries(rows)).toEqual(OpenApiErrors)
    })

    it('serves the OpenAPI 3.1 description and the readable page without a signature', async () => {
      const spec = await t.app.inject({ method: 'GET', url: '/open/openapi.json' })
      expect(spec.statusCode).toBe(200)
      const document = spec.json() as {
        openapi: string
        paths: Record<string, unknown>
        components: { schemas: Record<string, unknown> }
      }
      expect(document.openapi).toBe('3.1.0')
      expect(Object.keys(document.paths).sort()).toEqual([
        '/embed/sessions',
        '/jobs/parts-by-name',
        '/jobs/{job_id}',
        '/jobs/{job_id}/result',
        '/names',
        '/parts/by-name',
        '/parts/lookup',
        '/vin/decode',
      ])
      expect(document.components.schemas.VinDecodeRequest).toMatchObject({
        properties: { vins: { type: 'array', maxItems: 50 } },
      })
      const page = await t.app.inject({ method: 'GET', url: '/open/docs' })
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-type']).toContain('text/html')
      expect(page.body).toContain('<h3>计算示例</h3>')
      expect(page.body).toContain('5156839deabd43063f9391be714428291665cca597b23b30162f2bfc5078cef8')
    })

    it('answers every call in the shape its OpenAPI schema describes', async () => {
      const key = await createKey()
      await claimTrial()
      const { vin, name, numbers } = await vinWithParts()
      nextSecond()
      const strict = <S extends z.ZodMiniType>(schema: S, value: unknown) => {
        const parsed = z.safeParse(schema, value)
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true)
        // Nothing answered that the schema does not describe (zod drops what it does not know).
        const sorted = (v: unknown): unknown =>
          Array.isArray(v)
            ? v.map(sorted)
            : v && typeof v === 'object'
              ? Object.fromEntries(
                  Object.entries(v)
                    .sort(([a], [b]) => (a < b ? -1 : 1))
                    .map(([k, x]) => [k, sorted(x)]),
                )
              : v
        expect(sorted(parsed.data)).toEqual(sorted(value))
        return value as z.output<S>
      }
      strict(openNamesAnswer, (await open(key, 'GET', '/open/v1/names')).body)
      strict(
        openVinDecodeAnswer,
        (await open(key, 'POST', '/open/v1/vin/decode', { vins: [vin, 'bad'] })).body,
      )
      strict(
        openPartsLookupAnswer,
        (await open(key, 'POST', '/open/v1/parts/lookup', { numbers: [numbers[0], 'NOPE123'] })).body,
      )
      strict(
        openPartsByNameAnswer,
        (await open(key, 'POST', '/open/v1/parts/by-name', { items: [{ vin, names: [name, '不认识'] }] }))
          .body,
      )
    })
  })

  describe('asynchronous jobs', () => {
    let key: OpenKey & { id: number }
    let company: Awaited<ReturnType<typeof signedInCompany>>
    type JobStatus = {
      job_id: string
      state: string
      items: number
      pairs: number
      done_items: number
      items_charged: number
    }
    beforeAll(async () => {
      company = await signedInCompany(t)
      key = await createKey(company.token)
      await claimTrial(company.token)
      await t.ctx.db.kysely
        .updateTable('orders')
        .set({ items_left: 1000 })
        .where('company_id', '=', company.companyId)
        .where('plan_kind', '=', 'data_items')
        .execute()
    })
    const code = (r: OpenResponse) => (r.body as { error: { code: string } }).error.code
    /** A job of 70 items whose first 50 a process answered and was charged for, beating last just now. */
    const insertHalfDoneJob = (id: string, items: { vin: string; names: string[] }[]) => {
      const now = t.clock.now()
      return t.ctx.db.kysely
        .insertInto('api_jobs')
        .values({
          id,
          key_id: key.id,
          company_id: company.companyId,
          state: 'running',
          request: JSON.stringify({ items }),
          pairs: 70,
          done_items: 50,
          items_charged: 50,
          worker: 'gone',
          created_at: now,
          beat_at: now,
        })
        .execute()
    }

    it('answers 120 items in runs of 50, charged once each, as JSON and as CSV', async () => {
      const { vin, name, numbers } = await vinWithParts()
      const items = [
        ...Array.from({ length: 120 }, () => ({ vin, names: [name] })),
        { vin: 'LFV3A23C0K3000000', names: [name] },
      ]
      nextSecond()
      const submitted = await open<JobStatus>(
        key,
        'POST',
        '/open/v1/jobs/parts-by-name',
        { items },
        {
          headers: { 'Idempotency-Key': 'job-120' },
        },
      )
      expect(submitted.status).toBe(202)
      // Answered at once: the runs are worked through afterwards, in the background.
      expect(submitted.body).toMatchObject({ items: 121, pairs: 121, done_items: 0 })
      expect(['queued', 'running']).toContain(submitted.body.state)
      const again = await open<JobStatus>(
        key,
        'POST',
        '/open/v1/jobs/parts-by-name',
        { items },
        {
          headers: { 'Idempotency-Key': 'job-120' },
        },
      )
      expect([again.status, again.body.job_id], JSON.stringify(again.body)).toEqual([
        202,
        submitted.body.job_id,
      ])
      await t.app.dataJobs?.idle()
      const id = submitted.body.job_id
      nextSecond()
      const status = await open<JobStatus>(key, 'GET', `/open/v1/jobs/${id}`)
      expect(status.body).toMatchObject({ state: 'done', done_items: 121, items_charged: 120 })
      expect(await itemsLeft(company.companyId)).toBe(1000 - 120)
      const jobs = await t.ctx.db.kysely
        .selectFrom('api_jobs')
        .select('id')
        .where('company_id', '=', company.companyId)
        .execute()
      expect(jobs).toHaveLength(1)
      // Answered and charged a run at a time, each run kept with the job's progress.
      const runs = await t.ctx.db.kysely
        .selectFrom('api_job_chunks')
        .select('first_item')
        .where('job_id', '=', id)
        .orderBy('first_item')
        .execute()
      expect(runs.map((r) => Number(r.first_item))).toEqual([0, 50, 100])
      const result = await open<{
        job_id: string
        results: { status: string; names: { charged: boolean; parts?: { number: string }[] }[] }[]
        items_charged: number
      }>(key, 'GET', `/open/v1/jobs/${id}/result`)
      expect(result.status).toBe(200)
      expect(result.body.results).toHaveLength(121)
      expect(result.body.items_charged).toBe(120)
      expect(result.body.results.at(-1)?.status).toBe('vin_not_found')
      expect(result.body.results[0]?.names[0]?.parts?.map((p) => p.number).sort()).toEqual(
        [...new Set(numbers)].sort(),
      )
      const csv = await t.app.inject({
        method: 'GET',
        url: `/open/v1/jobs/${id}/result?format=csv`,
        headers: signedHeaders(key, {
          method: 'GET',
          path: `/open/v1/jobs/${id}/result?format=csv`,
          body: '',
          timestampSeconds: Math.floor(t.clock.now() / 1000),
        }),
      })
      expect(csv.statusCode).toBe(200)
      expect(csv.headers['content-type']).toContain('text/csv')
      const lines = csv.body
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n')
      expect(lines[0]).toBe(
        'vin,model_id,name,status,generic_name,part_number,part_name,quantity,illustration_id,illustration_name,callout,price,replaced_by,charged,vin_status',
      )
      expect(lines).toHaveLength(1 + 120 * new Set(numbers).size + 1)
      expect(lines.slice(1, -1).every((l) => l.endsWith(',true,ok'))).toBe(true)
      expect(lines.at(-1)).toBe(`LFV3A23C0K3000000,,${name},no_part,,,,,,,,,,false,vin_not_found`)
      // Another company's key finds no such job.
      const other = await signedInCompany(t)
      const stranger = await createKey(other.token)
      const refused = await open(stranger, 'GET', `/open/v1/jobs/${id}`)
      expect([refused.status, code(refused)]).toEqual([404, 'JOB_NOT_FOUND'])
    })

    it('makes one job, charged once, for a submission sent ten times at once with one Idempotency-Key', async () => {
      const { vin, name } = await vinWithParts()
      const jobsOf = async () =>
        (
          await t.ctx.db.kysely
            .selectFrom('api_jobs')
            .select('id')
            .where('company_id', '=', company.companyId)
            .execute()
        ).map((j) => j.id)
      const jobsBefore = await jobsOf()
      const before = await itemsLeft(company.companyId)
      nextSecond()
      const ten = await Promise.all(
        Array.from({ length: 10 }, () =>
          open<JobStatus>(
            key,
            'POST',
            '/open/v1/jobs/parts-by-name',
            {
              items: [
                { vin, names: [name] },
                { vin, names: [name] },
              ],
            },
            { headers: { 'Idempotency-Key': 'job-ten-at-once' } },
          ),
        ),
      )
      expect(ten.map((a) => a.status)).toEqual(Array(10).fill(202))
      expect(new Set(ten.map((a) => JSON.stringify(a.body))).size).toBe(1)
      expect(ten.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9)
      await t.app.dataJobs?.idle()
      const made = (await jobsOf()).filter((id) => !jobsBefore.includes(id))
      expect(made).toEqual([ten[0]?.body.job_id])
      expect(await itemsLeft(company.companyId)).toBe(before - 2)
    })

    it('takes up a job whose worker stopped where it was left, charging only what was not answered', async () => {
      const { vin, name } = await vinWithParts()
      const items = Array.from({ length: 70 }, () => ({ vin, names: [name] }))
      const id = `job_${'ab'.repeat(12)}`
      // A process answered the first 50 items (and was charged for them), then stopped beating.
      await insertHalfDoneJob(id, items)
      const earlier = Array.from({ length: 50 }, () => ({
        vin,
        status: 'ok',
        names: [{ name, status: 'ok', charged: true }],
      }))
      await t.ctx.db.kysely
        .insertInto('api_job_chunks')
        .values({ job_id: id, first_item: 0, results: JSON.stringify(earlier) })
        .execute()
      nextSecond()
      const before = await itemsLeft(company.companyId)
      // Still beating a minute ago: not taken, and its result is not there yet.
      t.app.dataJobs?.kick()
      await t.app.dataJobs?.idle()
      const early = await open(key, 'GET', `/open/v1/jobs/${id}/result`)
      expect([early.status, code(early)]).toEqual([409, 'JOB_NOT_DONE'])
      t.clock.advance(61_000)
      t.app.dataJobs?.kick()
      await t.app.dataJobs?.idle()
      const status = await open<JobStatus>(key, 'GET', `/open/v1/jobs/${id}`)
      expect(status.body).toMatchObject({ state: 'done', done_items: 70, items_charged: 70 })
      expect(await itemsLeft(company.companyId)).toBe(before - 20)
      const result = await open<{ results: unknown[] }>(key, 'GET', `/open/v1/jobs/${id}/result`)
      expect(result.body.results).toHaveLength(70)
    })

    it('ends a job with SERVICE_DISABLED when its company is stopped meanwhile, charging nothing more', async () => {
      const { vin, name } = await vinWithParts()
      const items = Array.from({ length: 70 }, () => ({ vin, names: [name] }))
      const id = `job_${'cd'.repeat(12)}`
      const db = t.ctx.db.kysely
      // Half done by a process that stopped beating; then the owner is banned (the burst detector).
      await insertHalfDoneJob(id, items)
      const before = await itemsLeft(company.companyId)
      await db.updateTable('accounts').set({ state: 'banned' }).where('id', '=', company.accountId).execute()
      try {
        t.clock.advance(61_000)
        t.app.dataJobs?.kick()
        await t.app.dataJobs?.idle()
        const job = await db
          .selectFrom('api_jobs')
          .select(['state', 'error', 'done_items', 'items_charged'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
        expect({
          ...job,
          done_items: Number(job.done_items),
          items_charged: Number(job.items_charged),
        }).toEqual({
          state: 'failed',
          error: 'SERVICE_DISABLED',
          done_items: 50,
          items_charged: 50,
        })
        expect(await itemsLeft(company.companyId)).toBe(before)
      } finally {
        await db
          .updateTable('accounts')
          .set({ state: 'active' })
          .where('id', '=', company.accountId)
          .execute()
      }
      nextSecond()
      const status = await open<JobStatus>(key, 'GET', `/open/v1/jobs/${id}`)
      expect(status.body).toMatchObject({ state: 'failed', error: 'SERVICE_DISABLED', done_items: 50 })
    })

    it('is used by a client written from the OpenAPI file and the signing section alone, for a batch job', async () => {
      expect(readFileSync(TYPES_FILE, 'utf8'), 'run npm run openapi:types').toBe(await openApiTypes())
      const client = openApiClient(key, {
        baseUrl: 'https://epc.example.com/open/v1',
        now: () => t.clock.now(),
        // The app in-process, as the network would reach it.
        fetch: async (request) => {
          const url = new URL(request.url)
          const res = await t.app.inject({
            method: request.method as 'GET' | 'POST',
            url: url.pathname + url.search,
            headers: Object.fromEntries(request.headers),
            payload: request.method === 'GET' ? undefined : await request.text(),
          })
          return new Response(res.body, {
            status: res.statusCode,
            headers: res.headers as Record<string, string>,
          })
        },
      })
      const { vin, name } = await vinWithParts()
      nextSecond()
      const names = await client.GET('/names')
      expect(names.data?.names.some((n) => n.name === name)).toBe(true)
      const submitted = await client.POST('/jobs/parts-by-name', {
        body: {
          items: [
            { vin, names: [name, '没有这个名称'] },
            { vin: 'LFV3A23C0K3000000', names: [name] },
          ],
        },
      })
      const jobId = submitted.data?.job_id as string
      expect(submitted.response.status).toBe(202)
      await t.app.dataJobs?.idle()
      const status = await client.GET('/jobs/{job_id}', { params: { path: { job_id: jobId } } })
      expect(status.data?.state).toBe('done')
      const result = await client.GET('/jobs/{job_id}/result', { params: { path: { job_id: jobId } } })
      // JSON unless format=csv was asked for.
      if (typeof result.data !== 'object') throw new Error(`not JSON: ${result.data}`)
      expect(result.data.results.map((r) => [r.status, r.names.map((n) => n.status)])).toEqual([
        ['ok', ['ok', 'name_unknown']],
        ['vin_not_found', ['no_part']],
      ])
      expect(result.data.items_charged).toBe(1)
      const refused = await client.POST('/vin/decode', { body: { vins: [] } })
      expect(refused.error?.error.code).toBe('INVALID_FIELD')
    })

    it('forgets a job and its results 7 days after it finished (runs last: it moves the clock 8 days)', async () => {
      const { vin, name } = await vinWithParts()
      nextSecond()
      const submitted = await open<JobStatus>(key, 'POST', '/open/v1/jobs/parts-by-name', {
        items: [{ vin, names: [name] }],
      })
      await t.app.dataJobs?.idle()
      const id = submitted.body.job_id
      t.clock.advance(6 * 86_400_000)
      t.app.dataJobs?.kick()
      await t.app.dataJobs?.idle()
      expect((await open(key, 'GET', `/open/v1/jobs/${id}/result`)).status).toBe(200)
      t.clock.advance(2 * 86_400_000)
      t.app.dataJobs?.kick()
      await t.app.dataJobs?.idle()
      const gone = await open(key, 'GET', `/open/v1/jobs/${id}`)
      expect([gone.status, code(gone)]).toEqual([404, 'JOB_NOT_FOUND'])
      const chunks = await t.ctx.db.kysely
        .selectFrom('api_job_chunks')
        .select('job_id')
        .where('job_id', '=', id)
        .execute()
      expect(chunks).toEqual([])
    })

    it('refuses a job of more than 5,000 pairs, naming the limit', async () => {
      nextSecond()
      const items = Array.from({ length: 251 }, () => ({
        vin: 'LFV3A23C0K3000000',
        names: Array(20).fill('机油滤清器'),
      }))
      const refused = await open(key, 'POST', '/open/v1/jobs/parts-by-name', { items })
      expect([refused.status, code(refused)]).toEqual([400, 'INVALID_FIELD'])
      expect((refused.body as { error: { message: string } }).error.message).toBe(
        '一个任务最多 5000 个 VIN 与名称组合',
      )
    })
  })

  it('meters API items apart from the web: neither the daily look-up quota nor the burst ban counts them', async () => {
    const limited = await startTestApp(kind, {
      config: { quota: { dailyLimit: 2, burstPerMinute: 3, burstMinutes: 1 } },
    })
    try {
      const catalogue = await loadTinyCatalogue(limited.ctx.db)
      const company = await signedInCompany(limited)
      const created = await limited.call<CreatedKey>(
        '/api/dataservice/keys/create',
        { Name: '批量' },
        { token: company.token },
      )
      const key = {
        appKey: (created.data as CreatedKey).Key.AppKey,
        appSecret: (created.data as CreatedKey).AppSecret,
      }
      const vin = (catalogue.demoVins[0] as DemoVin).vin
      for (let i = 0; i < 8; i++) {
        limited.clock.advance(1_000)
        const body = JSON.stringify({ vins: [vin] })
        const res = await limited.app.inject({
          method: 'POST',
          url: '/open/v1/vin/decode',
          headers: {
            ...signedHeaders(key, {
              method: 'POST',
              path: '/open/v1/vin/decode',
              body,
              timestampSeconds: Math.floor(limited.clock.now() / 1000),
            }),
            'content-type': 'application/json',
          },
          payload: body,
        })
        expect(res.statusCode).toBe(200)
      }
      // The owner's own look-ups still have the whole day's quota, and the account is not banned.
      for (let i = 0; i < 2; i++) {
        const answer = await limited.call('/api/epc/vinquery', { VIN: vin }, { token: company.token })
        expect(answer.ResultCode, answer.ResultMsg).toBe('10000')
      }
      expect(
        (await limited.call('/api/epc/vinquery', { VIN: vin }, { token: company.token })).ResultCode,
      ).toBe('10005')
    } finally {
      await limited.close()
    }
  }, 120_000)
})

describe.each(dbKinds)('authorization of the data service (%s)', (kind) => {
  let t: TestApp
  let owner: Awaited<ReturnType<typeof signedInCompany>>
  let staff: string
  let stranger: Awaited<ReturnType<typeof signedInCompany>>
  let key: OpenKey & { id: number }
  const call = <T>(path: string, payload: object, token?: string) => t.call<T>(path, payload, { token })
  const keyRows = (companyId: number) =>
    t.ctx.db.kysely
      .selectFrom('api_keys')
      .selectAll()
      .where('company_id', '=', companyId)
      .orderBy('id')
      .execute()
  const code = (r: { body: unknown }) => (r.body as { error?: { code: string } }).error?.code
  /** A signed GET of the free names list, a second on so the key's rate never carries over. */
  const names = (k: OpenKey) => {
    t.clock.advance(1_000)
    return openRequest(t, k, 'GET', '/open/v1/names')
  }
  /** Every call that names a key, aimed at the first company's. */
  const aimedAtKey = (): [string, object][] => [
    ['/api/dataservice/keys/rename', { KeyId: key.id, Name: '别人的' }],
    ['/api/dataservice/keys/setips', { KeyId: key.id, IpRanges: ['203.0.113.9'] }],
    ['/api/dataservice/keys/setembed', { KeyId: key.id, EmbedOrigins: ['https://evil.example.com'] }],
    ['/api/dataservice/keys/rotate', { KeyId: key.id }],
    ['/api/dataservice/keys/revoke', { KeyId: key.id }],
  ]

  beforeAll(async () => {
    t = await startTestApp(kind)
    owner = await signedInCompany(t)
    stranger = await signedInCompany(t)
    const staffMobile = `133${String(Date.now() % 100_000_000).padStart(8, '0')}`
    await addStaff(t, owner.companyId, staffMobile)
    staff = await t.login(staffMobile, FACTORY_PASSWORD)
    const created = await call<CreatedKey>(
      '/api/dataservice/keys/create',
      { Name: '理赔系统', IsTest: true },
      owner.token,
    )
    expect(created.ResultCode, created.ResultMsg).toBe('10000')
    const { Key, AppSecret } = created.data as CreatedKey
    key = { appKey: Key.AppKey, appSecret: AppSecret, id: Key.KeyId }
    expect((await names(key)).status).toBe(200)
  }, 180_000)
  afterAll(async () => {
    await t.close()
  })

  it('refuses a staff member every key and usage call, changing nothing', async () => {
    const before = await keyRows(owner.companyId)
    for (const [path, payload] of [
      ['/api/dataservice/keys', {}],
      ['/api/dataservice/keys/create', { Name: '店员的' }],
      ...aimedAtKey(),
      ['/api/dataservice/usage', {}],
    ] as [string, object][]) {
      const answer = await call(path, payload, staff)
      expect([path, answer.ResultCode, answer.ResultMsg]).toEqual([
        path,
        '10001',
        '只有企业主账号可以管理数据服务密钥',
      ])
    }
    expect(await keyRows(owner.companyId)).toEqual(before)
    expect((await names(key)).status).toBe(200)
  })

  it('answers another company 10004 for the first’s key, changing nothing, and shows it none of its use', async () => {
    const before = await keyRows(owner.companyId)
    for (const [path, payload] of aimedAtKey()) {
      const answer = await call(path, payload, stranger.token)
      expect([path, answer.ResultCode, answer.ResultMsg]).toEqual([path, '10004', '数据不存在或无权访问'])
    }
    expect(await keyRows(owner.companyId)).toEqual(before)
    expect(await keyRows(stranger.companyId)).toEqual([])
    // Not rotated, not revoked: the first company's secret still signs.
    expect((await names(key)).status).toBe(200)
    expect((await call('/api/dataservice/keys', {}, stranger.token)).data).toEqual([])
    const usage = await call<ApiUsageAnswer>('/api/dataservice/usage', {}, stranger.token)
    expect(usage.data?.rows).toEqual([])
    const mine = await call<ApiUsageAnswer>('/api/dataservice/usage', {}, owner.token)
    expect(mine.data?.rows.map((r) => r.KeyId)).toContain(key.id)
  })

  it('answers another company’s key 404 JOB_NOT_FOUND for the first’s job, its state and its result', async () => {
    t.clock.advance(1_000)
    const submitted = await openRequest<{ job_id: string }>(t, key, 'POST', '/open/v1/jobs/parts-by-name', {
      items: [{ vin: 'LFV2A21K6G3025678', names: ['刹车片'] }],
    })
    expect(submitted.status).toBe(202)
    const id = submitted.body.job_id
    const made = await call<CreatedKey>(
      '/api/dataservice/keys/create',
      { Name: '乙的', IsTest: true },
      stranger.token,
    )
    const theirs = { appKey: made.data?.Key.AppKey as string, appSecret: made.data?.AppSecret as string }
    for (const path of [
      `/open/v1/jobs/${id}`,
      `/open/v1/jobs/${id}/result`,
      `/open/v1/jobs/${id}/result?format=csv`,
    ]) {
      t.clock.advance(1_000)
      const refused = await openRequest(t, theirs, 'GET', path)
      expect([path, refused.status, code(refused)]).toEqual([path, 404, 'JOB_NOT_FOUND'])
    }
    t.clock.advance(1_000)
    expect((await openRequest(t, key, 'GET', `/open/v1/jobs/${id}`)).status).toBe(200)
  })

  it('refuses every key and usage call without a login, changing nothing', async () => {
    const before = await keyRows(owner.companyId)
    await expectNotLoggedIn(t, [
      ['/api/dataservice/keys', {}],
      ['/api/dataservice/keys/create', { Name: '匿名' }],
      ...aimedAtKey(),
      ['/api/dataservice/usage', {}],
    ] as [string, object][])
    expect(await keyRows(owner.companyId)).toEqual(before)
  })

  it('refuses the key of a company whose owner is banned, and of a cancelled company, with SERVICE_DISABLED', async () => {
    const db = t.ctx.db.kysely
    // Banned (the burst detector's doing); lifted again.
    await db.updateTable('accounts').set({ state: 'banned' }).where('id', '=', owner.accountId).execute()
    const banned = await names(key)
    expect([banned.status, code(banned)]).toEqual([403, 'SERVICE_DISABLED'])
    await db.updateTable('accounts').set({ state: 'active' }).where('id', '=', owner.accountId).execute()
    expect((await names(key)).status).toBe(200)

    // Cancelled: the owner asks, the operator resolves; every account of the company ends, so does its key.
    const shop = await signedInCompany(t)
    const made = await call<CreatedKey>(
      '/api/dataservice/keys/create',
      { Name: '联调', IsTest: true },
      shop.token,
    )
    const theirs = { appKey: made.data?.Key.AppKey as string, appSecret: made.data?.AppSecret as string }
    expect((await names(theirs)).status).toBe(200)
    const { latestSmsCode } = await import('../../../test/helper')
    const { runOps } = await import('../ops/ops')
    expect(
      (await t.call('/api/author/sendsmscode', { Mobile: shop.mobile, Scene: 'cancel' })).ResultCode,
    ).toBe('10000')
    const sms = await latestSmsCode(t, shop.mobile)
    expect((await call('/api/usercenter/requestcancel', { SmsCode: sms }, shop.token)).ResultCode).toBe(
      '10000',
    )
    await runOps({ db: t.ctx.db, clock: t.clock }, ['resolve-cancellation', String(shop.companyId)])
    for (const [method, path, body] of [
      ['GET', '/open/v1/names', undefined],
      ['POST', '/open/v1/vin/decode', { vins: ['LFV2A21K6G3025678'] }],
      ['POST', '/open/v1/parts/lookup', { numbers: ['1K0615301AA'] }],
    ] as const) {
      t.clock.advance(1_000)
      const refused = await openRequest(t, theirs, method, path, body)
      expect([path, refused.status, code(refused)]).toEqual([path, 403, 'SERVICE_DISABLED'])
    }
  })
})
