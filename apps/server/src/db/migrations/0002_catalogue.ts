// The catalogue: makers and brands, series and models with their VIN patterns, the group tree with its
// illustrations, parts with fitments, supersessions and substitutes, 4S prices, stock per warehouse, the
// generic part names with aliases, maintenance schedules, accident zones, and each account's VIN queries.
// Catalogue rows are shared licensed data, not any company's; natural codes (brand_number, model_code,
// image_code, norm_number) are what imports match on.
import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../database'
import { withId } from './helpers'

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema
  // On SQLite the big tables are clustered by their keys: fitments by model and illustration (tens of
  // millions of rows), prices and stock by part, so a part's rows are one range read, not a look-up each.
  const clustered = dialect === 'sqlite' ? sql` without rowid` : sql``

  await withId(s.createTable('cat_brand_groups'), dialect)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name_cn', 'text', (c) => c.notNull())
    .execute()

  await withId(s.createTable('cat_manufacturers'), dialect)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name_cn', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .execute()

  await withId(s.createTable('cat_brands'), dialect)
    .addColumn('brand_number', 'text', (c) => c.notNull().unique())
    .addColumn('name_cn', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('initial', 'text', (c) => c.notNull())
    .addColumn('brand_group_id', 'integer', (c) => c.notNull().references('cat_brand_groups.id'))
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await withId(s.createTable('cat_series'), dialect)
    .addColumn('series_number', 'text', (c) => c.notNull().unique())
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('cat_brands.id'))
    .addColumn('name_cn', 'text', (c) => c.notNull())
    .execute()
  await s.createIndex('cat_series_brand_idx').on('cat_series').column('brand_id').execute()

  await withId(s.createTable('cat_models'), dialect)
    .addColumn('model_code', 'text', (c) => c.notNull().unique())
    .addColumn('series_id', 'integer', (c) => c.notNull().references('cat_series.id'))
    .addColumn('manufacturer_id', 'integer', (c) => c.notNull().references('cat_manufacturers.id'))
    .addColumn('car_name', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('transmission', 'text', (c) => c.notNull())
    .execute()
  await s.createIndex('cat_models_series_idx').on('cat_models').columns(['series_id', 'year']).execute()

  await withId(s.createTable('cat_vin_patterns'), dialect)
    .addColumn('wmi', 'text', (c) => c.notNull())
    .addColumn('vds_pattern', 'text', (c) => c.notNull())
    .addColumn('year_from', 'integer', (c) => c.notNull())
    .addColumn('year_to', 'integer', (c) => c.notNull())
    .addColumn('model_id', 'integer', (c) => c.notNull().references('cat_models.id'))
    .execute()
  await s.createIndex('cat_vin_patterns_wmi_idx').on('cat_vin_patterns').column('wmi').execute()
  await s
    .createIndex('cat_vin_patterns_key')
    .on('cat_vin_patterns')
    .columns(['wmi', 'vds_pattern', 'year_from', 'model_id'])
    .unique()
    .execute()

  await withId(s.createTable('cat_main_groups'), dialect)
    .addColumn('main_number', 'text', (c) => c.notNull().unique())
    .addColumn('name_cn', 'text', (c) => c.notNull())
    .execute()

  await withId(s.createTable('cat_sub_groups'), dialect)
    .addColumn('sub_number', 'text', (c) => c.notNull().unique())
    .addColumn('main_group_id', 'integer', (c) => c.notNull().references('cat_main_groups.id'))
    .addColumn('name_cn', 'text', (c) => c.notNull())
    .execute()

  await withId(s.createTable('cat_illustrations'), dialect)
    .addColumn('image_code', 'text', (c) => c.notNull().unique())
    .addColumn('image_name', 'text', (c) => c.notNull())
    .addColumn('sub_group_id', 'integer', (c) => c.notNull().references('cat_sub_groups.id'))
    .addColumn('svg', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    // [[callout, x, y], ...] in SVG units, read with the drawing.
    .addColumn('callouts', 'text', (c) => c.notNull())
    .execute()

  await s
    .createTable('cat_model_illustrations')
    .addColumn('model_id', 'integer', (c) => c.notNull())
    .addColumn('illustration_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('cat_model_illustrations_pk', ['model_id', 'illustration_id'])
    .modifyEnd(clustered)
    .execute()

  await withId(s.createTable('cat_generic_names'), dialect)
    .addColumn('name_cn', 'text', (c) => c.notNull().unique())
    .addColumn('system', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('pinyin', 'text', (c) => c.notNull())
    .addColumn('initials', 'text', (c) => c.notNull())
    .execute()

  await s
    .createTable('cat_generic_aliases')
    .addColumn('generic_name_id', 'integer', (c) => c.notNull())
    .addColumn('alias', 'text', (c) => c.notNull())
    .addColumn('pinyin', 'text', (c) => c.notNull())
    .addColumn('initials', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cat_generic_aliases_pk', ['generic_name_id', 'alias'])
    .execute()

  await withId(s.createTable('cat_parts'), dialect)
    .addColumn('disp_number', 'text', (c) => c.notNull())
    .addColumn('norm_number', 'text', (c) => c.notNull().unique())
    .addColumn('part_name_cn', 'text', (c) => c.notNull())
    .addColumn('generic_name_id', 'integer')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name_pinyin', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name_initials', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await s.createIndex('cat_parts_generic_idx').on('cat_parts').column('generic_name_id').execute()

  await s
    .createTable('cat_fitments')
    .addColumn('model_id', 'integer', (c) => c.notNull())
    .addColumn('illustration_id', 'integer', (c) => c.notNull())
    .addColumn('callout', 'integer', (c) => c.notNull())
    .addColumn('part_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('cat_fitments_pk', ['model_id', 'illustration_id', 'callout', 'part_id'])
    .modifyEnd(clustered)
    .execute()
  await s.createIndex('cat_fitments_part_idx').on('cat_fitments').columns(['part_id', 'model_id']).execute()

  await s
    .createTable('cat_supersessions')
    .addColumn('old_part_id', 'integer', (c) => c.primaryKey())
    .addColumn('new_part_id', 'integer', (c) => c.notNull())
    .addColumn('changed_on', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await s.createIndex('cat_supersessions_new_idx').on('cat_supersessions').column('new_part_id').execute()

  await s
    .createTable('cat_substitutes')
    .addColumn('part_id', 'integer', (c) => c.notNull())
    .addColumn('substitute_part_id', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('cat_substitutes_pk', ['part_id', 'substitute_part_id'])
    .execute()

  await s
    .createTable('cat_prices')
    .addColumn('part_id', 'integer', (c) => c.notNull())
    .addColumn('type4s', 'integer', (c) => c.notNull())
    .addColumn('price_fen', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cat_prices_pk', ['part_id', 'type4s'])
    .modifyEnd(clustered)
    .execute()

  await s
    .createTable('cat_stock')
    .addColumn('part_id', 'integer', (c) => c.notNull())
    .addColumn('warehouse', 'text', (c) => c.notNull())
    .addColumn('purchase_fen', 'bigint', (c) => c.notNull())
    .addColumn('sale_fen', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('sales_banned', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('cat_stock_pk', ['part_id', 'warehouse'])
    .modifyEnd(clustered)
    .execute()

  await s
    .createTable('cat_maintenance')
    .addColumn('model_id', 'integer', (c) => c.notNull())
    .addColumn('generic_name_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('interval_km', 'integer', (c) => c.notNull())
    .addColumn('interval_months', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('cat_maintenance_pk', ['model_id', 'generic_name_id'])
    .execute()

  await withId(s.createTable('cat_accident_zones'), dialect)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name_cn', 'text', (c) => c.notNull())
    .addColumn('parent_code', 'text')
    .execute()

  await s
    .createTable('cat_zone_names')
    .addColumn('zone_id', 'integer', (c) => c.notNull())
    .addColumn('generic_name_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('cat_zone_names_pk', ['zone_id', 'generic_name_id'])
    .execute()

  await s
    .createTable('cat_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute()

  await withId(s.createTable('vin_queries'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('vin', 'text', (c) => c.notNull())
    .addColumn('model_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await s
    .createIndex('vin_queries_account_idx')
    .on('vin_queries')
    .columns(['account_id', 'created_at'])
    .execute()
}
