// Migrations that rebuild or extend a table keep what an existing installation holds.
import { constants, inflateRawSync } from 'node:zlib'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { loadTinyCatalogue } from '../../test/catalogue-fixture'
import { dbKinds, freshDatabase } from '../../test/helper'
import { openDatabase } from './database'
import { migrateToLatest } from './migrate'

describe('migration 0005 on SQLite', () => {
  it('keeps every part with its id and markers, and the part number unique', async () => {
    const db = openDatabase({ sqlitePath: ':memory:' })
    await migrateToLatest(db, '0004_part_markers')
    await sql`insert into cat_parts (id, disp_number, norm_number, part_name_cn, remark, stock_total, replaced_by)
      values (7, '5Q0 698 151 D', '5Q0698151D', '前制动片', '已替换', 3, '5Q0 698 151 E'),
             (9, '5Q0 698 151 E', '5Q0698151E', '前制动片', '', 12, null)`.execute(db.kysely)
    await sql`analyze`.execute(db.kysely)
    await migrateToLatest(db)
    const parts = await db.kysely
      .selectFrom('cat_parts')
      .select(['id', 'norm_number', 'remark', 'stock_total', 'replaced_by'])
      .orderBy('id')
      .execute()
    expect(parts).toEqual([
      { id: 7, norm_number: '5Q0698151D', remark: '已替换', stock_total: 3, replaced_by: '5Q0 698 151 E' },
      { id: 9, norm_number: '5Q0698151E', remark: '', stock_total: 12, replaced_by: null },
    ])
    const again = sql`insert into cat_parts (disp_number, norm_number, part_name_cn)
      values ('5Q0-698-151-E', '5Q0698151E', '重复')`
    await expect(again.execute(db.kysely)).rejects.toThrow(/unique/i)
    // A new part continues after the highest id, as before.
    const added = await sql<{ id: number }>`insert into cat_parts (disp_number, norm_number, part_name_cn)
      values ('5Q0 615 301 F', '5Q0615301F', '前制动盘') returning id`.execute(db.kysely)
    expect(added.rows[0]?.id).toBe(10)
    const { rows } = await sql<{
      n: number
    }>`select count(*) as n from sqlite_stat1 where tbl = 'cat_parts'`.execute(db.kysely)
    expect(Number(rows[0]?.n)).toBeGreaterThan(0)
    await db.close()
  })
})

describe('migration 0006', () => {
  it.each(dbKinds)('gives an existing catalogue on %s the positions its names say', async (kind) => {
    const { db, drop } = await freshDatabase(kind, { upTo: '0005_part_number_index' })
    await sql`insert into cat_parts (id, disp_number, norm_number, part_name_cn)
      values (1, '3C8 837 016 A', '3C8837016A', '右后车门锁'), (2, '3C8 857 507 B', '3C8857507B', '外后视镜外壳'),
             (3, '5Q0 615 301 F', '5Q0615301F', '前制动盘')`.execute(db.kysely)
    await sql`insert into cat_fitments (model_id, illustration_id, callout, part_id, quantity)
      values (1, 1, 1, 1, 1), (1, 1, 2, 2, 1), (1, 1, 3, 3, 2), (2, 1, 1, 1, 1)`.execute(db.kysely)
    await sql`insert into cat_accident_zones (code, name_cn, parent_code)
      values ('left.frontDoor', '左前门', 'left'), ('front.hood', '发动机盖区', 'front')`.execute(db.kysely)
    await migrateToLatest(db)
    const fitments = await sql<{ model_id: number; callout: number; position: string }>`
      select model_id, callout, position from cat_fitments order by model_id, callout`.execute(db.kysely)
    expect(fitments.rows.map((f) => `${f.model_id}.${f.callout}${f.position}`)).toEqual([
      '1.1右后',
      '1.2',
      '1.3前',
      '2.1右后',
    ])
    const zones = await sql<{ code: string; position: string }>`
      select code, position from cat_accident_zones order by code`.execute(db.kysely)
    expect(zones.rows).toEqual([
      { code: 'front.hood', position: '' },
      { code: 'left.frontDoor', position: '左前' },
    ])
    await drop()
  })
})

describe('migration 0013', () => {
  it.each(dbKinds)(
    'keeps the drawing of every illustration of an existing %s catalogue, deflated',
    async (kind) => {
      const { db, drop } = await freshDatabase(kind, { upTo: '0012_name_index' })
      await sql`insert into cat_main_groups (id, main_number, name_cn) values (1, '1', '发动机')`.execute(
        db.kysely,
      )
      await sql`insert into cat_sub_groups (id, sub_number, main_group_id, name_cn)
      values (1, '101', 1, '发动机总成')`.execute(db.kysely)
      const svg = '<svg viewBox="0 0 800 600"><path d="M1 2L3 4"/><text>前制动器 "1"</text></svg>'
      await sql`insert into cat_illustrations (id, image_code, image_name, sub_group_id, svg, width, height, callouts)
      values (5, 'V601', '前制动器', 1, ${svg}, 800, 600, '[[1,10.5,20],[2,30,40]]')`.execute(db.kysely)
      await migrateToLatest(db)
      const row = await db.kysely
        .selectFrom('cat_illustrations')
        .select('drawing_piece')
        .where('id', '=', 5)
        .executeTakeFirstOrThrow()
      const piece = row.drawing_piece as Buffer
      // Adler-32 and length, then deflate blocks that end on a byte boundary, not the last.
      const fields = inflateRawSync(piece.subarray(8), { finishFlush: constants.Z_SYNC_FLUSH }).toString(
        'utf8',
      )
      expect(piece.readUInt32BE(4)).toBe(Buffer.byteLength(fields))
      expect(JSON.parse(`{${fields}}`)).toEqual({
        svg,
        width: 800,
        height: 600,
        callouts: [
          { callout: 1, x: 10.5, y: 20 },
          { callout: 2, x: 30, y: 40 },
        ],
      })
      await drop()
    },
  )
})

describe('migration 0016', () => {
  it.each(dbKinds)(
    "gives every model's illustration of an existing %s catalogue the parts list the importer gives it",
    async (kind) => {
      // Up to 0016 only: the migrations after it must run again after it.
      const { db, drop } = await freshDatabase(kind, { upTo: '0016_part_lists' })
      await loadTinyCatalogue(db)
      const lists = async () =>
        (
          await sql<{ model_id: number; illustration_id: number; type4s: number; piece: Buffer }>`
          select mi.model_id, mi.illustration_id, pl.type4s, pl.piece from cat_model_illustrations mi
          join cat_part_lists pl on pl.list = mi.part_list
          order by mi.model_id, mi.illustration_id, pl.type4s`.execute(db.kysely)
        ).rows.map((r) => [r.model_id, r.illustration_id, r.type4s, Buffer.from(r.piece).toString('hex')])
      const imported = await lists()
      expect(imported.length).toBeGreaterThan(100)
      // The catalogue as it was before the migration, then migrated.
      await sql`drop table cat_part_lists`.execute(db.kysely)
      await sql`alter table cat_model_illustrations drop column part_list`.execute(db.kysely)
      await sql`delete from kysely_migration where name = '0016_part_lists'`.execute(db.kysely)
      await migrateToLatest(db)
      expect(await lists()).toEqual(imported)
      await drop()
    },
  )
})
