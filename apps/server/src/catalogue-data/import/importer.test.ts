// The CSV importer on real databases: a good folder imports, a re-import updates, broken rows are reported
// by file, line and field and nothing is kept, --skip-bad keeps the good rows.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dbKinds, freshDatabase, ManualClock } from '../../../test/helper'
import { statementsOf } from '../../../test/statements'
import { decodeData, spliceDeflated } from '../../call/envelope-codec'
import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import { modelIllustration } from '../../modules/catalogue/catalogue.repository'
import { storedCatalogueVersion } from '../../modules/catalogue/catalogue-version'
import { NamesService } from '../../modules/catalogue/names.service'
import { csvFolder } from './csv-source'
import { drawingPiece } from './drawing-piece'
import { type CatalogueSource, formatProblem, runImport, type SourceRow } from './importer'

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600"><g class="callout" data-callout="1"><circle r="11"/></g></svg>'

const GOOD: Record<string, string> = {
  brand_groups: 'code,name\nvw,大众\n',
  manufacturers: 'code,name,country\nfaw-vw,一汽-大众,中国\n',
  brands:
    'brand_number,name,name_en,initial,brand_group,imported,sort\nFV,一汽-大众,FAW-Volkswagen,Y,vw,0,1\n',
  series: 'series_number,brand_number,name\nFV-SAGITAR,FV,速腾\n',
  models:
    'model_code,series_number,manufacturer,car_name,year,engine,transmission\nFV-SAG-2019,FV-SAGITAR,faw-vw,"速腾 2019款 280TSI, DSG 舒适型",2019,EA211 1.4T,7速双离合\n',
  vin_patterns: 'wmi,vds_pattern,year_from,year_to,model_code\nLFV,2A21K,2019,2021,FV-SAG-2019\n',
  groups: 'main_number,main_name,sub_number,sub_name\n6,制动系统,601,前制动器\n6,制动系统,602,后制动器\n',
  illustrations:
    'image_code,image_name,sub_number,svg_file,callouts\nV601A,前制动器,601,V601A.svg,1:100:80;2:200:80\n',
  model_illustrations: 'model_code,image_code\nFV-SAG-2019,V601A\n',
  generic_names:
    'name,system,unit,aliases\n前制动片,制动系统,套,刹车皮|前刹车片\n制动盘,制动系统,个,刹车盘\n',
  parts:
    'part_number,name,generic_name,remark\n5Q0 698 151 D,前制动片,前制动片,\n5Q0 698 151 E,前制动片,前制动片,新款\n5Q0 615 301 F,前制动盘,制动盘,\n',
  fitments:
    'model_code,image_code,callout,part_number,quantity,note\nFV-SAG-2019,V601A,1,5Q0 698 151 E,1,\nFV-SAG-2019,V601A,2,5Q0615301F,2,左右通用\n',
  supersessions: 'old_part_number,new_part_number,changed_on\n5Q0 698 151 D,5Q0 698 151 E,2020-05-01\n',
  substitutes: 'part_number,substitute_part_number,note\n5Q0 698 151 E,5Q0 698 151 D,\n',
  prices: 'part_number,type4s,price\n5Q0 698 151 E,1,486.00\n5Q0 615 301 F,1,725.5\n',
  stock:
    'part_number,warehouse,purchase_price,sale_price,quantity,sales_banned\n5Q0 698 151 E,BJ,320.00,450.00,12,0\n5Q0 698 151 E,GZ,320.00,450.00,0,1\n',
  maintenance:
    'model_code,generic_name,quantity,interval_km,interval_months\nFV-SAG-2019,前制动片,1,40000,24\n',
  accident_zones: 'code,name,parent_code,generic_names\nfront,前部,,\nfront.wheel,前轮区,front,制动盘\n',
}

/** GOOD and a 2020 model that still lists the old pads, which the new ones replaced. */
const WITH_OLD_PADS: Record<string, string> = {
  ...GOOD,
  models: `${GOOD.models}FV-SAG-2020,FV-SAGITAR,faw-vw,速腾 2020款,2020,EA211 1.4T,7速双离合\n`,
  model_illustrations: `${GOOD.model_illustrations}FV-SAG-2020,V601A\n`,
  fitments: `${GOOD.fitments}FV-SAG-2020,V601A,1,5Q0 698 151 D,1,\n`,
}

async function folderWith(files: Record<string, string>, svg = SVG): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'epc-import-'))
  await mkdir(join(dir, 'illustrations'))
  await writeFile(join(dir, 'illustrations', 'V601A.svg'), svg)
  for (const [name, body] of Object.entries(files)) await writeFile(join(dir, `${name}.csv`), body)
  return dir
}

async function count(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db.kysely)
  return Number(rows[0]?.n)
}

describe.each(dbKinds)('catalogue import on %s', (kind) => {
  let db: Db
  let drop: () => Promise<void>
  const dirs: string[] = []
  beforeEach(async () => {
    ;({ db, drop } = await freshDatabase(kind))
  })
  afterEach(async () => {
    await drop()
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
  })
  const folder = async (files: Record<string, string>, svg?: string) => {
    const dir = await folderWith(files, svg)
    dirs.push(dir)
    return dir
  }

  it('imports a good folder, with normalised numbers, fen prices and pinyin', async () => {
    const report = await runImport(db, csvFolder(await folder(GOOD)))
    expect(report.errors.map(formatProblem)).toEqual([])
    expect(report.ok).toBe(true)
    expect(report.imported).toMatchObject({ parts: 3, fitments: 2, stock: 2, generic_names: 2 })
    const pad = await db.kysely
      .selectFrom('cat_parts')
      .selectAll()
      .where('norm_number', '=', '5Q0698151E')
      .executeTakeFirstOrThrow()
    expect(pad).toMatchObject({
      disp_number: '5Q0 698 151 E',
      part_name_cn: '前制动片',
      name_initials: 'qzdp',
      remark: '新款',
    })
    expect(pad.name_pinyin).toBe('qianzhidongpian')
    const price = await db.kysely
      .selectFrom('cat_prices')
      .select('price_fen')
      .where('part_id', '=', pad.id)
      .executeTakeFirstOrThrow()
    expect(price.price_fen).toBe(48600)
    const disc = await db.kysely
      .selectFrom('cat_parts')
      .select('id')
      .where('norm_number', '=', '5Q0615301F')
      .executeTakeFirstOrThrow()
    expect(
      (
        await db.kysely
          .selectFrom('cat_prices')
          .select('price_fen')
          .where('part_id', '=', disc.id)
          .executeTakeFirstOrThrow()
      ).price_fen,
    ).toBe(72550)
    const aliases = await db.kysely
      .selectFrom('cat_generic_aliases')
      .select(['alias', 'initials'])
      .orderBy('alias')
      .execute()
    expect(aliases).toContainEqual({ alias: '刹车皮', initials: 'scp' })
    const model = await db.kysely.selectFrom('cat_models').select('car_name').executeTakeFirstOrThrow()
    expect(model.car_name).toBe('速腾 2019款 280TSI, DSG 舒适型')
  })

  it("gives fitments and zones the position their file says, else their name's position words", async () => {
    const positioned = {
      ...GOOD,
      parts: `${GOOD.parts}3C8 837 016 A,右后车门锁,制动盘,\n3C8 857 507 B,左外后视镜总成,制动盘,\n3C8 837 015 A,车门锁 左前,制动盘,\n`,
      fitments:
        'model_code,image_code,callout,part_number,quantity,note,position\n' +
        'FV-SAG-2019,V601A,1,5Q0 698 151 E,1,,\n' +
        'FV-SAG-2019,V601A,2,5Q0615301F,2,左右通用,无\n' +
        'FV-SAG-2019,V601A,3,3C8837016A,1,,\n' +
        'FV-SAG-2019,V601A,4,3C8857507B,1,,\n' +
        'FV-SAG-2019,V601A,5,3C8837015A,1,,\n' +
        'FV-SAG-2019,V601A,6,3C8857507B,1,,右\n',
      accident_zones:
        'code,name,parent_code,generic_names,position\nfront,前部,,,\nfront.wheel,前轮区,front,制动盘,\n' +
        'left.quarter,左侧围/后翼子板,,制动盘,左后\nleft.mirror,左后视镜,,制动盘,\n',
    }
    const report = await runImport(db, csvFolder(await folder(positioned)))
    expect(report.errors.map(formatProblem)).toEqual([])
    const fitments = await db.kysely
      .selectFrom('cat_fitments')
      .select(['callout', 'position'])
      .orderBy('callout')
      .execute()
    expect(fitments.map((f) => `${f.callout}${f.position}`)).toEqual([
      '1前',
      '2',
      '3右后',
      '4左',
      '5左前',
      '6右',
    ])
    const zones = await db.kysely.selectFrom('cat_accident_zones').select(['code', 'position']).execute()
    expect(Object.fromEntries(zones.map((z) => [z.code, z.position]))).toEqual({
      front: '前',
      'front.wheel': '前',
      'left.quarter': '左后',
      'left.mirror': '左',
    })

    // A later file of fitments alone still reads the positions of the parts imported before.
    const later = await runImport(
      db,
      csvFolder(
        await folder({
          fitments:
            'model_code,image_code,callout,part_number,quantity,note\nFV-SAG-2019,V601A,7,3C8837016A,1,\n',
        }),
      ),
    )
    expect(later.ok).toBe(true)
    const seventh = await db.kysely
      .selectFrom('cat_fitments')
      .select('position')
      .where('callout', '=', 7)
      .executeTakeFirst()
    expect(seventh?.position).toBe('右后')

    const bad = await runImport(
      db,
      csvFolder(
        await folder({
          fitments:
            'model_code,image_code,callout,part_number,quantity,note,position\nFV-SAG-2019,V601A,8,3C8837016A,1,,上\n',
        }),
      ),
    )
    expect(bad.errors.map(formatProblem)).toEqual([
      'fitments.csv 第2行 字段 position：应为 左、右、前、后 或其组合（如 左前），没有位置写「无」',
    ])
  })

  it('updates instead of duplicating when the same folder is imported again', async () => {
    await runImport(db, csvFolder(await folder(GOOD)))
    const changed = { ...GOOD, prices: 'part_number,type4s,price\n5Q0 698 151 E,1,499.90\n' }
    const report = await runImport(db, csvFolder(await folder(changed)))
    expect(report.ok).toBe(true)
    for (const [table, n] of [
      ['cat_parts', 3],
      ['cat_fitments', 2],
      ['cat_prices', 2],
      ['cat_models', 1],
      ['cat_generic_aliases', 3],
      ['cat_zone_names', 1],
    ] as const) {
      expect(await count(db, table), table).toBe(n)
    }
    const { rows } = await sql<{
      price_fen: number
    }>`select price_fen from cat_prices p join cat_parts c on c.id = p.part_id where c.norm_number = '5Q0698151E'`.execute(
      db.kysely,
    )
    expect(Number(rows[0]?.price_fen)).toBe(49990)
  })

  it("keeps each part's stock total, sales ban, substitute count and newer number, also after a stock-only import", async () => {
    await runImport(db, csvFolder(await folder(GOOD)))
    const markers = async () =>
      (
        await sql<{
          disp_number: string
          stock_total: number
          sales_banned: number
          substitute_count: number
          replaced_by: string | null
        }>`select disp_number, stock_total, sales_banned, substitute_count, replaced_by from cat_parts order by disp_number`.execute(
          db.kysely,
        )
      ).rows.map((r) => ({ ...r, stock_total: Number(r.stock_total), sales_banned: Number(r.sales_banned) }))
    expect(await markers()).toEqual([
      {
        disp_number: '5Q0 615 301 F',
        stock_total: 0,
        sales_banned: 0,
        substitute_count: 0,
        replaced_by: null,
      },
      {
        disp_number: '5Q0 698 151 D',
        stock_total: 0,
        sales_banned: 0,
        substitute_count: 0,
        replaced_by: '5Q0 698 151 E',
      },
      {
        disp_number: '5Q0 698 151 E',
        stock_total: 12,
        sales_banned: 1,
        substitute_count: 1,
        replaced_by: null,
      },
    ])
    const restocked = {
      stock:
        'part_number,warehouse,purchase_price,sale_price,quantity,sales_banned\n5Q0 698 151 E,GZ,320.00,450.00,3,0\n5Q0 615 301 F,BJ,500.00,700.00,4,0\n',
    }
    expect((await runImport(db, csvFolder(await folder(restocked)))).ok).toBe(true)
    const after = await markers()
    expect(after.find((m) => m.disp_number === '5Q0 698 151 E')).toMatchObject({
      stock_total: 15,
      sales_banned: 0,
    })
    expect(after.find((m) => m.disp_number === '5Q0 615 301 F')).toMatchObject({ stock_total: 4 })
  })

  it("keeps each model's parts on an illustration as the illustration answers them, after imports of stock, prices or fitments alone", async () => {
    const models = [2019, 2020, 2021].map(
      (year) => `FV-SAG-${year},FV-SAGITAR,faw-vw,速腾 ${year}款,${year},EA211 1.4T,7速双离合`,
    )
    await runImport(
      db,
      csvFolder(
        await folder({
          ...GOOD,
          models: `model_code,series_number,manufacturer,car_name,year,engine,transmission\n${models.join('\n')}\n`,
          model_illustrations:
            'model_code,image_code\nFV-SAG-2019,V601A\nFV-SAG-2020,V601A\nFV-SAG-2021,V601A\n',
          // 2021 has the parts of 2019; 2020 only the pads, and as two.
          fitments: `${GOOD.fitments}FV-SAG-2021,V601A,1,5Q0 698 151 E,1,\nFV-SAG-2021,V601A,2,5Q0615301F,2,左右通用\nFV-SAG-2020,V601A,1,5Q0 698 151 E,2,\n`,
        }),
      ),
    )
    const parts = async (model: string, type4s = 1) => {
      const [row] = await modelIllustration(db.kysely, model, 'V601A', type4s)
      const piece = row?.parts_piece
      return (piece ? decodeData(spliceDeflated([{ piece }])) : []) as {
        part_number: string
        quantity: number
        price: number | null
        stock_total: number
      }[]
    }
    const brief = async (model: string, type4s?: number) =>
      (await parts(model, type4s)).map((p) => [p.part_number, p.quantity, p.price, p.stock_total])
    expect(await brief('FV-SAG-2019')).toEqual([
      ['5Q0698151E', 1, 486, 12],
      ['5Q0615301F', 2, 725.5, 0],
    ])
    expect(await brief('FV-SAG-2021')).toEqual(await brief('FV-SAG-2019'))
    expect(await brief('FV-SAG-2020')).toEqual([['5Q0698151E', 2, 486, 12]])

    const stock =
      'part_number,warehouse,purchase_price,sale_price,quantity,sales_banned\n5Q0 698 151 E,BJ,320.00,450.00,7,0\n'
    expect((await runImport(db, csvFolder(await folder({ stock })))).ok).toBe(true)
    expect((await brief('FV-SAG-2021')).map((p) => p[3])).toEqual([7, 0])
    expect((await brief('FV-SAG-2020')).map((p) => p[3])).toEqual([7])

    // A dealer's price list (type4s 2) for one part: the other keeps the standard price; a list without
    // prices of its own answers the standard one.
    const prices = 'part_number,type4s,price\n5Q0 698 151 E,2,399.90\n'
    expect((await runImport(db, csvFolder(await folder({ prices })))).ok).toBe(true)
    expect((await brief('FV-SAG-2019', 2)).map((p) => p[2])).toEqual([399.9, 725.5])
    expect((await brief('FV-SAG-2019', 3)).map((p) => p[2])).toEqual([486, 725.5])
    expect((await brief('FV-SAG-2020', 2)).map((p) => p[2])).toEqual([399.9])

    const fitments =
      'model_code,image_code,callout,part_number,quantity,note\nFV-SAG-2020,V601A,2,5Q0615301F,1,\n'
    expect((await runImport(db, csvFolder(await folder({ fitments })))).ok).toBe(true)
    expect(await brief('FV-SAG-2020')).toEqual([
      ['5Q0698151E', 2, 486, 7],
      ['5Q0615301F', 1, 725.5, 0],
    ])
    expect(await brief('FV-SAG-2019')).toEqual([
      ['5Q0698151E', 1, 486, 7],
      ['5Q0615301F', 2, 725.5, 0],
    ])
  })

  it('after a parts-only import lists the new name and number, also as the newer number of the part it replaced', async () => {
    await runImport(db, csvFolder(await folder(WITH_OLD_PADS)))
    const listed = async (model: string) => {
      const [row] = await modelIllustration(db.kysely, model, 'V601A', 1)
      return (
        decodeData(spliceDeflated([{ piece: row?.parts_piece as Buffer }])) as {
          disp_number: string
          part_name_cn: string
          replaced_by: string | null
        }[]
      ).map((p) => [p.disp_number, p.part_name_cn, p.replaced_by])
    }
    expect(await listed('FV-SAG-2020')).toEqual([['5Q0 698 151 D', '前制动片', '5Q0 698 151 E']])

    const parts = 'part_number,name,generic_name,remark\n5Q0-698-151-E,前制动片（陶瓷）,前制动片,\n'
    expect((await runImport(db, csvFolder(await folder({ parts })))).ok).toBe(true)
    expect(await listed('FV-SAG-2019')).toEqual([
      ['5Q0-698-151-E', '前制动片（陶瓷）', null],
      ['5Q0 615 301 F', '前制动盘', null],
    ])
    expect(await listed('FV-SAG-2020')).toEqual([['5Q0 698 151 D', '前制动片', '5Q0-698-151-E']])
  })

  it('renders again only the lists that hold the parts of a stock file', async () => {
    await runImport(db, csvFolder(await folder(WITH_OLD_PADS)))
    const pieces = async () =>
      new Map(
        (
          await sql<{ model_code: string; piece: Buffer }>`select m.model_code, pl.piece
            from cat_models m
            join cat_model_illustrations mi on mi.model_id = m.id
            join cat_part_lists pl on pl.list = mi.part_list and pl.type4s = 1`.execute(db.kysely)
        ).rows.map((r) => [r.model_code, Buffer.from(r.piece).toString('hex')]),
      )
    // 2020's list holds only the old pads; 2019's the new pads and the disc. Its stored answer is marked, so
    // a refresh that rendered it again would show.
    await sql`update cat_part_lists set piece = ${Buffer.from('marked')}
      where list = (select mi.part_list from cat_model_illustrations mi
        join cat_models m on m.id = mi.model_id where m.model_code = 'FV-SAG-2020')`.execute(db.kysely)
    const before = await pieces()
    const stock =
      'part_number,warehouse,purchase_price,sale_price,quantity,sales_banned\n5Q0 615 301 F,BJ,500.00,700.00,4,0\n'
    expect((await runImport(db, csvFolder(await folder({ stock })))).ok).toBe(true)
    const after = await pieces()
    expect(after.get('FV-SAG-2020')).toBe(Buffer.from('marked').toString('hex'))
    expect(after.get('FV-SAG-2019')).not.toBe(before.get('FV-SAG-2019'))
  })

  it("keeps the name search's index: where a model has parts of each name, and the part names, also for a part without a generic name", async () => {
    await runImport(db, csvFolder(await folder(GOOD)))
    const index = async () => ({
      callouts: (
        await sql<{ name: string | null; callout: number }>`select g.name_cn as name, n.callout
          from cat_name_callouts n left join cat_generic_names g on g.id = n.generic_name_id
          order by n.callout`.execute(db.kysely)
      ).rows.map((r) => [r.name, Number(r.callout)]),
      names: (
        await sql<{ name_cn: string; pinyin: string; generic: number }>`select name_cn, pinyin,
          generic_name_id as generic from cat_part_names order by pinyin`.execute(db.kysely)
      ).rows.map((r) => [r.name_cn, r.pinyin, Number(r.generic) > 0]),
    })
    expect(await index()).toEqual({
      callouts: [
        ['前制动片', 1],
        ['制动盘', 2],
      ],
      names: [
        ['前制动盘', 'qianzhidongpan', true],
        ['前制动片', 'qianzhidongpian', true],
      ],
    })
    // The disc loses its generic name: it is still found, by its own name.
    const parts = { parts: 'part_number,name,generic_name,remark\n5Q0 615 301 F,制动盘 通风,,\n' }
    expect((await runImport(db, csvFolder(await folder(parts)))).ok).toBe(true)
    expect(await index()).toEqual({
      callouts: [
        ['前制动片', 1],
        [null, 2],
      ],
      names: [
        ['前制动片', 'qianzhidongpian', true],
        ['制动盘 通风', 'zhidongpantongfeng', false],
      ],
    })
    const names = new NamesService({ db, clock: new ManualClock() } as unknown as AppContext)
    const { hits } = await names.nameSearch('FV-SAG-2019', '通风 制动盘')
    expect(hits.map((h) => [h.part_name_cn, h.matched_by])).toEqual([['制动盘 通风', 'name']])
    expect((await names.nameSearch('FV-SAG-2019', 'zhidongpan')).hits.map((h) => h.callout)).toEqual([2])
  })

  it('lets the name search find a model a later import adds, in the process that imported it', async () => {
    expect((await runImport(db, csvFolder(await folder(GOOD)))).ok).toBe(true)
    const names = new NamesService({ db, clock: new ManualClock() } as unknown as AppContext)
    expect((await names.nameSearch('FV-SAG-2019', '前制动片')).hits).toHaveLength(1)
    await expect(names.nameSearch('FV-SAG-2020', '前制动片')).rejects.toMatchObject({ code: '10004' })
    expect((await runImport(db, csvFolder(await folder(WITH_OLD_PADS)))).ok).toBe(true)
    const { hits } = await names.nameSearch('FV-SAG-2020', '前制动片')
    expect(hits.map((h) => h.disp_number)).toEqual(['5Q0 698 151 D'])
  })

  it('keeps part numbers unique: twice in one file is one part, the later row wins, also after a refused import', async () => {
    const badStock =
      'part_number,warehouse,purchase_price,sale_price,quantity,sales_banned\n5Q0 698 151 E,SH,1,1,1,0\n'
    expect((await runImport(db, csvFolder(await folder({ ...GOOD, stock: badStock })))).ok).toBe(false)
    const twice = { ...GOOD, parts: `${GOOD.parts}5Q0-698-151-E,前制动片（改款）,前制动片,改款\n` }
    const report = await runImport(db, csvFolder(await folder(twice)))
    expect(report.errors.map(formatProblem)).toEqual([])
    expect(await count(db, 'cat_parts')).toBe(3)
    const pad = await db.kysely
      .selectFrom('cat_parts')
      .select(['disp_number', 'part_name_cn', 'remark'])
      .where('norm_number', '=', '5Q0698151E')
      .execute()
    expect(pad).toEqual([{ disp_number: '5Q0-698-151-E', part_name_cn: '前制动片（改款）', remark: '改款' }])
    const duplicate = sql`insert into cat_parts (disp_number, norm_number, part_name_cn)
      values ('5Q0.698.151.E', '5Q0698151E', '重复')`
    await expect(duplicate.execute(db.kysely)).rejects.toThrow(/unique/i)
  })

  it('leaves the planner statistics fresh, without the value samples that recompile statements', async () => {
    await runImport(db, csvFolder(await folder(GOOD)))
    if (kind !== 'sqlite') return
    expect(await count(db, 'sqlite_stat1')).toBeGreaterThan(0)
    expect(await count(db, 'sqlite_stat4')).toBe(0)
  })

  it('gives the catalogue a new version with every kept import and none with a refused one', async () => {
    expect(await storedCatalogueVersion(db)).toBe('')
    await runImport(db, csvFolder(await folder(GOOD)), { label: 'first' })
    const first = await storedCatalogueVersion(db)
    expect(first).toMatch(/^first-/)
    await runImport(db, csvFolder(await folder(GOOD)), { label: 'first' })
    const second = await storedCatalogueVersion(db)
    expect(second).toMatch(/^first-/)
    expect(second).not.toBe(first)
    const refused = await runImport(
      db,
      csvFolder(await folder({ ...GOOD, prices: 'part_number,type4s,price\nX,1,-1\n' })),
    )
    expect(refused.ok).toBe(false)
    expect(await storedCatalogueVersion(db)).toBe(second)
  })

  it('keeps text as written, tabs, line breaks, backslashes, quotes, \\N and Chinese included, and empty as none', async () => {
    const tricky = 'A\tB 左\\右 "引号" \\N \\. 反斜杠\\\n第二行 \\t'
    const svg = SVG.replace('</svg>', '<text>\\N\t"a\\b"\r\n刹车</text></svg>')
    const files = {
      ...GOOD,
      parts: `part_number,name,generic_name,remark\n5Q0 698 151 E,前制动片,,"${tricky.replaceAll('"', '""')}"\n5Q0 698 151 D,前制动片,前制动片,\n5Q0 615 301 F,前制动盘,制动盘,\n`,
      fitments: `model_code,image_code,callout,part_number,quantity,note\nFV-SAG-2019,V601A,1,5Q0 698 151 E,1,"${tricky.replaceAll('"', '""')}"\n`,
    }
    const report = await runImport(db, csvFolder(await folder(files, svg)))
    expect(report.errors.map(formatProblem)).toEqual([])
    const pad = await db.kysely
      .selectFrom('cat_parts')
      .select(['remark', 'generic_name_id'])
      .where('norm_number', '=', '5Q0698151E')
      .executeTakeFirstOrThrow()
    expect(pad).toEqual({ remark: tricky, generic_name_id: null })
    const fitment = await db.kysely.selectFrom('cat_fitments').select('note').executeTakeFirstOrThrow()
    expect(fitment.note).toBe(tricky)
    const drawing = await db.kysely
      .selectFrom('cat_illustrations')
      .select(['svg', 'width', 'height', 'callouts', 'drawing_piece'])
      .executeTakeFirstOrThrow()
    expect(drawing.svg).toBe(svg)
    // The drawing's deflated bytes go through COPY as they are.
    expect(Buffer.from(drawing.drawing_piece as Uint8Array)).toEqual(drawingPiece(drawing))
  })

  it('imports files larger than one piece sent to the database, every row once and in its place', async () => {
    const n = 30_000
    const numbers = Array.from({ length: n }, (_, i) => `ZZ${String(i).padStart(6, '0')}`)
    const big = {
      ...GOOD,
      parts: `${GOOD.parts}${numbers.map((p, i) => `${p},前制动片 第${i}号,前制动片,备注${i}\n`).join('')}`,
      fitments: `${GOOD.fitments}${numbers.map((p, i) => `FV-SAG-2019,V601A,${(i % 999) + 1},${p},${(i % 9) + 1},\n`).join('')}`,
    }
    // A drawing larger than the room a piece keeps past its end.
    const svg = SVG.replace('</svg>', `<text>${'刹'.repeat(30_000)}</text></svg>`)
    const source = csvFolder(await folder(big, svg))
    const { value: report, texts } = await statementsOf(db, () => runImport(db, source))
    expect(report.errors.map(formatProblem)).toEqual([])
    // On PostgreSQL the parts went in by more than one COPY, so the rows did cross a piece's end (SQLite
    // takes them a row at a time).
    if (kind === 'postgres') {
      expect(texts.filter((text) => text.startsWith('COPY cat_parts ')).length).toBeGreaterThan(1)
    }
    expect(await count(db, 'cat_parts')).toBe(n + 3)
    expect(await count(db, 'cat_fitments')).toBe(n + 2)
    const { rows } = await sql<{ number: string; name: string; remark: string; quantity: number }>`
      select p.norm_number as number, p.part_name_cn as name, p.remark, f.quantity from cat_fitments f
      join cat_parts p on p.id = f.part_id where p.norm_number like 'ZZ%'`.execute(db.kysely)
    expect(rows.length).toBe(n)
    for (const r of rows) {
      const i = Number(r.number.slice(2))
      expect([r.name, r.remark, Number(r.quantity)]).toEqual([`前制动片 第${i}号`, `备注${i}`, (i % 9) + 1])
    }
    const drawing = await db.kysely.selectFrom('cat_illustrations').select('svg').executeTakeFirstOrThrow()
    expect(drawing.svg).toBe(svg)
  })

  it("links every fitment and price to its own part's id, also for parts added by a later import", async () => {
    const linked = async () =>
      (
        await sql<{ number: string; callout: number; price: number | null }>`select p.norm_number as number,
          f.callout, pr.price_fen as price from cat_fitments f join cat_parts p on p.id = f.part_id
          left join cat_prices pr on pr.part_id = p.id order by f.callout`.execute(db.kysely)
      ).rows.map((r) => [r.number, Number(r.callout), r.price === null ? null : Number(r.price)])
    await runImport(db, csvFolder(await folder(GOOD)))
    expect(await linked()).toEqual([
      ['5Q0698151E', 1, 48600],
      ['5Q0615301F', 2, 72550],
    ])
    const more = {
      parts:
        'part_number,name,generic_name,remark\n1K0 615 301 AA,前制动盘,制动盘,\n5Q0 615 301 F,前制动盘 通风,制动盘,\n',
      fitments:
        'model_code,image_code,callout,part_number,quantity,note\nFV-SAG-2019,V601A,3,1K0615301AA,2,\n',
      prices: 'part_number,type4s,price\n1K0 615 301 AA,1,300\n',
    }
    const report = await runImport(db, csvFolder(await folder(more)))
    expect(report.errors.map(formatProblem)).toEqual([])
    expect(await count(db, 'cat_parts')).toBe(4)
    expect(await linked()).toEqual([
      ['5Q0698151E', 1, 48600],
      ['5Q0615301F', 2, 72550],
      ['1K0615301AA', 3, 30000],
    ])
    const ids = await db.kysely.selectFrom('cat_parts').select('id').execute()
    expect(new Set(ids.map((r) => Number(r.id))).size).toBe(4)
  })

  it('keeps the last of rows that repeat a key in one file, as a later import would', async () => {
    const twice = {
      ...GOOD,
      fitments:
        'model_code,image_code,callout,part_number,quantity,note\nFV-SAG-2019,V601A,1,5Q0 698 151 E,1,先\n' +
        'FV-SAG-2019,V601A,2,5Q0615301F,2,\nFV-SAG-2019,V601A,1,5Q0-698-151-E,4,后\n',
      prices: 'part_number,type4s,price\n5Q0 698 151 E,1,486.00\n5Q0 698 151 E,1,499.00\n',
    }
    const report = await runImport(db, csvFolder(await folder(twice)))
    expect(report.errors.map(formatProblem)).toEqual([])
    const fitments = await db.kysely
      .selectFrom('cat_fitments')
      .select(['callout', 'quantity', 'note'])
      .orderBy('callout')
      .execute()
    expect(fitments).toEqual([
      { callout: 1, quantity: 4, note: '后' },
      { callout: 2, quantity: 2, note: '' },
    ])
    const prices = await db.kysely.selectFrom('cat_prices').select('price_fen').execute()
    expect(prices.map((p) => Number(p.price_fen))).toEqual([49900])
    const duplicate = sql`insert into cat_fitments (model_id, illustration_id, callout, part_id, quantity)
      select model_id, illustration_id, callout, part_id, 9 from cat_fitments where callout = 1`
    await expect(duplicate.execute(db.kysely)).rejects.toThrow(/unique|constraint/i)
  })

  it('keeps nothing of an import that fails half-way, and what was there before stays as it was', async () => {
    const failing = (folderPath: string): CatalogueSource => {
      const source = csvFolder(folderPath)
      return {
        ...source,
        rows(table) {
          const rows = source.rows(table)
          if (table !== 'prices' || !rows) return rows
          return (async function* () {
            for await (const row of rows as AsyncIterable<SourceRow>) {
              yield row
              throw new Error('读取中断')
            }
          })()
        },
      }
    }
    await expect(runImport(db, failing(await folder(GOOD)))).rejects.toThrow('读取中断')
    for (const table of ['cat_parts', 'cat_fitments', 'cat_models', 'cat_prices'])
      expect(await count(db, table), table).toBe(0)
    expect(await storedCatalogueVersion(db)).toBe('')

    // The tables kept their keys through the rollback: a good import afterwards is whole and unique.
    expect((await runImport(db, csvFolder(await folder(GOOD)))).ok).toBe(true)
    const version = await storedCatalogueVersion(db)
    const changed = { ...GOOD, parts: String(GOOD.parts).replace('前制动盘', '前制动盘（新）') }
    await expect(runImport(db, failing(await folder(changed)))).rejects.toThrow('读取中断')
    expect(await storedCatalogueVersion(db)).toBe(version)
    const disc = await db.kysely
      .selectFrom('cat_parts')
      .select('part_name_cn')
      .where('norm_number', '=', '5Q0615301F')
      .execute()
    expect(disc).toEqual([{ part_name_cn: '前制动盘' }])
    for (const [table, n] of [
      ['cat_parts', 3],
      ['cat_fitments', 2],
      ['cat_prices', 2],
    ] as const)
      expect(await count(db, table), table).toBe(n)
    const duplicate = sql`insert into cat_parts (disp_number, norm_number, part_name_cn)
      values ('5Q0.615.301.F', '5Q0615301F', '重复')`
    await expect(duplicate.execute(db.kysely)).rejects.toThrow(/unique/i)
  })

  it('rolls back everything when the database refuses a value (PostgreSQL text holds no NUL)', async () => {
    if (kind !== 'postgres') return
    const nul = SVG.replace('</svg>', '<text>\u0000</text></svg>')
    await expect(runImport(db, csvFolder(await folder(GOOD, nul)))).rejects.toThrow()
    for (const table of ['cat_brands', 'cat_models', 'cat_illustrations', 'cat_parts'])
      expect(await count(db, table), table).toBe(0)
    expect((await runImport(db, csvFolder(await folder(GOOD)))).ok).toBe(true)
  })

  it('gives the tables it loaded all their indexes and keys back', async () => {
    if (kind !== 'postgres') return
    const indexes = async () =>
      (
        await sql<{ def: string }>`select indexdef as def from pg_indexes
          where schemaname = 'public' and tablename like 'cat\_%' order by indexname`.execute(db.kysely)
      ).rows.map((r) => r.def)
    const before = await indexes()
    expect(before.length).toBeGreaterThan(20)
    expect((await runImport(db, csvFolder(await folder(GOOD)))).ok).toBe(true)
    expect(await indexes()).toEqual(before)
  })

  it('reports every bad row by file, line and field and keeps nothing', async () => {
    const broken = {
      ...GOOD,
      parts:
        'part_number,name,generic_name,remark\n5Q0 698 151 E,前制动片,前制动片,\n??,坏编码,,\n5Q0 615 301 F,,制动盘,\n',
      fitments:
        'model_code,image_code,callout,part_number,quantity,note\nFV-SAG-2019,V601A,1,NOPE-0001,1,\nFV-SAG-2019,V601A,0,5Q0 698 151 E,1,\n',
      prices: 'part_number,type4s,price\n5Q0 698 151 E,1,48.605\n',
      stock:
        'part_number,warehouse,purchase_price,sale_price,quantity,sales_banned\n5Q0 698 151 E,SH,1,1,1,0\n',
    }
    const report = await runImport(db, csvFolder(await folder(broken)))
    expect(report.ok).toBe(false)
    expect(report.errors.map(formatProblem)).toEqual([
      'parts.csv 第3行 字段 part_number：「??」不是有效的配件编码',
      'parts.csv 第4行 字段 name：不能为空',
      'fitments.csv 第2行 字段 part_number：配件编码「NOPE0001」不存在',
      'fitments.csv 第3行 字段 callout：应在 1 到 999 之间，实为 0',
      // This folder's parts.csv no longer has the old number, so what refers to it is reported too.
      'supersessions.csv 第2行 字段 old_part_number：配件编码「5Q0698151D」不存在',
      'substitutes.csv 第2行 字段 substitute_part_number：配件编码「5Q0698151D」不存在',
      'prices.csv 第2行 字段 price：应为不小于0、最多两位小数的金额，实为「48.605」',
      'stock.csv 第2行 字段 warehouse：应为 CC、BJ、GZ、XA、JN、WH、XJ、CD、DL、HD 之一',
    ])
    for (const table of ['cat_parts', 'cat_brands', 'cat_fitments', 'cat_illustrations'])
      expect(await count(db, table)).toBe(0)
  })

  it('finds the parts a prices, stock or supersessions file names in any spelling, and reports one the catalogue lacks', async () => {
    await runImport(db, csvFolder(await folder(GOOD)))
    const prices = 'part_number,type4s,price\n5q0-698-151.e,2,399.00\n5Q0 000 000 X,2,1.00\n'
    const refused = await runImport(db, csvFolder(await folder({ prices })))
    expect(refused.errors.map(formatProblem)).toEqual([
      'prices.csv 第3行 字段 part_number：配件编码「5Q0000000X」不存在',
    ])
    expect(await count(db, 'cat_prices')).toBe(2)

    const kept = await runImport(
      db,
      csvFolder(
        await folder({
          prices: 'part_number,type4s,price\n5q0-698-151.e,2,399.00\n',
          stock:
            'part_number,warehouse,purchase_price,sale_price,quantity,sales_banned\n5Q0_615_301_F,BJ,1,2,3,0\n',
          supersessions: 'old_part_number,new_part_number,changed_on\n5Q0 615 301 F,5Q0/698/151/E,\n',
        }),
      ),
    )
    expect(kept.errors).toEqual([])
    const { rows } = await sql<{ n: string; price: number; stock: number; replaced_by: string | null }>`
      select p.norm_number as n, (select price_fen from cat_prices c where c.part_id = p.id and c.type4s = 2) as price,
        p.stock_total as stock, p.replaced_by from cat_parts p order by p.norm_number`.execute(db.kysely)
    expect(
      rows.map((r) => [r.n, r.price === null ? null : Number(r.price), Number(r.stock), r.replaced_by]),
    ).toEqual([
      ['5Q0615301F', null, 3, '5Q0 698 151 E'],
      ['5Q0698151D', null, 0, '5Q0 698 151 E'],
      ['5Q0698151E', 39900, 12, null],
    ])
  })

  it('skips bad rows with skipBad, reporting them, and keeps the good ones', async () => {
    const broken = { ...GOOD, parts: `${GOOD.parts}??,坏编码,,\n` }
    const report = await runImport(db, csvFolder(await folder(broken)), { skipBad: true })
    expect(report.ok).toBe(true)
    expect(report.skipped.map(formatProblem)).toEqual([
      'parts.csv 第5行 字段 part_number：「??」不是有效的配件编码',
    ])
    expect(await count(db, 'cat_parts')).toBe(3)
  })

  it('refuses a file without a needed column, a drawing with a script, and a path out of the folder', async () => {
    const noColumn = { ...GOOD, series: 'series_number,name\nFV-SAGITAR,速腾\n' }
    const a = await runImport(db, csvFolder(await folder(noColumn)))
    expect(a.errors.map(formatProblem)[0]).toBe('series.csv 第1行 字段 brand_number：表头缺少这些列')

    const script = await runImport(
      db,
      csvFolder(await folder(GOOD, SVG.replace('</svg>', '<script>alert(1)</script></svg>'))),
    )
    expect(script.errors.map(formatProblem)).toContain(
      'illustrations.csv 第2行 字段 svg：图中含有脚本，已拒绝',
    )

    const climbing = {
      ...GOOD,
      illustrations:
        'image_code,image_name,sub_number,svg_file,callouts\nV601A,前制动器,601,../../etc/passwd,1:1:1\n',
    }
    const c = await runImport(db, csvFolder(await folder(climbing)))
    expect(c.errors.map(formatProblem)[0]).toBe('illustrations.csv 第2行 字段 svg_file：文件名不能含有路径')
    expect(await count(db, 'cat_parts')).toBe(0)
  })
})
