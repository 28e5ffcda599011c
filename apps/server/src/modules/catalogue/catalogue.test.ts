// Every catalogue call on a real database holding the tiny demo catalogue, through the envelope.
import { checkDigit, type VinHistoryAnswer, type VinQueryAnswer, WAREHOUSES } from '@epc/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadTinyCatalogue } from '../../../test/catalogue-fixture'
import { addStaff, createCompanyAccount, FACTORY_PASSWORD } from '../../../test/factories'
import { dbKinds, expectNotLoggedIn, startTestApp, type TestApp } from '../../../test/helper'
import { statementsOf } from '../../../test/statements'
import { decodeData } from '../../call/envelope-codec'
import type { DemoVin } from '../../catalogue-data/demo/generate'
import { beijingDay } from '../../clock'
import { modelPartsByNumber, modelPartsOfNames, recordVinQueries } from './catalogue.repository'
import { currentNumbers } from './parts.service'

interface CarInfo {
  ModelId: string
  ModelCondition: string
  car_name: string
  brand_name: string
  series_number: string
  year: number
}

describe.each(dbKinds)('catalogue calls on %s', (kind) => {
  let t: TestApp
  let token: string
  let demoVins: DemoVin[]
  const db = () => t.ctx.db.kysely
  const call = <T>(path: string, payload: object, as = token) => t.call<T>(path, payload, { token: as })

  beforeAll(async () => {
    t = await startTestApp(kind)
    demoVins = (await loadTinyCatalogue(t.ctx.db)).demoVins
    token = await t.login()
  }, 180_000)
  afterAll(async () => {
    await t.close()
  })

  /** A part of a model as the database has it, for expectations. */
  async function somePart(filter: string) {
    const { rows } = await sql<{ norm_number: string; disp_number: string; id: number }>`
      select p.norm_number, p.disp_number, p.id from cat_parts p where ${sql.raw(filter)} order by p.id limit 1`.execute(
      db(),
    )
    const row = rows[0]
    if (!row) throw new Error(`no part where ${filter}`)
    return row
  }

  describe('VIN query', () => {
    it('resolves a demo VIN to its model, decodes it and remembers it for the account', async () => {
      const demo = demoVins.find((d) => d.ModelId === 'FV-MAGOTAN-2020-1') as DemoVin
      expect(demo.vin).toHaveLength(17)
      expect(demo.vin[8]).toBe(checkDigit(demo.vin))
      const answer = await call<{ status: string; models: CarInfo[]; decode: Record<string, unknown> }>(
        '/api/epc/vinquery',
        {
          VIN: ` ${demo.vin.toLowerCase()} `,
        },
      )
      expect(answer.ResultCode).toBe('10000')
      expect(answer.data?.status).toBe('one')
      expect(answer.data?.models[0]).toMatchObject({
        ModelId: 'FV-MAGOTAN-2020-1',
        ModelCondition: 'EA888 2.0T 7速双离合 2020年',
        brand_name: '一汽-大众',
        year: 2020,
      })
      expect(answer.data?.decode).toMatchObject({
        maker: '一汽-大众',
        modelYear: 2020,
        checkDigitValid: true,
      })
      const history = await call<{ recent: { vin: string; car_name: string }[]; demo: DemoVin[] }>(
        '/api/epc/vinhistory',
        {},
      )
      expect(history.data?.recent[0]).toMatchObject({ vin: demo.vin, car_name: demo.car_name })
      expect(history.data?.demo.length).toBeGreaterThanOrEqual(10)
    })

    it('stores the history of queries in a row by itself, every query in order, written together', async () => {
      const before = await db().selectFrom('vin_queries').select('id').execute()
      const vins = demoVins.slice(0, 5).map((d) => d.vin)
      const { texts } = await statementsOf(t.ctx.db, async () => {
        for (const VIN of vins) expect((await call('/api/epc/vinquery', { VIN })).ResultCode).toBe('10000')
        // No history read here: the batch is written within a moment on its own.
        await expect
          .poll(async () => (await db().selectFrom('vin_queries').select('id').execute()).length, {
            timeout: 3000,
          })
          .toBe(before.length + vins.length)
      })
      // Not a commit a query: a batch is a transaction of one-row inserts on SQLite, one insert on PostgreSQL.
      // One batch here, or two if the machine stalls past the 200 ms a batch waits.
      const commits = texts.filter((text) =>
        kind === 'sqlite' ? text === 'COMMIT' : text.startsWith('insert into "vin_queries"'),
      )
      expect(commits.length).toBeGreaterThan(0)
      expect(commits.length).toBeLessThanOrEqual(2)
      const stored = await db()
        .selectFrom('vin_queries')
        .select('vin')
        .orderBy('id', 'desc')
        .limit(vins.length)
        .execute()
      expect(stored.map((r) => r.vin).reverse()).toEqual(vins)
    })

    it('keeps history written while another write is open, when that write rolls back', async () => {
      const accountId = (await db().selectFrom('accounts').select('id').executeTakeFirstOrThrow()).id
      const row = { account_id: accountId, vin: 'LFV2A21K0A3000017', model_id: null, created_at: 1 }
      let writing: Promise<void> | undefined
      const failing = db()
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('cat_meta').values({ key: 'half-way', value: 'x' }).execute()
          writing = recordVinQueries(db(), [row])
          await new Promise((resolve) => setTimeout(resolve, 20))
          throw new Error('rolled back')
        })
      await expect(failing).rejects.toThrow('rolled back')
      await writing
      const stored = await db().selectFrom('vin_queries').select('vin').where('created_at', '=', 1).execute()
      expect(stored).toEqual([{ vin: row.vin }])
    })

    it('answers a repeated VIN with the same body and records every query of it', async () => {
      const demo = demoVins.find((d) => d.ModelId === 'FV-MAGOTAN-2020-1') as DemoVin
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/epc/vinquery',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          payload: JSON.stringify(t.seal({ VIN: demo.vin })),
        })
      const before = await db().selectFrom('vin_queries').select('id').execute()
      const first = await send()
      const again = await send()
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(again.body).toBe(first.body)
      expect(JSON.parse(again.body)).toMatchObject({ ResultCode: '10000', ResultMsg: '成功' })
      expect((decodeData(again.json().data) as { vinCode: string }).vinCode).toBe(demo.vin)
      await call('/api/epc/vinhistory', {})
      const stored = await db()
        .selectFrom('vin_queries')
        .select(['vin', 'model_id'])
        .orderBy('id', 'desc')
        .limit(2)
        .execute()
      expect((await db().selectFrom('vin_queries').select('id').execute()).length).toBe(before.length + 2)
      const model = await db()
        .selectFrom('cat_models')
        .select('id')
        .where('model_code', '=', 'FV-MAGOTAN-2020-1')
        .executeTakeFirstOrThrow()
      expect(stored).toEqual([
        { vin: demo.vin, model_id: model.id },
        { vin: demo.vin, model_id: model.id },
      ])
    })

    it('warns about a wrong check digit and still looks the VIN up', async () => {
      const demo = demoVins.find((d) => d.ModelId.startsWith('GT-LEVIN')) as DemoVin
      const wrong = demo.vin.slice(0, 8) + (demo.vin[8] === '1' ? '2' : '1') + demo.vin.slice(9)
      const answer = await call<{ status: string; decode: { checkDigitValid: boolean; warnings: string[] } }>(
        '/api/epc/vinquery',
        {
          VIN: wrong,
        },
      )
      expect(answer.data?.status).toBe('one')
      expect(answer.data?.decode.checkDigitValid).toBe(false)
      expect(answer.data?.decode.warnings.join()).toContain('校验位不符')
    })

    it('offers a choice when several trims share a VIN pattern', async () => {
      const demo = demoVins.find((d) => d.ModelId === 'FV-SAGITAR-2019-1') as DemoVin
      const answer = await call<{ status: string; models: CarInfo[] }>('/api/epc/vinquery', { VIN: demo.vin })
      expect(answer.data?.status).toBe('several')
      expect(answer.data?.models.map((m) => m.ModelId).sort()).toEqual([
        'FV-SAGITAR-2019-1',
        'FV-SAGITAR-2019-2',
      ])
    })

    it('offers the VINs a slip may have been for one that fits no model and fails its check digit', async () => {
      const demo = demoVins.find((d) => d.ModelId === 'FV-MAGOTAN-2020-1') as DemoVin
      const v = demo.vin
      // Position 5 (the descriptor) typed wrong, and positions 6 and 7 swapped: no model, a wrong check digit.
      const wrong = [...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789']
        .map((ch) => v.slice(0, 4) + ch + v.slice(5))
        .find((w) => w !== v && w[8] !== checkDigit(w)) as string
      const swapped = v.slice(0, 5) + v[6] + v[5] + v.slice(7)
      expect(swapped[8]).not.toBe(checkDigit(swapped))
      for (const VIN of [wrong, swapped]) {
        const answer = await call<VinQueryAnswer>('/api/epc/vinquery', { VIN })
        expect(answer.data?.status, VIN).toBe('none')
        const meant = answer.data?.meant ?? []
        expect(meant.length).toBeLessThanOrEqual(5)
        const original = meant.find((m) => m.vin === v)
        expect(
          original?.models.map((m) => m.ModelId),
          VIN,
        ).toEqual(['FV-MAGOTAN-2020-1'])
        expect(meant.every((m) => m.vin[8] === checkDigit(m.vin) && m.models.length > 0)).toBe(true)
      }
      // A VIN found, and one with a right check digit that fits no model: nothing offered.
      expect((await call<VinQueryAnswer>('/api/epc/vinquery', { VIN: v })).data?.meant).toEqual([])
      const draft = 'LSVZZ99Z0MA123456'
      const unknown = `${draft.slice(0, 8)}${checkDigit(draft)}${draft.slice(9)}`
      const none = await call<VinQueryAnswer>('/api/epc/vinquery', { VIN: unknown })
      expect([none.data?.status, none.data?.meant]).toEqual(['none', []])
    })

    it('decodes a VIN that is not in the catalogue, still naming maker and year', async () => {
      const draft = 'LSVZZ99Z0MA123456'
      const vin = `${draft.slice(0, 8)}${checkDigit(draft)}${draft.slice(9)}`
      const answer = await call<{
        status: string
        models: CarInfo[]
        decode: { maker: string; modelYear: number }
      }>('/api/epc/vinquery', { VIN: vin })
      expect(answer.data).toMatchObject({
        status: 'none',
        models: [],
        decode: { maker: '上汽大众', modelYear: 2021 },
      })
    })

    it('tells in the history a VIN of several trims from one the catalogue lacks', async () => {
      const one = demoVins.find((d) => d.ModelId === 'FV-MAGOTAN-2020-1') as DemoVin
      const several = demoVins.find((d) => d.ModelId === 'FV-SAGITAR-2019-1') as DemoVin
      const draft = 'LSVZZ99Z0MA123457'
      const none = `${draft.slice(0, 8)}${checkDigit(draft)}${draft.slice(9)}`
      for (const VIN of [one.vin, several.vin, none]) {
        expect((await call('/api/epc/vinquery', { VIN })).ResultCode).toBe('10000')
      }
      const history = await call<VinHistoryAnswer>('/api/epc/vinhistory', {})
      expect(history.data?.recent.slice(0, 3)).toMatchObject([
        { vin: none, car_name: '', ModelId: '', status: 'none' },
        { vin: several.vin, car_name: '', ModelId: '', status: 'several' },
        { vin: one.vin, car_name: one.car_name, ModelId: one.ModelId, status: 'one' },
      ])
    })

    it('refuses what is not a VIN with 10002, and needs an active service', async () => {
      expect(await call('/api/epc/vinquery', { VIN: 'LFV12345' })).toMatchObject({
        ResultCode: '10002',
        ResultMsg: '请输入17位车架号',
      })
      expect(await call('/api/epc/vinquery', { VIN: 'LFV2A21K#KC123456' })).toMatchObject({
        ResultCode: '10002',
        ResultMsg: '车架号含有无效字符',
      })
      const expired = await createCompanyAccount(t, { serviceDays: 0 })
      const expiredToken = await t.login(expired.mobile, expired.password)
      const answer = await call('/api/epc/vinquery', { VIN: demoVins[0]?.vin ?? '' }, expiredToken)
      expect([answer.ResultCode, answer.ResultMsg]).toEqual(['99998', '服务已到期，请续费后使用'])
      expect(answer.data).toEqual({ reason: 'expired' })
      // The part-code query needs the service as well; the car-model browse stays free.
      const parts = await call('/api/epc/partsquery', { Codes: ['X'] }, expiredToken)
      expect([parts.ResultCode, parts.data]).toEqual(['99998', { reason: 'expired' }])
      expect((await call('/api/epc/carbrands', {}, expiredToken)).ResultCode).toBe('10000')
    })
  })

  describe('car-model browse (free)', () => {
    it('lists brands by initial, series with years, and models, without a login', async () => {
      const brands = await t.call<
        { initial: string; brands: { brand_number: string; brand_name: string }[] }[]
      >('/api/epc/carbrands', {})
      expect(brands.ResultCode).toBe('10000')
      expect(brands.data?.map((b) => b.initial)).toEqual(['D', 'F'])
      expect(brands.data?.[0]?.brands[0]).toMatchObject({ brand_number: 'FV', brand_name: '一汽-大众' })
      const series = await t.call<{ series_number: string; series_name: string; years: number[] }[]>(
        '/api/epc/carseries',
        {
          brand_number: 'FV',
        },
      )
      expect(series.data?.find((s) => s.series_name === '速腾')).toEqual({
        series_number: 'FV-SAGITAR',
        series_name: '速腾',
        years: [2022, 2019],
      })
      const models = await t.call<CarInfo[]>('/api/epc/carmodels', {
        series_number: 'FV-SAGITAR',
        year: 2019,
      })
      expect(models.data?.map((m) => m.car_name)).toEqual([
        '速腾 2019款 280TSI DSG 舒适型',
        '速腾 2019款 280TSI DSG 豪华型',
      ])
      // Engine, transmission and the years the VIN patterns say it was built, as the car record's one string.
      expect(models.data?.[0]?.ModelCondition).toBe('EA211 1.4T 7速双离合 2019年')
      expect((await t.call('/api/epc/carseries', { brand_number: 'NOPE' })).ResultCode).toBe('10004')
    })

    it('answers the car record of one model code, without a login', async () => {
      const [listed] =
        (await t.call<CarInfo[]>('/api/epc/carmodels', { series_number: 'FV-SAGITAR' })).data ?? []
      const one = await t.call<CarInfo>('/api/epc/carmodel', { ModelId: listed?.ModelId })
      expect(one.ResultCode).toBe('10000')
      expect(one.data).toEqual(listed)
      const unknown = await t.call('/api/epc/carmodel', { ModelId: 'NO-SUCH' })
      expect(unknown.ResultCode).toBe('10004')
    })
  })

  describe('groups and illustrations', () => {
    it('answers the full group tree of a model', async () => {
      const tree = await call<{
        groups: { main_number: string; subs: { illustrations: { imageid: string }[] }[] }[]
      }>('/api/epc/grouptree', { ModelId: 'GT-CAMRY-2021-2' })
      expect(tree.data?.groups).toHaveLength(10)
      for (const g of tree.data?.groups ?? []) {
        expect(g.subs.length).toBeGreaterThanOrEqual(6)
        for (const s of g.subs) expect(s.illustrations).toHaveLength(1)
      }
      expect((await call('/api/epc/grouptree', { ModelId: 'NO-SUCH' })).ResultCode).toBe('10004')
    })

    it('answers an illustration with its drawing, callout positions and priced parts', async () => {
      const { rows } = await sql<{
        image_code: string
      }>`select image_code from cat_illustrations where image_code like 'V6%' order by image_code limit 1`.execute(
        db(),
      )
      const imageid = rows[0]?.image_code as string
      const answer = await call<{
        svg: string
        callouts: { callout: number; x: number; y: number }[]
        parts: {
          callout: number
          disp_number: string
          part_number: string
          price: number
          stock_total: number
          sales_banned: boolean
          substitutes: number
          flag: number
        }[]
      }>('/api/epc/illustration', { ModelId: 'FV-BORA-2021-1', imageid })
      const il = answer.data
      // Every field of every part, as the catalogue's rows give it (the database writes this JSON itself).
      const { rows: expected } = await sql<Record<string, unknown>>`select f.callout, p.disp_number,
          p.norm_number as part_number, p.part_name_cn, f.quantity, f.note, p.remark,
          coalesce((select price_fen from cat_prices c join companies co on co.type4s = c.type4s
            join accounts a on a.company_id = co.id where c.part_id = p.id and a.mobile = '13800138000'),
            (select price_fen from cat_prices c where c.part_id = p.id and c.type4s = 1)) as price,
          p.stock_total, p.sales_banned, p.substitute_count as substitutes, p.replaced_by
        from cat_fitments f join cat_parts p on p.id = f.part_id
        join cat_models m on m.id = f.model_id join cat_illustrations i on i.id = f.illustration_id
        where m.model_code = 'FV-BORA-2021-1' and i.image_code = ${imageid}
        order by f.callout, p.disp_number`.execute(db())
      expect(expected.length).toBeGreaterThan(0)
      expect(il?.parts).toEqual(
        expected.map((r) => ({
          ...r,
          callout: Number(r.callout),
          quantity: Number(r.quantity),
          price: r.price === null ? null : Number(r.price) / 100,
          stock_total: Number(r.stock_total),
          sales_banned: Number(r.sales_banned) === 1,
          substitutes: Number(r.substitutes),
          flag: Number(r.substitutes) > 0 || r.replaced_by ? 1 : 0,
        })),
      )
      // The importer's markers agree with the stock and substitute rows themselves.
      for (const p of il?.parts ?? []) {
        const { rows: truth } = await sql<{ n: number; b: number; subs: number }>`select
          (select coalesce(sum(quantity), 0) from cat_stock s where s.part_id = p.id) as n,
          (select coalesce(max(sales_banned), 0) from cat_stock s where s.part_id = p.id) as b,
          (select count(*) from cat_substitutes s where s.part_id = p.id) as subs
          from cat_parts p where p.norm_number = ${p.part_number}`.execute(db())
        expect(p.stock_total).toBe(Number(truth[0]?.n))
        expect(p.sales_banned).toBe(Number(truth[0]?.b) === 1)
        expect(p.substitutes).toBe(Number(truth[0]?.subs))
      }
      expect(il?.svg).toContain('<svg')
      expect(il?.callouts.length).toBeGreaterThanOrEqual(8)
      for (const c of il?.callouts ?? []) expect(il?.svg).toContain(`data-callout="${c.callout}"`)
      expect(new Set(il?.parts.map((p) => p.callout))).toEqual(new Set(il?.callouts.map((c) => c.callout)))
      for (const p of il?.parts ?? []) expect(p.price).toBeGreaterThan(0)
      expect(il?.parts.every((p) => Number.isInteger(Math.round(p.price * 100)))).toBe(true)
      expect(
        (await call('/api/epc/illustration', { ModelId: 'FV-BORA-2021-1', imageid: 'T601' })).ResultCode,
      ).toBe('10004')
    })

    it('answers a repeated look-up with the same JSON body, counted toward the quota each time', async () => {
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/epc/illustration',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          payload: JSON.stringify(t.seal({ ModelId: 'FV-BORA-2021-1', imageid: 'V602' })),
        })
      const account = await db()
        .selectFrom('accounts')
        .select('id')
        .where('mobile', '=', '13800138000')
        .executeTakeFirstOrThrow()
      const quota = async () =>
        Number(await t.ctx.store.get(`quota:${account.id}:${beijingDay(t.clock.now())}`))
      const before = await quota()
      const first = await send()
      const again = await send()
      expect(again.statusCode).toBe(200)
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(again.body).toBe(first.body)
      expect((decodeData(again.json().data) as { imageid: string }).imageid).toBe('V602')
      expect(await quota()).toBe(before + 2)
    })

    it('answers drawings for thumbnails without counting a look-up, only of the model', async () => {
      const answer = await call<{ imageid: string; svg: string }[]>('/api/epc/thumbnails', {
        ModelId: 'FV-BORA-2021-1',
        imageids: ['V601', 'V602', 'T601'],
      })
      expect(answer.data?.map((d) => d.imageid)).toEqual(['V601', 'V602'])
      expect(answer.data?.[0]?.svg).toContain('<svg')
    })

    it('prices by the company price list (type4s)', async () => {
      const member = await createCompanyAccount(t)
      await db().updateTable('companies').set({ type4s: 2 }).where('id', '=', member.companyId).execute()
      const memberToken = await t.login(member.mobile, member.password)
      const payload = { ModelId: 'FV-BORA-2021-1', imageid: 'V601' }
      const retail = await call<{ parts: { price: number }[] }>('/api/epc/illustration', payload)
      const discounted = await call<{ parts: { price: number }[] }>(
        '/api/epc/illustration',
        payload,
        memberToken,
      )
      const a = retail.data?.parts.find((p) => p.price > 100)?.price ?? 0
      const index = retail.data?.parts.findIndex((p) => p.price === a) ?? 0
      expect(discounted.data?.parts[index]?.price).toBeLessThan(a)
    })
  })

  describe('part codes', () => {
    it('finds codes typed in any case with spaces, dashes and dots', async () => {
      const part = await somePart(`p.remark = '' and p.disp_number like '% %'`)
      const typed = part.disp_number.toLowerCase().replaceAll(' ', '-').replace('-', '.')
      const answer = await call<{ status: string; disp_number: string; stock: Record<string, number> }[]>(
        '/api/epc/partsquery',
        {
          Codes: [typed],
        },
      )
      expect(answer.ResultMsg).toBe('成功')
      expect(answer.data?.[0]).toMatchObject({ status: 'found', disp_number: part.disp_number })
      expect(Object.keys(answer.data?.[0]?.stock ?? {})).toEqual(WAREHOUSES.map((w) => w.code))
    })

    it('answers an old number with its current replacement, and says so', async () => {
      const { rows } = await sql<{ old_disp: string; new_norm: string }>`
        select o.disp_number as old_disp, n.norm_number as new_norm from cat_supersessions s
        join cat_parts o on o.id = s.old_part_id join cat_parts n on n.id = s.new_part_id
        where not exists (select 1 from cat_supersessions s2 where s2.old_part_id = s.new_part_id) limit 1`.execute(
        db(),
      )
      const row = rows[0] as { old_disp: string; new_norm: string }
      const answer = await call<{ status: string; old_number: string; part_number: string; flag: number }[]>(
        '/api/epc/partsquery',
        {
          Codes: [row.old_disp],
        },
      )
      expect(answer.data?.[0]).toMatchObject({
        status: 'superseded',
        old_number: row.old_disp,
        part_number: row.new_norm,
        flag: 1,
      })
    })

    it('leads an old number through every later one to the newest, in the query and the detail, and answers a number in a cycle as itself', async () => {
      // Numbers of their own, taken out again: 1 -> 2 -> 3 -> 4 and A -> B -> A (an error a catalogue can hold).
      const numbers = ['ZWALK1', 'ZWALK2', 'ZWALK3', 'ZWALK4', 'ZLOOPA', 'ZLOOPB']
      const next: Record<string, string> = {
        ZWALK1: 'ZWALK2',
        ZWALK2: 'ZWALK3',
        ZWALK3: 'ZWALK4',
        ZLOOPA: 'ZLOOPB',
        ZLOOPB: 'ZLOOPA',
      }
      const parts = await db()
        .insertInto('cat_parts')
        .values(
          numbers.map((n) => ({
            disp_number: n,
            norm_number: n,
            part_name_cn: '链测试件',
            generic_name_id: null,
            remark: '',
            name_pinyin: '',
            name_initials: '',
            replaced_by: next[n] ?? null,
          })),
        )
        .returning(['id', 'norm_number'])
        .execute()
      const idOf = (n: string) => Number(parts.find((p) => p.norm_number === n)?.id)
      try {
        await db()
          .insertInto('cat_supersessions')
          .values(
            Object.entries(next).map(([from, to]) => ({
              old_part_id: idOf(from),
              new_part_id: idOf(to),
              changed_on: '2024-01-01',
            })),
          )
          .execute()
        const answer = await call<{ status: string; part_number: string; old_number?: string }[]>(
          '/api/epc/partsquery',
          { Codes: ['ZWALK1', 'ZWALK3', 'ZWALK4', 'ZLOOPA'] },
        )
        expect(answer.data?.map((r) => [r.status, r.part_number, r.old_number])).toEqual([
          ['superseded', 'ZWALK4', 'ZWALK1'],
          ['superseded', 'ZWALK4', 'ZWALK3'],
          ['found', 'ZWALK4', undefined],
          ['found', 'ZLOOPA', undefined],
        ])
        const detail = await call<{
          chain: { part_number: string; current: boolean }[]
          replaced_by: string
        }>('/api/epc/partdetail', { part_number: 'ZWALK2' })
        expect(detail.data?.chain.map((c) => [c.part_number, c.current])).toEqual([
          ['ZWALK1', false],
          ['ZWALK2', false],
          ['ZWALK3', false],
          ['ZWALK4', true],
        ])
        expect(detail.data?.replaced_by).toBe('ZWALK4')
        // What a sheet's lines are told: the same newest number; none for the newest nor for a cycle.
        expect(await currentNumbers(db(), numbers)).toEqual(
          new Map([
            ['ZWALK1', 'ZWALK4'],
            ['ZWALK2', 'ZWALK4'],
            ['ZWALK3', 'ZWALK4'],
          ]),
        )
      } finally {
        await db()
          .deleteFrom('cat_supersessions')
          .where(
            'old_part_id',
            'in',
            parts.map((p) => Number(p.id)),
          )
          .execute()
        await db().deleteFrom('cat_parts').where('norm_number', 'in', numbers).execute()
      }
    })

    it('answers the stock per warehouse and the substitutes the catalogue holds, for parts with and without', async () => {
      const picks = [
        await somePart(`exists (select 1 from cat_substitutes s where s.part_id = p.id)`),
        await somePart(`exists (select 1 from cat_stock s where s.part_id = p.id and s.quantity > 0)`),
        await somePart(
          `not exists (select 1 from cat_stock s where s.part_id = p.id and s.quantity > 0)
            and not exists (select 1 from cat_substitutes s where s.part_id = p.id)
            and not exists (select 1 from cat_supersessions s where s.old_part_id = p.id)`,
        ),
      ]
      const answer = await call<
        { status: string; stock: Record<string, number>; substitutes: { disp_number: string }[] }[]
      >('/api/epc/partsquery', { Codes: picks.map((p) => p.disp_number) })
      for (const [i, pick] of picks.entries()) {
        const stock = await db()
          .selectFrom('cat_stock')
          .select(['warehouse', 'quantity'])
          .where('part_id', '=', pick.id)
          .execute()
        const substitutes = await db()
          .selectFrom('cat_substitutes as s')
          .innerJoin('cat_parts as sp', 'sp.id', 's.substitute_part_id')
          .select('sp.disp_number')
          .where('s.part_id', '=', pick.id)
          .execute()
        const row = answer.data?.[i]
        expect(row?.status).toBe('found')
        expect(row?.stock).toEqual(
          Object.fromEntries(
            WAREHOUSES.map((w) => [w.code, Number(stock.find((s) => s.warehouse === w.code)?.quantity ?? 0)]),
          ),
        )
        expect(row?.substitutes.map((s) => s.disp_number).sort()).toEqual(
          substitutes.map((s) => s.disp_number).sort(),
        )
      }
      expect(answer.data?.[0]?.substitutes.length).toBeGreaterThan(0)
      expect(Object.values(answer.data?.[1]?.stock ?? {}).some((q) => q > 0)).toBe(true)
    })

    it('takes a unique prefix, offers several, marks sales-banned parts, and reports unknown codes', async () => {
      const banned = await somePart(
        `exists (select 1 from cat_stock s where s.part_id = p.id and s.sales_banned = 1)`,
      )
      const answer = await call<{ status: string; sales_banned?: boolean; candidates?: string[] }[]>(
        '/api/epc/partsquery',
        {
          Codes: [banned.disp_number, banned.norm_number.slice(0, -1), 'ZZZZ99999999', '04'],
        },
      )
      expect(answer.data?.[0]).toMatchObject({ status: 'found', sales_banned: true })
      expect(['prefix', 'several']).toContain(answer.data?.[1]?.status)
      expect(answer.data?.[2]?.status).toBe('none')
      expect(answer.data?.[3]?.status).toBe('none')
      const tooMany = await call('/api/epc/partsquery', {
        Codes: Array.from({ length: 51 }, (_, i) => `A${i}`),
      })
      expect([tooMany.ResultCode, tooMany.ResultMsg]).toEqual(['10002', '一次最多查询50个配件编码'])
    })

    it('offers the numbers a code not found may have meant, with an O typed for a 0 or an I for a 1', async () => {
      // A number with a 0 whose letter-O twin is no part, and one with a 1 whose I twin is none.
      const zero = await somePart(
        `p.norm_number like '%0%' and not exists (select 1 from cat_parts q where q.norm_number = replace(p.norm_number, '0', 'O'))`,
      )
      const one = await somePart(
        `p.norm_number like '%1%' and not exists (select 1 from cat_parts q where q.norm_number = replace(p.norm_number, '1', 'I'))`,
      )
      const typedZero = zero.disp_number.replaceAll('0', 'O')
      const typedOne = one.norm_number.replaceAll('1', 'I').toLowerCase()
      const answer = await call<{ input: string; status: string; candidates?: string[] }[]>(
        '/api/epc/partsquery',
        {
          Codes: [typedZero, typedOne, 'QQQQ99999999'],
        },
      )
      expect(answer.data?.[0]).toMatchObject({ input: typedZero, status: 'similar' })
      expect(answer.data?.[0]?.candidates).toContain(zero.norm_number)
      expect(answer.data?.[1]).toMatchObject({ status: 'similar' })
      expect(answer.data?.[1]?.candidates).toContain(one.norm_number)
      // Nothing alike: still not found.
      expect(answer.data?.[2]).toMatchObject({ status: 'none' })
    })

    it('offers the number meant by a code with one slip of a key, and names every number it offers', async () => {
      const part = await somePart(
        `length(p.norm_number) >= 10 and substr(p.norm_number, 3, 1) <> substr(p.norm_number, 4, 1)`,
      )
      const { rows } = await sql<{
        part_name_cn: string
      }>`select part_name_cn from cat_parts where id = ${part.id}`.execute(db())
      const name = rows[0]?.part_name_cn
      const n = part.norm_number
      const last = n.at(-1) === 'Q' ? 'W' : 'Q'
      const slips = [
        n.slice(0, 2) + n[3] + n[2] + n.slice(4), // two neighbours swapped
        `${n.slice(0, 5)}Q${n.slice(5)}`, // a character too many
        n.slice(0, -1) + last, // the last one wrong
        n.slice(0, 3) + n.slice(4), // one missing
      ]
      const answer = await call<
        { input: string; status: string; candidates: string[]; candidate_names: string[] }[]
      >('/api/epc/partsquery', { Codes: slips })
      for (const [i, row] of (answer.data ?? []).entries()) {
        expect(row, slips[i]).toMatchObject({ input: slips[i], status: 'similar' })
        const at = row.candidates.indexOf(n)
        expect(at, slips[i]).toBeGreaterThanOrEqual(0)
        expect(row.candidate_names[at]).toBe(name)
        expect(row.candidate_names).toHaveLength(row.candidates.length)
      }
      // Several numbers starting with what was typed: each with its own name, and whether there are more than
      // the eight offered.
      const { rows: few } = await sql<{ prefix: string }>`
        select substr(norm_number, 1, 6) as prefix from cat_parts
        group by substr(norm_number, 1, 6) having count(*) between 2 and 8 order by 1 limit 1`.execute(db())
      const fewPrefix = few[0]?.prefix as string
      const several = await call<
        { status: string; candidates: string[]; candidate_names: string[]; more: boolean }[]
      >('/api/epc/partsquery', { Codes: [n.slice(0, 4), fewPrefix] })
      const [many, some] = several.data ?? []
      const starting = async (prefix: string) =>
        db()
          .selectFrom('cat_parts')
          .select(['norm_number', 'part_name_cn'])
          .where('norm_number', 'like', `${prefix}%`)
          .orderBy('norm_number')
          .execute()
      for (const [offered, prefix] of [
        [many, n.slice(0, 4)],
        [some, fewPrefix],
      ] as const) {
        const all = await starting(prefix)
        expect(offered?.status).toBe('several')
        expect(offered?.candidates).toEqual(all.slice(0, 8).map((r) => r.norm_number))
        expect(offered?.candidate_names).toEqual(all.slice(0, 8).map((r) => r.part_name_cn))
        expect(offered?.more).toBe(all.length > 8)
      }
      expect(many?.more).toBe(true)
      expect(some?.more).toBe(false)
    })

    it('answers part detail: chain, substitutes, price lists, stock of the ten warehouses, fitting models', async () => {
      const { rows } = await sql<{ disp: string }>`
        select n.disp_number as disp from cat_supersessions s join cat_parts n on n.id = s.new_part_id
        where exists (select 1 from cat_stock k where k.part_id = n.id) limit 1`.execute(db())
      const detail = await call<{
        chain: { disp_number: string; current: boolean }[]
        prices: { type4s: number; price: number }[]
        stock: { warehouse_name: string; STOCK_QUANTITY: number; PART_NO: string }[]
        models: { ModelId: string }[]
      }>('/api/epc/partdetail', { part_number: rows[0]?.disp as string })
      expect(detail.data?.chain.length).toBeGreaterThanOrEqual(2)
      expect(detail.data?.chain.at(-1)?.current).toBe(true)
      expect(detail.data?.prices.map((p) => p.type4s)).toEqual([1, 2])
      expect(detail.data?.stock.map((s) => s.warehouse_name)).toEqual([
        '长春',
        '北京',
        '广州',
        '西安',
        '济南',
        '武汉',
        '新疆',
        '成都',
        '大连',
        '华东',
      ])
      expect(detail.data?.models.length).toBeGreaterThan(0)
      const { rows: subs } = await sql<{
        disp: string
      }>`select p.disp_number as disp from cat_substitutes s join cat_parts p on p.id = s.part_id limit 1`.execute(
        db(),
      )
      const withSub = await call<{ substitutes: unknown[] }>('/api/epc/partdetail', {
        part_number: subs[0]?.disp as string,
      })
      expect(withSub.data?.substitutes.length).toBeGreaterThan(0)
    })
  })

  it("reads a model's parts of some names, and by a number's start, alike inside a transaction", async () => {
    const { rows } = await sql<{ model_id: number; generic_name_id: number; norm_number: string }>`
      select f.model_id, p.generic_name_id, p.norm_number from cat_fitments f join cat_parts p on p.id = f.part_id
      where p.generic_name_id is not null order by f.model_id, p.id limit 1`.execute(db())
    const pick = rows[0] as { model_id: number; generic_name_id: number; norm_number: string }
    const read = (q: ReturnType<typeof db>) =>
      Promise.all([
        modelPartsOfNames(q, Number(pick.model_id), [Number(pick.generic_name_id)]),
        modelPartsByNumber(q, Number(pick.model_id), pick.norm_number.slice(0, 4), 100),
      ])
    const outside = await read(db())
    expect(outside[0].length).toBeGreaterThan(0)
    expect(outside[1].length).toBeGreaterThan(0)
    expect(
      await db()
        .transaction()
        .execute((trx) => read(trx)),
    ).toEqual(outside)
  })

  describe('names', () => {
    interface Hit {
      part_name_cn: string
      imageid: string
      callout: number
      matched_by: string
      matched_text: string
    }
    const search = (Keyword: string) =>
      call<{ hits: Hit[]; suggestions: string[] }>('/api/epc/namesearch', {
        ModelId: 'FV-MAGOTAN-2020-1',
        Keyword,
      })
    interface Glossary {
      systems: {
        system: string
        names: {
          name: string
          aliases: string[]
          match: { text: string; alias: boolean; kind: string } | null
        }[]
      }[]
      suggestions: string[]
    }
    const glossary = (payload: object) => call<Glossary>('/api/epc/glossary', payload)

    it('searches within a model by Chinese, pinyin, initials, alias and number', async () => {
      const chinese = await search('滤清')
      expect(chinese.data?.hits.some((h) => h.part_name_cn === '机油滤清器')).toBe(true)
      expect(chinese.data?.suggestions).toEqual([])
      for (const [keyword, by] of [
        ['jiyoulvqingqi', 'pinyin'],
        ['jylqq', 'initials'],
        ['机油格', 'alias'],
      ] as const) {
        const hits = (await search(keyword)).data?.hits ?? []
        const hit = hits.find((h) => h.part_name_cn === '机油滤清器')
        expect(hit, keyword).toMatchObject({ matched_by: by })
        expect(hit?.imageid).toMatch(/^V/)
      }
      const part = await somePart(
        `exists (select 1 from cat_fitments f join cat_models m on m.id = f.model_id where f.part_id = p.id and m.model_code = 'FV-MAGOTAN-2020-1')`,
      )
      const byNumber = await search(part.norm_number.slice(0, 6))
      expect(byNumber.data?.hits.some((h) => h.matched_by === 'number')).toBe(true)
    })

    it('forgives homophones, full-width and spaced input, word order and workshop words in a model', async () => {
      const first = async (keyword: string) => (await search(keyword)).data?.hits[0]
      expect(await first('刹车骗')).toMatchObject({
        part_name_cn: '前制动片',
        matched_by: 'sound',
        matched_text: '刹车片',
      })
      expect(await first('火化塞')).toMatchObject({ part_name_cn: '火花塞', matched_by: 'sound' })
      expect(await first('ＨＨＳ')).toMatchObject({ part_name_cn: '火花塞', matched_by: 'initials' })
      expect(await first('kong qi lv qing qi')).toMatchObject({
        part_name_cn: '空气滤清器',
        matched_by: 'pinyin',
      })
      expect(await first('轴承 前轮')).toMatchObject({ part_name_cn: '前轮毂轴承', matched_by: 'name' })
      expect(await first('外球笼')).toMatchObject({ part_name_cn: '外球笼', matched_by: 'name' })
      expect(await first('发动机皮带')).toMatchObject({ matched_by: 'alias', matched_text: '发动机皮带' })
      expect((await first('发动机皮带'))?.part_name_cn).toMatch(/^多楔带/)
      // Exact characters first: the pads' own name before parts found by sound or in part.
      const pads = (await search('制动片')).data?.hits ?? []
      expect(pads[0]?.matched_by).toBe('name')
      const order = pads.map((h) => (['name', 'alias', 'number'].includes(h.matched_by) ? 0 : 1))
      expect(order).toEqual([...order].sort())
    })

    it('offers the nearest names the model has when nothing is found, and refuses a keyword of marks', async () => {
      const none = await search('萨车片')
      expect(none.ResultCode).toBe('10000')
      expect(none.data?.hits).toEqual([])
      expect(none.data?.suggestions[0]).toBe('刹车片')
      const marks = await search('，。')
      expect(marks.ResultCode).toBe('10002')
      expect(marks.ResultMsg).toBe('关键字不能只有空格或标点')
    })

    it('answers 10004 for a model it does not know, whatever the keyword', async () => {
      for (const Keyword of ['刹车片', 'scp', '萨车片', '1K0698151', '，。', '无此配件名称']) {
        const answer = await call('/api/epc/namesearch', { ModelId: 'NO-SUCH', Keyword })
        expect([Keyword, answer.ResultCode]).toEqual([Keyword, '10004'])
      }
    })

    it('lists the glossary by system and finds names by initials and aliases', async () => {
      const all = await glossary({})
      const names = all.data?.systems.flatMap((s) => s.names) ?? []
      expect(names.length).toBeGreaterThanOrEqual(450)
      expect(names.every((n) => n.match === null)).toBe(true)
      expect(all.data?.suggestions).toEqual([])
      const found = await glossary({ Keyword: '叶子板' })
      expect(found.data?.systems[0]?.names[0]).toMatchObject({
        name: '翼子板',
        match: { text: '叶子板', alias: true, kind: 'exact' },
      })
    })

    it('the glossary forgives as the name search does, best first, and suggests when nothing matches', async () => {
      const firstName = async (Keyword: string) => (await glossary({ Keyword })).data?.systems[0]?.names[0]
      expect(await firstName('外球笼')).toMatchObject({
        name: '球笼',
        match: { text: '外球笼', alias: true, kind: 'exact' },
      })
      expect(await firstName('刹车骗')).toMatchObject({
        name: '前制动片',
        match: { text: '刹车片', kind: 'sound' },
      })
      expect(await firstName('機油濾清器')).toMatchObject({ name: '机油滤清器', match: { kind: 'exact' } })
      expect(await firstName('KongQi')).toMatchObject({ name: '空气滤清器' })
      expect(await firstName('火咀')).toMatchObject({ name: '火花塞', match: { text: '火咀' } })
      const fog = await glossary({ Keyword: '灯 雾' })
      expect(fog.data?.systems.flatMap((s) => s.names.map((n) => n.name))).toEqual(
        expect.arrayContaining(['前雾灯', '后雾灯']),
      )
      const none = await glossary({ Keyword: '萨车片' })
      expect(none.data?.systems).toEqual([])
      expect(none.data?.suggestions[0]).toBe('刹车片')
    })
  })

  describe('maintenance and accidents', () => {
    it('lists what is due at a mileage with quantities, prices and an exact total', async () => {
      const answer = await call<{
        service_mileage: number
        items: { generic_name: string; quantity: number; price: number | null; money: number | null }[]
        total: number
      }>('/api/epc/maintenance', { ModelId: 'FV-MAGOTAN-2020-1', Mileage: 39_600 })
      expect(answer.data?.service_mileage).toBe(40_000)
      const names = answer.data?.items.map((i) => i.generic_name) ?? []
      expect(names).toEqual(expect.arrayContaining(['机油滤清器', '火花塞', '前制动片', '发动机机油']))
      expect(answer.data?.items.find((i) => i.generic_name === '发动机机油')?.quantity).toBe(5)
      const fen = answer.data?.items.reduce((sum, i) => sum + Math.round((i.money ?? 0) * 100), 0) ?? 0
      expect(Math.round((answer.data?.total ?? 0) * 100)).toBe(fen)
      for (const i of answer.data?.items ?? []) {
        if (i.price !== null)
          expect(Math.round((i.money ?? 0) * 100)).toBe(Math.round(i.price * 100) * i.quantity)
      }
    })

    it('lists the parts of the chosen accident zones with a total', async () => {
      const zones = await call<{ code: string; children: { code: string }[] }[]>('/api/epc/accidentzones', {})
      expect(zones.data?.map((z) => z.code)).toEqual(['front', 'rear', 'left', 'right', 'roof'])
      const answer = await call<{ items: { part_name_cn: string; money: number | null }[]; total: number }>(
        '/api/epc/accident',
        {
          ModelId: 'GT-LEVIN-2021-1',
          Zones: ['front.bumper', 'front.headlamp'],
        },
      )
      expect(answer.data?.items.length).toBeGreaterThan(2)
      const fen = answer.data?.items.reduce((sum, i) => sum + Math.round((i.money ?? 0) * 100), 0) ?? 0
      expect(Math.round((answer.data?.total ?? 0) * 100)).toBe(fen)
      expect(
        (await call('/api/epc/accident', { ModelId: 'GT-LEVIN-2021-1', Zones: ['nowhere'] })).ResultCode,
      ).toBe('10002')
    })
  })

  describe('accounts and quota', () => {
    it("never shows one account's VIN history to another company", async () => {
      const other = await createCompanyAccount(t)
      const otherToken = await t.login(other.mobile, other.password)
      const history = await call<{ recent: unknown[] }>('/api/epc/vinhistory', {}, otherToken)
      expect(history.data?.recent).toEqual([])
    })

    it('needs a login for look-ups and counts them toward the daily quota', async () => {
      expect((await t.call('/api/epc/grouptree', { ModelId: 'GT-CAMRY-2021-2' })).ResultCode).toBe('40100')
      const limited = await startTestApp(kind, {
        config: { quota: { dailyLimit: 2, burstPerMinute: 0, burstMinutes: 0 } },
      })
      try {
        await loadTinyCatalogue(limited.ctx.db)
        const tk = await limited.login()
        for (let i = 0; i < 2; i++) {
          expect(
            (await limited.call('/api/epc/grouptree', { ModelId: 'GT-CAMRY-2021-2' }, { token: tk }))
              .ResultCode,
          ).toBe('10000')
        }
        expect(
          (await limited.call('/api/epc/partsquery', { Codes: ['X1234'] }, { token: tk })).ResultCode,
        ).toBe('10005')
        // Browsing and the glossary are not look-ups.
        expect((await limited.call('/api/epc/glossary', {}, { token: tk })).ResultCode).toBe('10000')
      } finally {
        await limited.close()
      }
    }, 120_000)
  })
})

describe.each(dbKinds)('authorization of catalogue calls on %s', (kind) => {
  let t: TestApp
  let demo: DemoVin

  beforeAll(async () => {
    t = await startTestApp(kind)
    demo = (await loadTinyCatalogue(t.ctx.db)).demoVins[0] as DemoVin
  }, 180_000)
  afterAll(async () => {
    await t.close()
  })

  it('keeps the VIN history the account’s own: not the staff member’s, not another company’s', async () => {
    const shop = await createCompanyAccount(t)
    await addStaff(t, shop.companyId, '13633330001')
    const owner = await t.login(shop.mobile, shop.password)
    const clerk = await t.login('13633330001', FACTORY_PASSWORD)
    const other = await createCompanyAccount(t)
    const stranger = await t.login(other.mobile, other.password)
    expect((await t.call('/api/epc/vinquery', { VIN: demo.vin }, { token: owner })).ResultCode).toBe('10000')
    const recent = async (token: string) =>
      (await t.call<{ recent: { vin: string }[] }>('/api/epc/vinhistory', {}, { token })).data?.recent.map(
        (r) => r.vin,
      )
    expect(await recent(owner)).toEqual([demo.vin])
    expect(await recent(clerk)).toEqual([])
    expect(await recent(stranger)).toEqual([])
  })

  it('refuses every catalogue call but the car-model browse without a login', async () => {
    const model = demo.ModelId
    await expectNotLoggedIn(t, [
      ['/api/epc/vinquery', { VIN: demo.vin }],
      ['/api/epc/vinhistory', {}],
      ['/api/epc/grouptree', { ModelId: model }],
      ['/api/epc/thumbnails', { ModelId: model, imageids: ['1'] }],
      ['/api/epc/illustration', { ModelId: model, imageid: '1' }],
      ['/api/epc/partsquery', { Codes: ['1K0615301AA'] }],
      ['/api/epc/partdetail', { part_number: '1K0615301AA' }],
      ['/api/epc/namesearch', { ModelId: model, Keyword: '刹车片' }],
      ['/api/epc/glossary', {}],
      ['/api/epc/maintenance', { ModelId: model, Mileage: 10000 }],
      ['/api/epc/accidentzones', {}],
      ['/api/epc/accident', { ModelId: model, Zones: ['front'] }],
    ])
    for (const [path, payload] of [
      ['/api/epc/carbrands', {}],
      ['/api/epc/carmodel', { ModelId: model }],
    ] as const) {
      expect((await t.call(path, payload)).ResultCode, path).toBe('10000')
    }
  })
})
