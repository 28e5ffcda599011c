// SQL of the catalogue look-ups. Every function takes the database (or a transaction) and answers rows;
// the service turns them into the answers of docs/api.md.
import { type Kysely, SqliteAdapter, sql } from 'kysely'
import { type Db, embeddedSqlite } from '../../db/database'
import { precompiled, runKept } from '../../db/precompiled'
import type { Database } from '../../db/schema'

type Q = Kysely<Database>

/** Whether a query runs on SQLite (in a transaction too), for the few queries each dialect writes its way. */
function onSqlite(db: Q): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter
}

const modelColumns = [
  'cat_models.id',
  'cat_models.model_code',
  'cat_models.car_name',
  'cat_models.year',
  'cat_models.engine',
  'cat_models.transmission',
  'cat_series.series_number',
  'cat_series.name_cn as series_name',
  'cat_brands.brand_number',
  'cat_brands.name_cn as brand_name',
  'cat_brands.imported',
  'cat_manufacturers.code as manufacturer_code',
  'cat_manufacturers.name_cn as manufacturer_name',
] as const

function modelsQuery(db: Q) {
  return (
    db
      .selectFrom('cat_models')
      .innerJoin('cat_series', 'cat_series.id', 'cat_models.series_id')
      .innerJoin('cat_brands', 'cat_brands.id', 'cat_series.brand_id')
      .innerJoin('cat_manufacturers', 'cat_manufacturers.id', 'cat_models.manufacturer_id')
      .select(modelColumns)
      // The years the model was built in, for its ModelCondition: those its VIN patterns cover.
      .select((eb) => [
        eb
          .selectFrom('cat_vin_patterns')
          .select((v) => v.fn.min('year_from').as('y'))
          .whereRef('cat_vin_patterns.model_id', '=', 'cat_models.id')
          .as('built_from'),
        eb
          .selectFrom('cat_vin_patterns')
          .select((v) => v.fn.max('year_to').as('y'))
          .whereRef('cat_vin_patterns.model_id', '=', 'cat_models.id')
          .as('built_to'),
      ])
  )
}

export type ModelRow = Awaited<ReturnType<typeof findModel>> & {}

// The model, illustration and parts queries run on every illustration not yet in the answer cache.
const modelByCode = precompiled((db: Q, modelCode: string) =>
  modelsQuery(db).where('cat_models.model_code', '=', modelCode),
)

export async function findModel(db: Q, modelCode: string) {
  return (await modelByCode(db, modelCode))[0]
}

// The VIN query's one: the models whose VIN patterns the maker (WMI), descriptor (VDS) and model year match,
// matched in SQL (a WMI has hundreds of patterns; handing them all over cost more than the rest of a query).
// A pattern's `*` stands for any one character; the VDS comes padded to five characters with one no
// pattern holds, so a short descriptor matches only where the pattern does not care.
export const modelsOfVin = precompiled((db: Q, wmi: string, vds: string, year: number | null) =>
  modelsQuery(db)
    .where('cat_models.id', 'in', (eb) =>
      eb
        .selectFrom('cat_vin_patterns')
        .select('model_id')
        .where('wmi', '=', wmi)
        .where(sql<boolean>`${vds} like replace(vds_pattern, '*', '_')`)
        .where((w) =>
          w.or([
            w(sql`cast(${year} as integer)`, 'is', null),
            w.and([w('year_from', '<=', sql<number>`${year}`), w('year_to', '>=', sql<number>`${year}`)]),
          ]),
        ),
    )
    .orderBy('cat_models.year', 'desc')
    .orderBy('cat_models.id'),
)

// Browse

export function brands(db: Q) {
  return db
    .selectFrom('cat_brands')
    .innerJoin('cat_brand_groups', 'cat_brand_groups.id', 'cat_brands.brand_group_id')
    .select([
      'cat_brands.brand_number',
      'cat_brands.name_cn',
      'cat_brands.name_en',
      'cat_brands.initial',
      'cat_brands.imported',
      'cat_brand_groups.code as group_code',
      'cat_brand_groups.name_cn as group_name',
    ])
    .orderBy('cat_brands.initial')
    .orderBy('cat_brands.sort')
    .orderBy('cat_brands.brand_number')
    .execute()
}

export function seriesOfBrand(db: Q, brandNumber: string) {
  return db
    .selectFrom('cat_series')
    .innerJoin('cat_brands', 'cat_brands.id', 'cat_series.brand_id')
    .leftJoin('cat_models', 'cat_models.series_id', 'cat_series.id')
    .select(['cat_series.series_number', 'cat_series.name_cn', 'cat_models.year'])
    .where('cat_brands.brand_number', '=', brandNumber)
    .orderBy('cat_series.series_number')
    .execute()
}

export function modelsOfSeries(db: Q, seriesNumber: string, year?: number) {
  let q = modelsQuery(db).where('cat_series.series_number', '=', seriesNumber)
  if (year !== undefined) q = q.where('cat_models.year', '=', year)
  return q.orderBy('cat_models.year', 'desc').orderBy('cat_models.car_name').execute()
}

// Group tree and illustrations

export function groupTree(db: Q, modelId: number) {
  return db
    .selectFrom('cat_model_illustrations as mi')
    .innerJoin('cat_illustrations as il', 'il.id', 'mi.illustration_id')
    .innerJoin('cat_sub_groups as sg', 'sg.id', 'il.sub_group_id')
    .innerJoin('cat_main_groups as mg', 'mg.id', 'sg.main_group_id')
    .select([
      'mg.main_number',
      'mg.name_cn as main_name',
      'sg.sub_number',
      'sg.name_cn as sub_name',
      'il.image_code',
      'il.image_name',
    ])
    .where('mi.model_id', '=', modelId)
    .orderBy('mg.id')
    .orderBy('sg.sub_number')
    .orderBy('il.image_code')
    .execute()
}

export function illustrationDrawings(db: Q, modelId: number, imageCodes: string[]) {
  if (!imageCodes.length) return Promise.resolve([])
  return db
    .selectFrom('cat_illustrations as il')
    .innerJoin('cat_model_illustrations as mi', 'mi.illustration_id', 'il.id')
    .select(['il.image_code', 'il.svg'])
    .where('mi.model_id', '=', modelId)
    .where('il.image_code', 'in', imageCodes)
    .execute()
}

/** The part row of the outer query (aliased p), for correlated sub-queries. */
const outerPart = sql.ref<number>('p.id')

/** The columns every part listing carries: price for the caller's list, then the markers the importer keeps. */
function partListing(db: Q, type4s: number) {
  const priceIn = (list: number) =>
    db
      .selectFrom('cat_prices')
      .select('price_fen')
      .where('cat_prices.part_id', '=', outerPart)
      .where('cat_prices.type4s', '=', list)
  return {
    // The caller's price list, else the standard one (1); two key look-ups cost less than sorting the pair.
    price: sql<number | null>`coalesce(${priceIn(type4s)}, ${priceIn(1)})`,
    stock: sql.ref<number>('p.stock_total'),
    banned: sql.ref<number>('p.sales_banned'),
    substitutes: sql.ref<number>('p.substitute_count'),
  }
}

/**
 * A model's illustration with all its answer needs, in one statement (one round trip on PostgreSQL): the
 * model, where the illustration sits, its drawing and its parts as the catalogue keeps them deflated
 * (catalogue-data/import/part-lists.ts): the caller's price list, else the standard one (1), whose list
 * stands for every price list that gives the same answer. No parts list: no fitments.
 */
export const modelIllustration = precompiled(
  (db: Q, modelCode: string, imageCode: string, type4s: number) => {
    const piece = (list: number) => sql<Buffer | null>`(select pl.piece from cat_part_lists as pl
      where pl.list = mi.part_list and pl.type4s = ${list})`
    return modelsQuery(db)
      .innerJoin('cat_model_illustrations as mi', 'mi.model_id', 'cat_models.id')
      .innerJoin('cat_illustrations as il', 'il.id', 'mi.illustration_id')
      .innerJoin('cat_sub_groups as sg', 'sg.id', 'il.sub_group_id')
      .innerJoin('cat_main_groups as mg', 'mg.id', 'sg.main_group_id')
      .select([
        'il.image_code',
        'il.image_name',
        'il.drawing_piece',
        'sg.sub_number',
        'sg.name_cn as sub_name',
        'mg.main_number',
        'mg.name_cn as main_name',
      ])
      .select(sql<Buffer | null>`coalesce(${piece(type4s)}, ${piece(1)})`.as('parts_piece'))
      .where('cat_models.model_code', '=', modelCode)
      .where('il.image_code', '=', imageCode)
  },
)

// Parts

// The part-code look-ups take lists (up to 50 codes and the parts they lead to): precompiled per length.
export const partsByNumbers = precompiled((db: Q, numbers: string[], type4s: number) => {
  const l = partListing(db, type4s)
  // A stocked part's quantity in each warehouse, as JSON text ({"CC":3,…}), comes with the part: on
  // PostgreSQL a second round trip for them cost the part-code query a quarter of its CPU (docs/performance.md,
  // 2026-11-29). Only where the marker says there is stock.
  const quantities = onSqlite(db)
    ? sql<string | null>`(select json_group_object(s.warehouse, s.quantity) from cat_stock as s
        where s.part_id = ${outerPart})`
    : sql<string | null>`(select json_object_agg(s.warehouse, s.quantity)::text from cat_stock as s
        where s.part_id = ${outerPart})`
  return db
    .selectFrom('cat_parts as p')
    .leftJoin('cat_generic_names as g', 'g.id', 'p.generic_name_id')
    .select([
      'p.id',
      'p.disp_number',
      'p.norm_number',
      'p.part_name_cn',
      'p.remark',
      'g.name_cn as generic_name',
      l.price.as('price_fen'),
      l.stock.as('stock_total'),
      l.banned.as('sales_banned'),
      l.substitutes.as('substitute_count'),
      'p.replaced_by',
      sql<string | null>`case when ${l.stock} > 0 then ${quantities} end`.as('stock_quantities'),
    ])
    .where('p.norm_number', 'in', numbers)
})

export type NumberAndName = { norm_number: string; part_name_cn: string }

const numbersFrom = precompiled((db: Q, prefix: string, end: string, limit: number) =>
  db
    .selectFrom('cat_parts')
    .select(['norm_number', 'part_name_cn'])
    .where('norm_number', '>=', prefix)
    .where('norm_number', '<', end)
    .orderBy('norm_number')
    .limit(limit),
)

/** Numbers starting with a prefix, by the unique index (a range, so no LIKE collation question arises). */
export function partsByPrefix(db: Q, prefix: string, limit: number): Promise<NumberAndName[]> {
  return numbersFrom(db, prefix, `${prefix}\u{10FFFF}`, limit)
}

/** Of these numbers, the catalogue's parts that a newer number replaces (their marker says so). */
export function replacedParts(db: Q, numbers: string[]) {
  if (!numbers.length) return Promise.resolve([])
  return db
    .selectFrom('cat_parts')
    .select(['id', 'norm_number'])
    .where('norm_number', 'in', numbers)
    .where('replaced_by', 'is not', null)
    .execute()
}

/** Numbers asked at once: a mistyped code's thousand-odd look-alikes and slips go in a few statements. */
const KNOWN_NUMBERS_CHUNK = 500

/**
 * Which of these numbers the catalogue has, in no order: asked only for a code it lacks, whose look-alikes and
 * slips are one slip from a part or two at most (no limit is needed).
 */
export async function knownNumbers(db: Q, numbers: string[]): Promise<NumberAndName[]> {
  const found: NumberAndName[] = []
  for (let i = 0; i < numbers.length; i += KNOWN_NUMBERS_CHUNK) {
    const chunk = numbers.slice(i, i + KNOWN_NUMBERS_CHUNK)
    found.push(
      ...(await db
        .selectFrom('cat_parts')
        .select(['norm_number', 'part_name_cn'])
        .where('norm_number', 'in', chunk)
        .execute()),
    )
  }
  return found
}

/**
 * Each part's supersessions, step by step to the newest number, in one query rather than one round trip a
 * hop (a superseded part cost five or six on PostgreSQL). A part has one newer number at most (old_part_id
 * is the key), so a walk is a path; it stops when it comes back to its start (the step that closes the
 * cycle is answered) or after ten steps, as no chain of the catalogue needs more.
 */
export const supersessionWalks = precompiled((db: Q, partIds: number[]) =>
  db
    .withRecursive('walk', (w) =>
      w
        .selectFrom('cat_supersessions')
        .select(['old_part_id as start_id', 'new_part_id as new_id', 'changed_on', sql<number>`1`.as('hop')])
        .where('old_part_id', 'in', partIds)
        .unionAll((u) =>
          u
            .selectFrom('walk')
            .innerJoin('cat_supersessions as s', 's.old_part_id', 'walk.new_id')
            .select([
              'walk.start_id',
              's.new_part_id as new_id',
              's.changed_on',
              sql<number>`walk.hop + 1`.as('hop'),
            ])
            .whereRef('walk.new_id', '<>', 'walk.start_id')
            .where('walk.hop', '<', 10),
        ),
    )
    .selectFrom('walk')
    .innerJoin('cat_parts as np', 'np.id', 'walk.new_id')
    .select([
      'walk.start_id',
      'walk.new_id',
      'walk.changed_on',
      'walk.hop',
      'np.norm_number as new_norm',
      'np.disp_number as new_disp',
    ])
    .orderBy('walk.start_id')
    .orderBy('walk.hop'),
)

export const supersessionsTo = precompiled((db: Q, partIds: number[]) =>
  db
    .selectFrom('cat_supersessions as s')
    .innerJoin('cat_parts as op', 'op.id', 's.old_part_id')
    .select(['s.old_part_id', 's.new_part_id', 's.changed_on', 'op.norm_number as old_norm'])
    .where('s.new_part_id', 'in', partIds),
)

export const substitutesOf = precompiled((db: Q, partIds: number[]) =>
  db
    .selectFrom('cat_substitutes as s')
    .innerJoin('cat_parts as sp', 'sp.id', 's.substitute_part_id')
    .select(['s.part_id', 's.note', 'sp.disp_number', 'sp.norm_number', 'sp.part_name_cn'])
    .where('s.part_id', 'in', partIds),
)

export const stockOf = precompiled((db: Q, partIds: number[]) =>
  db
    .selectFrom('cat_stock')
    .select(['part_id', 'warehouse', 'purchase_fen', 'sale_fen', 'quantity', 'sales_banned'])
    .where('part_id', 'in', partIds),
)

export function pricesOf(db: Q, partId: number) {
  return db
    .selectFrom('cat_prices')
    .select(['type4s', 'price_fen'])
    .where('part_id', '=', partId)
    .orderBy('type4s')
    .execute()
}

export function modelsFittingPart(db: Q, partId: number, limit: number) {
  return db
    .selectFrom('cat_fitments as f')
    .innerJoin('cat_models as m', 'm.id', 'f.model_id')
    .innerJoin('cat_series as s', 's.id', 'm.series_id')
    .innerJoin('cat_brands as b', 'b.id', 's.brand_id')
    .innerJoin('cat_illustrations as il', 'il.id', 'f.illustration_id')
    .select([
      'm.model_code',
      'm.car_name',
      'm.year',
      'b.name_cn as brand_name',
      'il.image_code',
      'il.image_name',
      'f.callout',
      'f.quantity',
    ])
    .where('f.part_id', '=', partId)
    .orderBy('b.name_cn')
    .orderBy('m.year', 'desc')
    .limit(limit)
    .execute()
}

// Names

export function genericNames(db: Q) {
  return db
    .selectFrom('cat_generic_names')
    .select(['id', 'name_cn', 'system', 'unit', 'pinyin', 'initials'])
    .orderBy('id')
    .execute()
}

export function genericAliases(db: Q) {
  return db
    .selectFrom('cat_generic_aliases')
    .select(['generic_name_id', 'alias', 'pinyin', 'initials'])
    .execute()
}

/** Every model's id by its code, for the names' index. */
export function modelIds(db: Q) {
  return db.selectFrom('cat_models').select(['id', 'model_code']).execute()
}

/** The distinct part names with their generic name (0: none), pinyin and initials (import/name-index.ts). */
export function partNames(db: Q) {
  return db
    .selectFrom('cat_part_names')
    .select(['generic_name_id', 'name_cn', 'pinyin', 'initials'])
    .execute()
}

export interface ModelPartRow {
  disp_number: string
  norm_number: string
  part_name_cn: string
  generic_name_id: number | null
  illustration_id: number
  callout: number
  quantity: number
}

// Few columns: every value costs more to hand over than the look-ups that find a row (docs/performance.md).
const MODEL_PART_COLUMNS = `p.disp_number, p.norm_number, p.part_name_cn, p.generic_name_id, f.illustration_id,
  f.callout, f.quantity`

/** Every illustration with where it sits in the group tree, in the tree's order. */
export function illustrationPlaces(db: Q) {
  return db
    .selectFrom('cat_illustrations as il')
    .innerJoin('cat_sub_groups as sg', 'sg.id', 'il.sub_group_id')
    .innerJoin('cat_main_groups as mg', 'mg.id', 'sg.main_group_id')
    .select([
      'il.id',
      'il.image_code',
      'il.image_name',
      'sg.sub_number',
      'mg.main_number',
      'mg.id as main_id',
    ])
    .execute()
}

/**
 * A model's parts of some generic names (0: parts without one): only the
 * callouts where the model has parts of those names are read (cat_name_callouts, kept by the importer), a
 * few of the model's thousands of fitments. Plain SQL kept as a prepared statement. On SQLite the list is
 * bound value by value (reading it from one JSON value cost a quarter of the statement's time), padded to a
 * power of two with its last id so that a dozen texts serve every length. On PostgreSQL the same query is
 * the function model_parts_of_names (migration 0017), planned once per connection: as a prepared statement
 * it was planned again on every run.
 */
export function modelPartsOfNames(db: Q, modelId: number, genericIds: number[]): Promise<ModelPartRow[]> {
  if (!genericIds.length) return Promise.resolve([])
  if (!onSqlite(db))
    return runKept<ModelPartRow>(db, 'select * from model_parts_of_names($1, $2::integer[])', [
      modelId,
      genericIds,
    ])
  const ids = paddedList(genericIds)
  const text = `select ${MODEL_PART_COLUMNS}
    from cat_name_callouts n
    join cat_fitments f
      on f.model_id = n.model_id and f.illustration_id = n.illustration_id and f.callout = n.callout
    join cat_parts p on p.id = f.part_id
    where n.model_id = ? and n.generic_name_id in (${ids.map(() => '?').join(',')})
      and coalesce(p.generic_name_id, 0) = n.generic_name_id`
  return runKept<ModelPartRow>(db, text, [modelId, ...ids])
}

/** A list lengthened to the next power of two by repeating its last item (an `in` list's answer is the same). */
function paddedList<T>(list: T[]): T[] {
  const padded = [...list]
  while (padded.length & (padded.length - 1)) padded.push(list[list.length - 1] as T)
  return padded
}

/**
 * A model's parts of generic names with the illustration they are drawn in, the caller's price and the newer
 * number (the open API's parts/by-name): through the names' callouts, as the name search, so only the
 * fitments of those names are read.
 */
export const modelPartsOfGenericNames = precompiled(
  (db: Q, modelId: number, genericIds: number[], type4s: number) => {
    const l = partListing(db, type4s)
    return db
      .selectFrom('cat_name_callouts as n')
      .innerJoin('cat_fitments as f', (j) =>
        j
          .onRef('f.model_id', '=', 'n.model_id')
          .onRef('f.illustration_id', '=', 'n.illustration_id')
          .onRef('f.callout', '=', 'n.callout'),
      )
      .innerJoin('cat_parts as p', 'p.id', 'f.part_id')
      .innerJoin('cat_illustrations as il', 'il.id', 'f.illustration_id')
      .select([
        'n.generic_name_id',
        'p.disp_number',
        'p.norm_number',
        'p.part_name_cn',
        'f.quantity',
        'f.callout',
        'il.image_code',
        'il.image_name',
        l.price.as('price_fen'),
        'p.replaced_by',
      ])
      .where('n.model_id', '=', modelId)
      .where('n.generic_name_id', 'in', genericIds)
      .whereRef('p.generic_name_id', '=', 'n.generic_name_id')
      .orderBy('n.generic_name_id')
      .orderBy('il.image_code')
      .orderBy('f.callout')
      .orderBy('p.disp_number')
  },
)

/** A model's parts whose number starts so; at most `limit`. */
export function modelPartsByNumber(db: Q, modelId: number, prefix: string, limit: number) {
  const sqlite = onSqlite(db)
  const [a, b, c, d] = sqlite ? ['?', '?', '?', '?'] : ['$1', '$2', '$3', '$4']
  // Parts first (SQLite takes a cross join's order as written): left to itself it may read the model's
  // fitments and look each part up, the very scan the name search avoids.
  const text = `select ${MODEL_PART_COLUMNS}
    from cat_parts p cross join cat_fitments f
    where p.norm_number >= ${a} and p.norm_number < ${b} and f.part_id = p.id and f.model_id = ${c}
    limit ${d}`
  return runKept<ModelPartRow>(db, text, [prefix, `${prefix}\u{10FFFF}`, modelId, limit])
}

/**
 * A model's fitments of given generic names with where they sit, for the maintenance and accident lists: in
 * the order of the group tree, then callout, so a list reads like the drawings.
 */
export function modelFitmentsOfNames(db: Q, modelId: number, genericIds: number[], type4s: number) {
  if (!genericIds.length) return Promise.resolve([])
  const l = partListing(db, type4s)
  return db
    .selectFrom('cat_fitments as f')
    .innerJoin('cat_parts as p', 'p.id', 'f.part_id')
    .innerJoin('cat_illustrations as il', 'il.id', 'f.illustration_id')
    .innerJoin('cat_sub_groups as sg', 'sg.id', 'il.sub_group_id')
    .innerJoin('cat_main_groups as mg', 'mg.id', 'sg.main_group_id')
    .select([
      'p.id',
      'p.disp_number',
      'p.part_name_cn',
      'p.generic_name_id',
      'f.quantity',
      'f.callout',
      'f.position',
      'il.image_code',
      l.price.as('price_fen'),
      l.stock.as('stock_total'),
      l.banned.as('sales_banned'),
    ])
    .where('f.model_id', '=', modelId)
    .where('p.generic_name_id', 'in', genericIds)
    .orderBy('mg.id')
    .orderBy('sg.sub_number')
    .orderBy('il.image_code')
    .orderBy('f.callout')
    .orderBy('p.disp_number')
    .execute()
}

export function maintenanceOf(db: Q, modelId: number) {
  return db
    .selectFrom('cat_maintenance as m')
    .innerJoin('cat_generic_names as g', 'g.id', 'm.generic_name_id')
    .select(['m.generic_name_id', 'g.name_cn', 'g.unit', 'm.quantity', 'm.interval_km', 'm.interval_months'])
    .where('m.model_id', '=', modelId)
    .orderBy('m.interval_km')
    .orderBy('g.id')
    .execute()
}

export function accidentZones(db: Q) {
  return db
    .selectFrom('cat_accident_zones as z')
    .leftJoin('cat_zone_names as zn', 'zn.zone_id', 'z.id')
    .select(['z.code', 'z.name_cn', 'z.parent_code', 'z.position', 'zn.generic_name_id'])
    .orderBy('z.id')
    .execute()
}

// History

export async function recordVinQueries(
  db: Q,
  rows: { account_id: number; vin: string; model_id: number | null; created_at: number }[],
) {
  // On SQLite one prepared one-row insert, run for each row in one transaction: building and compiling
  // an insert of hundreds of rows in Kysely cost more than SQLite's own work. Inside an open transaction
  // the rows take their turn through Kysely, so they never join a transaction that may still roll back.
  const sqlite = embeddedSqlite(db)
  if (sqlite && !sqlite.inTransaction) {
    const one = { account_id: 0, vin: '', model_id: null, created_at: 0 }
    const insert = sqlite.prepare(db.insertInto('vin_queries').values(one).compile().sql)
    sqlite.transaction(() => {
      for (const r of rows) insert.run(r.account_id, r.vin, r.model_id, r.created_at)
    })()
    return
  }
  await db.insertInto('vin_queries').values(rows).execute()
}

export function recentVins(db: Q, accountId: number, limit: number) {
  return db
    .selectFrom('vin_queries as q')
    .leftJoin('cat_models as m', 'm.id', 'q.model_id')
    .select(['q.vin', 'q.created_at', 'm.car_name', 'm.model_code'])
    .where('q.account_id', '=', accountId)
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(limit * 4)
    .execute()
}

/** Forgets the VIN queries made before `before`; answers how many. */
export async function forgetVinQueriesBefore(db: Q, before: number): Promise<number> {
  const result = await db.deleteFrom('vin_queries').where('created_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * Fresh planner statistics after an import. On SQLite only the per-index figures (sqlite_stat1) are kept:
 * with the value samples of sqlite_stat4, every run of a statement whose plan might depend on its bound
 * values is compiled again, which cost a cold look-up a quarter of its time. On PostgreSQL the import's
 * update of the part markers leaves an old version of every part it changed (2.1 M on the bench catalogue,
 * 2 s to vacuum): vacuumed at once, look-ups do not step over them until autovacuum comes, if it is on.
 */
export async function refreshStatistics(db: Db) {
  if (db.dialect === 'postgres') {
    await sql`vacuum (analyze)`.execute(db.kysely)
    return
  }
  await sql`analyze`.execute(db.kysely)
  const stat4 = await sql`select 1 from sqlite_master where name = 'sqlite_stat4'`.execute(db.kysely)
  if (stat4.rows.length) await sql`delete from sqlite_stat4`.execute(db.kysely)
  // Makes this connection read the statistics again (other processes do when they next open the file).
  await sql`analyze sqlite_schema`.execute(db.kysely)
}

export async function metaValue(db: Q, key: string): Promise<string | undefined> {
  return (await db.selectFrom('cat_meta').select('value').where('key', '=', key).executeTakeFirst())?.value
}

export async function setMeta(db: Q, key: string, value: string) {
  await db
    .insertInto('cat_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute()
}
