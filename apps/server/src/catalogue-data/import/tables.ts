// The catalogue import format, one definition per CSV file (docs/catalogue-import.md): the columns it
// needs, how each row is checked, and where it is written. Files are imported in this order, parents first.
import { normalizePartNumber, VIN_ALPHABET, WAREHOUSE_CODES } from '@epc/shared'
import { type Position, parsePosition, positionOfName } from '../../modules/catalogue/position'
import { drawingPiece } from './drawing-piece'
import { flag, integer, money, type Row, RowError, ref, text } from './fields'
import type { TouchedParts } from './part-lists'
import type { BatchUpsert, ImportWriter, UpsertSpec } from './writer'

export type KeyMaps = Record<
  | 'brandGroups'
  | 'manufacturers'
  | 'brands'
  | 'series'
  | 'models'
  | 'mainGroups'
  | 'subGroups'
  | 'illustrations'
  | 'genericNames'
  | 'parts'
  | 'zones',
  Map<string, number>
>

export interface ImportContext {
  writer: ImportWriter
  ids: KeyMaps
  /** The drawing of an illustrations.csv row: its svg column, or the file its svg_file column names. */
  readSvg(row: Row): Promise<string>
  pinyin(text: string): { full: string; initials: string }
  /** The position a part's name gives, by normalised part number; parts without one are not listed. */
  partPositions: Map<string, Position>
  /** The parts this import writes or refers to in part-level files (part-lists.ts reads it). */
  touchedParts: TouchedParts
}

export interface TableImport {
  row(row: Row): void | Promise<void>
  finish(): Promise<void>
}

export interface TableDef {
  name: string
  columns: string[]
  open(ctx: ImportContext): TableImport
}

const VIN_PATTERN_CHARS = new RegExp(`^[${VIN_ALPHABET}*]{5}$`)
const THIS_YEAR = new Date().getFullYear()

/** An upsert whose written ids go into one of the key maps, flushed when the file ends. */
function entity(ctx: ImportContext, spec: UpsertSpec, map: Map<string, number>): BatchUpsert {
  const batch = ctx.writer.upsert(spec, map)
  batch.onWritten = (key, id) => map.set(key, id)
  return batch
}

function simple(
  name: string,
  columns: string[],
  spec: UpsertSpec,
  values: (row: Row, ctx: ImportContext) => unknown[],
): TableDef {
  return {
    name,
    columns,
    open(ctx) {
      const batch = ctx.writer.upsert(spec)
      return { row: (row) => batch.add(values(row, ctx)), finish: () => batch.flush() }
    },
  }
}

/** A position column: what it says, or the name's position words when it is empty. */
function position(row: Row, named: () => Position): Position {
  const given = parsePosition(text(row, 'position', 4, true))
  if (given === null)
    throw new RowError('position', '应为 左、右、前、后 或其组合（如 左前），没有位置写「无」')
  return given ?? named()
}

/** A part-level file's part (prices, stock, substitutes, supersessions), noted as touched. */
function part(ctx: ImportContext, row: Row, field: string): number {
  const number = normalizePartNumber(text(row, field, 40))
  const id = ref(ctx.ids.parts, number, field, '配件编码')
  ctx.touchedParts.add(id)
  return id
}

export const TABLES: TableDef[] = [
  {
    name: 'brand_groups',
    columns: ['code', 'name'],
    open(ctx) {
      const spec = {
        table: 'cat_brand_groups',
        columns: ['code', 'name_cn'],
        conflict: ['code'],
        update: ['name_cn'],
        returning: { id: 'id', key: 'code' },
      }
      const batch = entity(ctx, spec, ctx.ids.brandGroups)
      return {
        row: (r) => batch.add([text(r, 'code', 40), text(r, 'name', 40)]),
        finish: () => batch.flush(),
      }
    },
  },
  {
    name: 'manufacturers',
    columns: ['code', 'name', 'country'],
    open(ctx) {
      const spec = {
        table: 'cat_manufacturers',
        columns: ['code', 'name_cn', 'country'],
        conflict: ['code'],
        update: ['name_cn', 'country'],
        returning: { id: 'id', key: 'code' },
      }
      const batch = entity(ctx, spec, ctx.ids.manufacturers)
      return {
        row: (r) => batch.add([text(r, 'code', 40), text(r, 'name', 60), text(r, 'country', 20)]),
        finish: () => batch.flush(),
      }
    },
  },
  {
    name: 'brands',
    columns: ['brand_number', 'name', 'name_en', 'initial', 'brand_group', 'imported', 'sort'],
    open(ctx) {
      const spec = {
        table: 'cat_brands',
        columns: ['brand_number', 'name_cn', 'name_en', 'initial', 'brand_group_id', 'imported', 'sort'],
        conflict: ['brand_number'],
        update: ['name_cn', 'name_en', 'initial', 'brand_group_id', 'imported', 'sort'],
        returning: { id: 'id', key: 'brand_number' },
      }
      const batch = entity(ctx, spec, ctx.ids.brands)
      return {
        row: (r) => {
          const initial = text(r, 'initial', 1).toUpperCase()
          if (!/^[A-Z]$/.test(initial)) throw new RowError('initial', '应为一个字母 A-Z')
          return batch.add([
            text(r, 'brand_number', 20),
            text(r, 'name', 40),
            text(r, 'name_en', 60),
            initial,
            ref(ctx.ids.brandGroups, text(r, 'brand_group', 40), 'brand_group', '品牌组'),
            flag(r, 'imported'),
            integer(r, 'sort', 0, 99999, 0),
          ])
        },
        finish: () => batch.flush(),
      }
    },
  },
  {
    name: 'series',
    columns: ['series_number', 'brand_number', 'name'],
    open(ctx) {
      const spec = {
        table: 'cat_series',
        columns: ['series_number', 'brand_id', 'name_cn'],
        conflict: ['series_number'],
        update: ['brand_id', 'name_cn'],
        returning: { id: 'id', key: 'series_number' },
      }
      const batch = entity(ctx, spec, ctx.ids.series)
      return {
        row: (r) =>
          batch.add([
            text(r, 'series_number', 30),
            ref(ctx.ids.brands, text(r, 'brand_number', 20), 'brand_number', '品牌'),
            text(r, 'name', 60),
          ]),
        finish: () => batch.flush(),
      }
    },
  },
  {
    name: 'models',
    columns: ['model_code', 'series_number', 'manufacturer', 'car_name', 'year', 'engine', 'transmission'],
    open(ctx) {
      const spec = {
        table: 'cat_models',
        columns: ['model_code', 'series_id', 'manufacturer_id', 'car_name', 'year', 'engine', 'transmission'],
        conflict: ['model_code'],
        update: ['series_id', 'manufacturer_id', 'car_name', 'year', 'engine', 'transmission'],
        returning: { id: 'id', key: 'model_code' },
      }
      const batch = entity(ctx, spec, ctx.ids.models)
      return {
        row: (r) =>
          batch.add([
            text(r, 'model_code', 40),
            ref(ctx.ids.series, text(r, 'series_number', 30), 'series_number', '车系'),
            ref(ctx.ids.manufacturers, text(r, 'manufacturer', 40), 'manufacturer', '厂家'),
            text(r, 'car_name', 120),
            integer(r, 'year', 1980, THIS_YEAR + 2),
            text(r, 'engine', 60, true),
            text(r, 'transmission', 60, true),
          ]),
        finish: () => batch.flush(),
      }
    },
  },
  simple(
    'vin_patterns',
    ['wmi', 'vds_pattern', 'year_from', 'year_to', 'model_code'],
    {
      table: 'cat_vin_patterns',
      columns: ['wmi', 'vds_pattern', 'year_from', 'year_to', 'model_id'],
      conflict: ['wmi', 'vds_pattern', 'year_from', 'model_id'],
      update: ['year_to'],
    },
    (r, ctx) => {
      const wmi = text(r, 'wmi', 3).toUpperCase()
      if (!new RegExp(`^[${VIN_ALPHABET}]{3}$`).test(wmi)) throw new RowError('wmi', '应为3位车架号字符')
      const vds = text(r, 'vds_pattern', 5).toUpperCase()
      if (!VIN_PATTERN_CHARS.test(vds)) throw new RowError('vds_pattern', '应为5位车架号字符，* 表示任意')
      const from = integer(r, 'year_from', 1980, THIS_YEAR + 2)
      const to = integer(r, 'year_to', 1980, THIS_YEAR + 2)
      if (to < from) throw new RowError('year_to', '不能早于 year_from')
      return [wmi, vds, from, to, ref(ctx.ids.models, text(r, 'model_code', 40), 'model_code', '车型')]
    },
  ),
  {
    name: 'groups',
    columns: ['main_number', 'main_name', 'sub_number', 'sub_name'],
    open(ctx) {
      const mains = entity(
        ctx,
        {
          table: 'cat_main_groups',
          columns: ['main_number', 'name_cn'],
          conflict: ['main_number'],
          update: ['name_cn'],
          returning: { id: 'id', key: 'main_number' },
        },
        ctx.ids.mainGroups,
      )
      const subs = entity(
        ctx,
        {
          table: 'cat_sub_groups',
          columns: ['sub_number', 'main_group_id', 'name_cn'],
          conflict: ['sub_number'],
          update: ['main_group_id', 'name_cn'],
          returning: { id: 'id', key: 'sub_number' },
        },
        ctx.ids.subGroups,
      )
      return {
        async row(r) {
          const main = text(r, 'main_number', 10)
          const mainName = text(r, 'main_name', 40)
          const sub = text(r, 'sub_number', 20)
          const subName = text(r, 'sub_name', 60)
          if (!ctx.ids.mainGroups.has(main)) {
            await mains.add([main, mainName])
            await mains.flush()
          }
          await subs.add([sub, ref(ctx.ids.mainGroups, main, 'main_number', '主组'), subName])
        },
        finish: () => subs.flush(),
      }
    },
  },
  {
    name: 'illustrations',
    columns: ['image_code', 'image_name', 'sub_number', 'callouts'],
    open(ctx) {
      const batch = entity(
        ctx,
        {
          table: 'cat_illustrations',
          columns: [
            'image_code',
            'image_name',
            'sub_group_id',
            'svg',
            'width',
            'height',
            'callouts',
            'drawing_piece',
          ],
          conflict: ['image_code'],
          update: ['image_name', 'sub_group_id', 'svg', 'width', 'height', 'callouts', 'drawing_piece'],
          returning: { id: 'id', key: 'image_code' },
        },
        ctx.ids.illustrations,
      )
      return {
        async row(r) {
          const code = text(r, 'image_code', 40)
          const name = text(r, 'image_name', 80)
          const sub = ref(ctx.ids.subGroups, text(r, 'sub_number', 20), 'sub_number', '子组')
          const callouts = text(r, 'callouts', 4000)
            .split(';')
            .map((item) => {
              const m = /^(\d{1,3}):(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(item.trim())
              if (!m) throw new RowError('callouts', `「${item}」应为 图号:x:y`)
              return [Number(m[1]), Number(m[2]), Number(m[3])]
            })
          const svg = await ctx.readSvg(r)
          const box = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg)
          if (!svg.trimStart().startsWith('<svg') || !box)
            throw new RowError('svg', '不是带 viewBox 的 SVG 图')
          if (/<script|\son\w+=|javascript:|<foreignObject/i.test(svg))
            throw new RowError('svg', '图中含有脚本，已拒绝')
          const drawing = {
            svg,
            width: Math.round(Number(box[1])),
            height: Math.round(Number(box[2])),
            callouts: JSON.stringify(callouts),
          }
          await batch.add([
            code,
            name,
            sub,
            drawing.svg,
            drawing.width,
            drawing.height,
            drawing.callouts,
            drawingPiece(drawing),
          ])
        },
        finish: () => batch.flush(),
      }
    },
  },
  simple(
    'model_illustrations',
    ['model_code', 'image_code'],
    {
      table: 'cat_model_illustrations',
      columns: ['model_id', 'illustration_id'],
      conflict: ['model_id', 'illustration_id'],
      update: [],
    },
    (r, ctx) => [
      ref(ctx.ids.models, text(r, 'model_code', 40), 'model_code', '车型'),
      ref(ctx.ids.illustrations, text(r, 'image_code', 40), 'image_code', '示意图'),
    ],
  ),
  {
    name: 'generic_names',
    columns: ['name', 'system', 'unit', 'aliases'],
    open(ctx) {
      const names = entity(
        ctx,
        {
          table: 'cat_generic_names',
          columns: ['name_cn', 'system', 'unit', 'pinyin', 'initials'],
          conflict: ['name_cn'],
          update: ['system', 'unit', 'pinyin', 'initials'],
          returning: { id: 'id', key: 'name_cn' },
        },
        ctx.ids.genericNames,
      )
      const aliases = ctx.writer.upsert({
        table: 'cat_generic_aliases',
        columns: ['generic_name_id', 'alias', 'pinyin', 'initials'],
        conflict: ['generic_name_id', 'alias'],
        update: ['pinyin', 'initials'],
      })
      const pending: [string, string[]][] = []
      return {
        async row(r) {
          const name = text(r, 'name', 40)
          const spoken = ctx.pinyin(name)
          const list = text(r, 'aliases', 400, true)
            .split('|')
            .map((a) => a.trim())
            .filter(Boolean)
          if (list.some((a) => a.length > 40)) throw new RowError('aliases', '别名超过 40 个字符')
          await names.add([name, text(r, 'system', 40), text(r, 'unit', 8), spoken.full, spoken.initials])
          pending.push([name, list])
        },
        async finish() {
          await names.flush()
          for (const [name, list] of pending) {
            const id = ctx.ids.genericNames.get(name)
            for (const alias of list) {
              const spoken = ctx.pinyin(alias)
              await aliases.add([id, alias, spoken.full, spoken.initials])
            }
          }
          await aliases.flush()
        },
      }
    },
  },
  {
    name: 'parts',
    columns: ['part_number', 'name', 'generic_name', 'remark'],
    open(ctx) {
      const batch = entity(
        ctx,
        {
          table: 'cat_parts',
          columns: [
            'disp_number',
            'norm_number',
            'part_name_cn',
            'generic_name_id',
            'remark',
            'name_pinyin',
            'name_initials',
          ],
          conflict: ['norm_number'],
          update: [
            'disp_number',
            'part_name_cn',
            'generic_name_id',
            'remark',
            'name_pinyin',
            'name_initials',
          ],
          returning: { id: 'id', key: 'norm_number' },
          deferIndexes: true,
        },
        ctx.ids.parts,
      )
      return {
        row(r) {
          const display = text(r, 'part_number', 40)
          const number = normalizePartNumber(display)
          if (!/^[0-9A-Z]{4,30}$/.test(number))
            throw new RowError('part_number', `「${display}」不是有效的配件编码`)
          // A part already listed changes its lists; a new one is in none yet, and its markers' defaults hold.
          const known = ctx.ids.parts.get(number)
          if (known !== undefined) ctx.touchedParts.add(known)
          const name = text(r, 'name', 80)
          const generic = text(r, 'generic_name', 40, true)
          const spoken = ctx.pinyin(name)
          const at = positionOfName(name)
          if (at) ctx.partPositions.set(number, at)
          else ctx.partPositions.delete(number)
          return batch.add([
            display,
            number,
            name,
            generic ? ref(ctx.ids.genericNames, generic, 'generic_name', '通用名称') : null,
            text(r, 'remark', 200, true),
            spoken.full,
            spoken.initials,
          ])
        },
        finish: () => batch.flush(),
      }
    },
  },
  {
    name: 'fitments',
    columns: ['model_code', 'image_code', 'callout', 'part_number', 'quantity', 'note'],
    open(ctx) {
      const batch = ctx.writer.upsert({
        table: 'cat_fitments',
        columns: ['model_id', 'illustration_id', 'callout', 'part_id', 'quantity', 'note', 'position'],
        conflict: ['model_id', 'illustration_id', 'callout', 'part_id'],
        update: ['quantity', 'note', 'position'],
      })
      return {
        row(r) {
          const number = normalizePartNumber(text(r, 'part_number', 40))
          return batch.add([
            ref(ctx.ids.models, text(r, 'model_code', 40), 'model_code', '车型'),
            ref(ctx.ids.illustrations, text(r, 'image_code', 40), 'image_code', '示意图'),
            integer(r, 'callout', 1, 999),
            ref(ctx.ids.parts, number, 'part_number', '配件编码'),
            integer(r, 'quantity', 1, 9999),
            text(r, 'note', 200, true),
            position(r, () => ctx.partPositions.get(number) ?? ''),
          ])
        },
        finish: () => batch.flush(),
      }
    },
  },
  simple(
    'supersessions',
    ['old_part_number', 'new_part_number', 'changed_on'],
    {
      table: 'cat_supersessions',
      columns: ['old_part_id', 'new_part_id', 'changed_on'],
      conflict: ['old_part_id'],
      update: ['new_part_id', 'changed_on'],
    },
    (r, ctx) => {
      const from = part(ctx, r, 'old_part_number')
      const to = part(ctx, r, 'new_part_number')
      if (from === to) throw new RowError('new_part_number', '不能替换为自身')
      const date = text(r, 'changed_on', 10, true)
      if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RowError('changed_on', '应为 YYYY-MM-DD')
      return [from, to, date]
    },
  ),
  simple(
    'substitutes',
    ['part_number', 'substitute_part_number', 'note'],
    {
      table: 'cat_substitutes',
      columns: ['part_id', 'substitute_part_id', 'note'],
      conflict: ['part_id', 'substitute_part_id'],
      update: ['note'],
    },
    (r, ctx) => {
      const a = part(ctx, r, 'part_number')
      const b = part(ctx, r, 'substitute_part_number')
      if (a === b) throw new RowError('substitute_part_number', '不能与配件本身相同')
      return [a, b, text(r, 'note', 200, true)]
    },
  ),
  simple(
    'prices',
    ['part_number', 'type4s', 'price'],
    {
      table: 'cat_prices',
      columns: ['part_id', 'type4s', 'price_fen'],
      conflict: ['part_id', 'type4s'],
      update: ['price_fen'],
    },
    (r, ctx) => [part(ctx, r, 'part_number'), integer(r, 'type4s', 1, 99), money(r, 'price')],
  ),
  simple(
    'stock',
    ['part_number', 'warehouse', 'purchase_price', 'sale_price', 'quantity', 'sales_banned'],
    {
      table: 'cat_stock',
      columns: ['part_id', 'warehouse', 'purchase_fen', 'sale_fen', 'quantity', 'sales_banned'],
      conflict: ['part_id', 'warehouse'],
      update: ['purchase_fen', 'sale_fen', 'quantity', 'sales_banned'],
    },
    (r, ctx) => {
      const warehouse = text(r, 'warehouse', 4).toUpperCase()
      if (!WAREHOUSE_CODES.includes(warehouse))
        throw new RowError('warehouse', `应为 ${WAREHOUSE_CODES.join('、')} 之一`)
      return [
        part(ctx, r, 'part_number'),
        warehouse,
        money(r, 'purchase_price'),
        money(r, 'sale_price'),
        integer(r, 'quantity', 0, 10_000_000),
        flag(r, 'sales_banned'),
      ]
    },
  ),
  simple(
    'maintenance',
    ['model_code', 'generic_name', 'quantity', 'interval_km', 'interval_months'],
    {
      table: 'cat_maintenance',
      columns: ['model_id', 'generic_name_id', 'quantity', 'interval_km', 'interval_months'],
      conflict: ['model_id', 'generic_name_id'],
      update: ['quantity', 'interval_km', 'interval_months'],
    },
    (r, ctx) => [
      ref(ctx.ids.models, text(r, 'model_code', 40), 'model_code', '车型'),
      ref(ctx.ids.genericNames, text(r, 'generic_name', 40), 'generic_name', '通用名称'),
      integer(r, 'quantity', 1, 999),
      integer(r, 'interval_km', 1000, 500_000),
      integer(r, 'interval_months', 1, 240),
    ],
  ),
  {
    name: 'accident_zones',
    columns: ['code', 'name', 'parent_code', 'generic_names'],
    open(ctx) {
      const zones = entity(
        ctx,
        {
          table: 'cat_accident_zones',
          columns: ['code', 'name_cn', 'parent_code', 'position'],
          conflict: ['code'],
          update: ['name_cn', 'parent_code', 'position'],
          returning: { id: 'id', key: 'code' },
        },
        ctx.ids.zones,
      )
      const links = ctx.writer.upsert({
        table: 'cat_zone_names',
        columns: ['zone_id', 'generic_name_id'],
        conflict: ['zone_id', 'generic_name_id'],
        update: [],
      })
      const pending: [string, number[]][] = []
      return {
        async row(r) {
          const code = text(r, 'code', 40)
          const parent = text(r, 'parent_code', 40, true)
          const names = text(r, 'generic_names', 2000, true)
            .split('|')
            .map((n) => n.trim())
            .filter(Boolean)
            .map((n) => ref(ctx.ids.genericNames, n, 'generic_names', '通用名称'))
          const name = text(r, 'name', 40)
          await zones.add([code, name, parent || null, position(r, () => positionOfName(name))])
          pending.push([code, names])
        },
        async finish() {
          await zones.flush()
          for (const [code, names] of pending) {
            for (const name of names) await links.add([ctx.ids.zones.get(code), name])
          }
          await links.flush()
        },
      }
    },
  },
]
