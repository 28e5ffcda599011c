// The answer cache: keys that never mix two inputs, answers kept across catalogue edits until an import,
// which makes them unreachable at once in its own process and within VERSION_RECHECK_MS in another.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadTinyCatalogue } from '../../test/catalogue-fixture'
import {
  type CallAnswer,
  dbKinds,
  type FreshDatabase,
  freshDatabase,
  startTestApp,
  type TestApp,
} from '../../test/helper'
import { statementsOf } from '../../test/statements'
import type { DemoVin } from '../catalogue-data/demo/generate'
import { runImport } from '../catalogue-data/import/importer'
import { recordSource } from '../catalogue-data/import/record-source'
import type { Db } from '../db/database'
import { VERSION_RECHECK_MS } from '../modules/catalogue/catalogue-version'
import { AnswerCache } from './answer-cache'

describe('answer cache keys and memory', () => {
  const cache = (bytes: number) => new AnswerCache(bytes, async () => 'v1')

  it('gives different keys to values that joined strings would make one', async () => {
    const c = cache(1024)
    const pairs: [unknown, unknown][] = [
      [
        [1, ['5Q0927078G', '5Q0165181F']],
        [1, ['5Q0927078G\n5Q0165181F']],
      ],
      [
        [1, 'M', ['front', 'rear']],
        [1, 'M', ['front,rear']],
      ],
      [
        ['M|机', '油'],
        ['M', '机|油'],
      ],
      [
        ['M', ['V101', 'V102']],
        ['M', ['V101,V102']],
      ],
      [
        ['S', null],
        ['S', 'null'],
      ],
      [
        [2026, 'LFV'],
        ['2026', 'LFV'],
      ],
    ]
    for (const [a, b] of pairs) expect(await c.key('/api/x', a)).not.toBe(await c.key('/api/x', b))
    expect(await c.key('/api/x', 'a')).not.toBe(await c.key('/api/y', 'a'))
  })

  it('keeps nothing with no memory, and drops the least recently used past its size', () => {
    const off = cache(0)
    off.set('k', { bytes: Buffer.from('answer') })
    expect(off.get('k')).toBeUndefined()

    const small = cache(3 * (1 + 100 + 64))
    for (const k of ['a', 'b', 'c']) small.set(k, { bytes: Buffer.alloc(100) })
    expect(small.get('a')).toBeDefined()
    small.set('d', { bytes: Buffer.alloc(100) })
    expect([small.get('a'), small.get('b'), small.get('c'), small.get('d')].map(Boolean)).toEqual([
      true,
      false,
      true,
      true,
    ])
    small.set('huge', { bytes: Buffer.alloc(10_000) })
    expect(small.get('huge')).toBeUndefined()
    expect(small.size).toBe(3)
  })
})

describe.each(dbKinds)('cached catalogue answers on %s', (kind) => {
  let database: FreshDatabase
  let another: Db
  /** Answers from the cache (64 MB). */
  let warm: TestApp
  /** Every answer from the catalogue. */
  let cold: TestApp
  /** A second process on the same database: its own handle, clock and cache. */
  let other: TestApp
  let token: string
  let demoVins: DemoVin[]

  beforeAll(async () => {
    database = await freshDatabase(kind, { onDisk: true })
    demoVins = (await loadTinyCatalogue(database.db)).demoVins
    another = database.openAnother()
    warm = await startTestApp(kind, { db: database.db })
    cold = await startTestApp(kind, { db: database.db, config: { answerCacheBytes: 0 } })
    other = await startTestApp(kind, { db: another })
    token = await warm.login()
  }, 180_000)
  afterAll(async () => {
    for (const t of [warm, cold, other]) await t?.close()
    await another?.close()
    await database?.drop()
  })

  const answerOf = (a: CallAnswer) => ({ ResultCode: a.ResultCode, ResultMsg: a.ResultMsg, data: a.data })
  const ask = async (t: TestApp, path: string, payload: object) =>
    answerOf(await t.call(path, payload, { token }))

  async function partNumbers(count: number): Promise<string[]> {
    const { rows } = await sql<{ norm_number: string }>`
      select norm_number from cat_parts order by id limit ${count}`.execute(database.db.kysely)
    return rows.map((r) => r.norm_number)
  }

  it('never answers one input with the answer of another, call by call', async () => {
    const [p1, p2] = (await partNumbers(2)) as [string, string]
    const model = 'FV-BORA-2021-1'
    const vins = demoVins.map((d) => d.vin)
    // Pairs that keys joined with | , or a line break mixed up, and plain neighbours for the other calls.
    const cases: [string, object, object][] = [
      ['/api/epc/partsquery', { Codes: [p1, p2] }, { Codes: [`${p1}\n${p2}`] }],
      [
        '/api/epc/accident',
        { ModelId: model, Zones: ['front', 'rear'] },
        { ModelId: model, Zones: ['front,rear'] },
      ],
      [
        '/api/epc/namesearch',
        { ModelId: model, Keyword: '机|油' },
        { ModelId: `${model}|机`, Keyword: '油' },
      ],
      [
        '/api/epc/thumbnails',
        { ModelId: model, imageids: ['V601', 'V602'] },
        { ModelId: model, imageids: ['V601,V602'] },
      ],
      ['/api/epc/illustration', { ModelId: model, imageid: 'V601' }, { ModelId: model, imageid: 'V602' }],
      ['/api/epc/partdetail', { part_number: p1 }, { part_number: p2 }],
      ['/api/epc/maintenance', { ModelId: model, Mileage: 5000 }, { ModelId: model, Mileage: 40000 }],
      ['/api/epc/glossary', { Keyword: '机油' }, { Keyword: '机' }],
      ['/api/epc/grouptree', { ModelId: model }, { ModelId: 'FV-MAGOTAN-2020-1' }],
      ['/api/epc/vinquery', { VIN: vins[0] }, { VIN: vins[1] }],
      ['/api/epc/carseries', { brand_number: 'FV' }, { brand_number: 'GT' }],
      ['/api/epc/carmodels', { series_number: 'FV-BORA' }, { series_number: 'FV-MAGOTAN' }],
    ]
    const answered: [string, object, ReturnType<typeof answerOf>][] = []
    for (const [path, first, second] of cases) {
      const firstAnswer = await ask(warm, path, first)
      expect(firstAnswer.ResultCode, `${path} ${JSON.stringify(first)}`).toBe('10000')
      const truth = await ask(cold, path, second)
      expect(truth, `${path}: the two inputs should answer differently`).not.toEqual(firstAnswer)
      expect(await ask(warm, path, second), `${path} ${JSON.stringify(second)}`).toEqual(truth)
      answered.push([path, first, firstAnswer], [path, second, truth])
    }
    // Both inputs of every pair again, now both kept: each its own answer, from the cache, without a statement
    // but the VIN history's, which records every VIN query (on SQLite one transaction of one-row inserts). A
    // refusal is not kept: it is worked out again.
    const historyWrite = (text: string) =>
      text.includes('vin_queries') || text === 'BEGIN' || text === 'COMMIT'
    for (const [path, input, answer] of answered) {
      const again = `${path} ${JSON.stringify(input)} again`
      const { texts, value } = await statementsOf(database.db, () => ask(warm, path, input))
      expect(value, again).toEqual(answer)
      if (answer.ResultCode === '10000')
        expect(
          texts.filter((text) => !historyWrite(text)),
          again,
        ).toEqual([])
    }
  })

  it('answers a repeated look-up from the cache, even after the catalogue was edited behind its back', async () => {
    const payload = { ModelId: 'FV-BORA-2021-1', imageid: 'V602' }
    const first = await ask(warm, '/api/epc/illustration', payload)
    const { sub_number } = first.data as { sub_number: string }
    await database.db.kysely
      .updateTable('cat_sub_groups')
      .set({ name_cn: '改过的名称' })
      .where('sub_number', '=', sub_number)
      .execute()
    expect(await ask(warm, '/api/epc/illustration', payload)).toEqual(first)
    const fresh = (await ask(cold, '/api/epc/illustration', payload)).data as { sub_name: string }
    expect(fresh.sub_name).toBe('改过的名称')
  })

  it('answers a repeated VIN from the cache and records it in the history each time, with its model', async () => {
    const demo = demoVins.find((d) => d.ModelId === 'FV-MAGOTAN-2020-1') as DemoVin
    const first = await ask(warm, '/api/epc/vinquery', { VIN: demo.vin })
    expect((first.data as { status: string }).status).toBe('one')
    await sql`delete from cat_vin_patterns where wmi = ${demo.vin.slice(0, 3)}`.execute(database.db.kysely)
    expect(await ask(warm, '/api/epc/vinquery', { VIN: demo.vin })).toEqual(first)
    expect(
      ((await ask(cold, '/api/epc/vinquery', { VIN: demo.vin })).data as { status: string }).status,
    ).toBe('none')
    await ask(warm, '/api/epc/vinhistory', {})
    await ask(cold, '/api/epc/vinhistory', {})
    const history = await database.db.kysely
      .selectFrom('vin_queries as q')
      .leftJoin('cat_models as m', 'm.id', 'q.model_id')
      .select(['q.vin', 'm.model_code'])
      .where('q.vin', '=', demo.vin)
      .orderBy('q.id')
      .execute()
    expect(history.map((h) => h.model_code)).toEqual(['FV-MAGOTAN-2020-1', 'FV-MAGOTAN-2020-1', null])
  })

  it('answers anew after an import: at once in the importing process, within the recheck time in another', async () => {
    const [number] = await partNumbers(1)
    const payload = { Codes: [number] }
    const nameOf = (a: { data?: unknown }) => (a.data as { part_name_cn: string }[])[0]?.part_name_cn
    const before = await ask(warm, '/api/epc/partsquery', payload)
    expect(await ask(other, '/api/epc/partsquery', payload)).toEqual(before)

    const part = await database.db.kysely
      .selectFrom('cat_parts as p')
      .leftJoin('cat_generic_names as g', 'g.id', 'p.generic_name_id')
      .select(['p.disp_number', 'g.name_cn as generic_name', 'p.remark'])
      .where('p.norm_number', '=', number as string)
      .executeTakeFirstOrThrow()
    const parts = {
      columns: ['part_number', 'name', 'generic_name', 'remark'],
      rows: () => [
        {
          part_number: part.disp_number,
          name: '新导入的名称',
          generic_name: part.generic_name ?? '',
          remark: part.remark,
        },
      ],
    }
    const report = await runImport(database.db, recordSource({ parts }))
    expect(report.ok).toBe(true)

    expect(nameOf(await ask(warm, '/api/epc/partsquery', payload))).toBe('新导入的名称')
    expect(await ask(other, '/api/epc/partsquery', payload)).toEqual(before)
    other.clock.advance(VERSION_RECHECK_MS)
    expect(nameOf(await ask(other, '/api/epc/partsquery', payload))).toBe('新导入的名称')
  })
})
