// Table types for Kysely. Times are epoch milliseconds (bigint columns); flags are 0/1 integers,
// so one shape works on SQLite and PostgreSQL alike.
import type { CouponKind, MessageKindCode, OrderStateName, PlanKind, SheetKind } from '@epc/shared'
import type { Generated, Insertable, Selectable } from 'kysely'

/** 'removed': a staff member the owner removed (0010), the row kept so records keep their author;
 * 'cancelled': an account of a company whose cancellation was resolved (0011). */
export type AccountStateName = 'active' | 'disabled' | 'banned' | 'removed' | 'cancelled'
export type SessionRevokedReason =
  | 'logout'
  | 'other_device'
  | 'password_reset'
  | 'password_changed'
  | 'mobile_changed'
  | 'cancelled'
  | 'disabled'
  | 'removed'

export interface CompaniesTable {
  id: Generated<number>
  name: string
  mobile: string
  open_id: string
  type4s: number
  created_at: number
}

export interface AccountsTable {
  id: Generated<number>
  company_id: number
  mobile: string
  user_name: string
  password_hash: string
  state: AccountStateName
  state_reason: string | null
  is_owner: number
  created_at: number
  updated_at: number
  /** A staff member may see purchase prices and purchase orders (0010); the owner always may. */
  see_purchase_price: Generated<number>
  /** Added or reset by the owner: the member sets a password of their own first (0010). */
  must_change_password: Generated<number>
  /** The last successful sign-in (0010). */
  last_login_at: number | null
}

export interface SessionsTable {
  token_hash: string
  account_id: number
  created_at: number
  last_seen_at: number
  expires_at: number
  revoked_at: number | null
  revoked_reason: SessionRevokedReason | null
}

export interface SmsCodesTable {
  id: Generated<number>
  mobile: string
  scene: string
  code_hash: string
  created_at: number
  expires_at: number
  tries: number
  used_at: number | null
}

export interface ServicesTable {
  id: Generated<number>
  company_id: number
  kind: 'trial' | 'paid'
  starts_at: number
  ends_at: number
  created_at: number
  /** The paid order this period came from; null for the trial. */
  order_id: number | null
}

export interface PlansTable {
  id: Generated<number>
  code: string
  name: string
  kind: PlanKind
  price_fen: number
  days: number
  queries: number
  seats: number
  items: number
  active: number
  sort: number
}

export type CouponStateName = 'unused' | 'reserved' | 'used'

export interface CouponsTable {
  id: Generated<number>
  company_id: number
  kind: CouponKind
  title: string
  threshold_fen: number
  off_fen: number
  percent: number
  days: number
  valid_from: number
  valid_to: number
  state: CouponStateName
  order_id: number | null
  used_at: number | null
  created_at: number
}

export interface OrdersTable {
  id: Generated<number>
  order_no: string
  company_id: number
  account_id: number
  plan_id: number
  plan_code: string
  plan_name: string
  plan_kind: PlanKind
  list_fen: number
  discount_fen: number
  amount_fen: number
  days: number
  extra_days: number
  queries: number
  seats: number
  items: number
  coupon_id: number | null
  state: OrderStateName
  channel: string | null
  trade_no: string | null
  created_at: number
  expires_at: number
  paid_at: number | null
  effective_at: number | null
  /** When it was cancelled or closed. */
  ended_at: number | null
  grant_starts_at: number | null
  grant_ends_at: number | null
  queries_left: number
  items_left: number
  updated_at: number
  /** Comma-separated channels a payment was started on (0008). */
  pay_channels: Generated<string>
  /** When the platform was last asked about this order (trade query). */
  queried_at: number | null
}

/** refund_needed until the operator refunds it (`ops refund`), then refunded. */
export type PaymentOutcome = 'applied' | 'refund_needed' | 'refunded'

export interface PaymentsTable {
  id: Generated<number>
  order_id: number | null
  order_no: string
  channel: string
  trade_no: string
  amount_fen: number
  outcome: PaymentOutcome
  created_at: number
}

export type InvoiceKind = '普通发票' | '增值税专用发票'

export interface InvoicesTable {
  id: Generated<number>
  order_id: number
  company_id: number
  kind: InvoiceKind
  title: string
  tax_no: string
  email: string
  address: string
  phone: string
  bank: string
  bank_account: string
  /** 待开票 until the operator issues it, then 已开票. */
  state: '待开票' | '已开票'
  created_at: number
  issued_at: number | null
}

export interface NoticesTable {
  id: Generated<number>
  company_id: number
  /** renewal_7 / renewal_1 (reminders before the service ends); the staff issue adds kinds. */
  kind: string
  subject: string
  title: string
  body: string
  created_at: number
  read_at: number | null
}

// Catalogue (0002_catalogue)

export interface CatBrandGroupsTable {
  id: Generated<number>
  code: string
  name_cn: string
}

export interface CatManufacturersTable {
  id: Generated<number>
  code: string
  name_cn: string
  country: string
}

export interface CatBrandsTable {
  id: Generated<number>
  brand_number: string
  name_cn: string
  name_en: string
  initial: string
  brand_group_id: number
  imported: number
  sort: number
}

export interface CatSeriesTable {
  id: Generated<number>
  series_number: string
  brand_id: number
  name_cn: string
}

export interface CatModelsTable {
  id: Generated<number>
  model_code: string
  series_id: number
  manufacturer_id: number
  car_name: string
  year: number
  engine: string
  transmission: string
}

export interface CatVinPatternsTable {
  id: Generated<number>
  wmi: string
  vds_pattern: string
  year_from: number
  year_to: number
  model_id: number
}

export interface CatMainGroupsTable {
  id: Generated<number>
  main_number: string
  name_cn: string
}

export interface CatSubGroupsTable {
  id: Generated<number>
  sub_number: string
  main_group_id: number
  name_cn: string
}

export interface CatIllustrationsTable {
  id: Generated<number>
  image_code: string
  image_name: string
  sub_group_id: number
  svg: string
  width: number
  height: number
  callouts: string
  /** The drawing's answer fields, deflated (catalogue-data/import/drawing-piece.ts); null only mid-migration. */
  drawing_piece: Buffer | null
}

export interface CatModelIllustrationsTable {
  model_id: number
  illustration_id: number
  /** The pair's parts list (cat_part_lists), null when it has no fitments; derived by the importer. */
  part_list: number | null
}

/** A parts list as the illustration answer gives it, deflated, per price list (import/part-lists.ts). */
export interface CatPartListsTable {
  list: number
  type4s: number
  piece: Buffer
}

export interface CatGenericNamesTable {
  id: Generated<number>
  name_cn: string
  system: string
  unit: string
  pinyin: string
  initials: string
}

export interface CatGenericAliasesTable {
  generic_name_id: number
  alias: string
  pinyin: string
  initials: string
}

export interface CatPartsTable {
  id: Generated<number>
  disp_number: string
  norm_number: string
  part_name_cn: string
  generic_name_id: number | null
  remark: string
  name_pinyin: string
  name_initials: string
  /** Listing markers kept by the importer (import/part-markers.ts). */
  stock_total: Generated<number>
  sales_banned: Generated<number>
  substitute_count: Generated<number>
  replaced_by: string | null
}

/** The name search's index, kept by the importer (import/name-index.ts); 0: no generic name. */
export interface CatNameCalloutsTable {
  model_id: number
  generic_name_id: number
  illustration_id: number
  callout: number
}

export interface CatPartNamesTable {
  generic_name_id: number
  name_cn: string
  pinyin: string
  initials: string
}

export interface CatFitmentsTable {
  model_id: number
  illustration_id: number
  callout: number
  part_id: number
  quantity: number
  note: string
  /** Side then end ('', 左, 右前 …): modules/catalogue/position.ts. */
  position: Generated<string>
}

export interface CatSupersessionsTable {
  old_part_id: number
  new_part_id: number
  changed_on: string
}

export interface CatSubstitutesTable {
  part_id: number
  substitute_part_id: number
  note: string
}

export interface CatPricesTable {
  part_id: number
  type4s: number
  price_fen: number
}

export interface CatStockTable {
  part_id: number
  warehouse: string
  purchase_fen: number
  sale_fen: number
  quantity: number
  sales_banned: number
}

export interface CatMaintenanceTable {
  model_id: number
  generic_name_id: number
  quantity: number
  interval_km: number
  interval_months: number
}

export interface CatAccidentZonesTable {
  id: Generated<number>
  code: string
  name_cn: string
  parent_code: string | null
  position: Generated<string>
}

export interface CatZoneNamesTable {
  zone_id: number
  generic_name_id: number
}

export interface CatMetaTable {
  key: string
  value: string
}

export interface VinQueriesTable {
  id: Generated<number>
  account_id: number
  vin: string
  model_id: number | null
  created_at: number
}

// Sheets (0003_sheets)

export interface SheetsTable {
  id: Generated<number>
  company_id: number
  kind: SheetKind
  order_id: string
  client_name: string
  vin: string
  car_no: string
  car_type: string
  remark: string
  makeorder_user: string
  created_by: number
  created_at: number
  updated_at: number
}

export interface SheetLinesTable {
  id: Generated<number>
  sheet_id: number
  part_number: string
  part_norm: string
  part_name: string
  amount_x100: number
  price_fen: number
  money_fen: number
  purchase_price_fen: number | null
  available_stock: number
  area_stock: string
  user_name: string
  flag: number
  created_at: number
}

export interface SheetCountersTable {
  company_id: number
  kind: SheetKind
  day: string
  last: number
}

// Dealer prices reported from a desktop host (0009_host_prices)

export interface HostPricesTable {
  id: Generated<number>
  company_id: number
  account_id: number
  part_number: string
  part_norm: string
  type4s: number
  raw: string
  raw_length: number
  sale_fen: number | null
  purchase_fen: number | null
  stock: number | null
  minute: number
  created_at: number
}

// Messages, login history and cancellations (0011_messages_profile)

export interface MessagesTable {
  id: Generated<number>
  /** The recipient. */
  account_id: number
  company_id: number
  kind: MessageKindCode
  /** What the message is about (an order, a coupon, a service end …): one message per account, kind and subject. */
  subject: string
  title: string
  body: string
  created_at: number
  read_at: number | null
}

export interface LoginHistoryTable {
  id: Generated<number>
  account_id: number
  created_at: number
  ip: string
  user_agent: string
  /** Short readable text from the User-Agent, e.g. `Chrome 156 · Windows`. */
  device: string
}

export type CancellationStateName = 'pending' | 'withdrawn' | 'resolved'

export interface CancellationsTable {
  id: Generated<number>
  company_id: number
  /** The owner who asked. */
  account_id: number
  state: CancellationStateName
  created_at: number
  due_at: number
  withdrawn_at: number | null
  resolved_at: number | null
}

/** A company's data-service key (0014): the AppSecret sealed (AES-256-GCM, lib/secrets.ts sealSecret). */
export interface ApiKeysTable {
  id: Generated<number>
  company_id: number
  app_key: string
  name: string
  secret_sealed: string
  /** 1: answers from the demo catalogue and is never charged. */
  is_test: Generated<number>
  /** JSON array of addresses and CIDR ranges the key may be used from; '[]' for any. */
  ip_ranges: Generated<string>
  /** The key's rate limit; 10 unless the operator raised it. */
  requests_per_second: Generated<number>
  /** JSON array of the origins that may frame the key's embedded catalogues (0015); '[]' for none. */
  embed_origins: Generated<string>
  created_at: number
  rotated_at: number | null
  last_used_at: number | null
  revoked_at: number | null
}

/** One key's use on one Beijing day (YYYY-MM-DD). */
export interface ApiUsageTable {
  key_id: number
  day: string
  company_id: number
  requests: Generated<number>
  items_charged: Generated<number>
  items_free: Generated<number>
}

/** An asynchronous parts/by-name batch (0014): queued, running, done or failed. */
export interface ApiJobsTable {
  id: string
  key_id: number
  company_id: number
  state: 'queued' | 'running' | 'done' | 'failed'
  /** The validated request body, JSON. */
  request: string
  /** VIN and name pairs asked for. */
  pairs: number
  /** Request items answered so far; their results are in api_job_chunks. */
  done_items: Generated<number>
  items_charged: Generated<number>
  /** The process working on it (a random id per process). */
  worker: string | null
  error: string | null
  created_at: number
  /** The running worker's last sign of life. */
  beat_at: number | null
  finished_at: number | null
}

/** A run of a job's items answered and charged together: their results, a JSON array. */
export interface ApiJobChunksTable {
  job_id: string
  first_item: number
  results: string
}

/** An embedded catalogue for one VIN (0015): a one-time link, then a session of its own, apart from sign-ins. */
export interface EmbedSessionsTable {
  id: Generated<number>
  key_id: number
  company_id: number
  vin: string
  /** JSON array of the VIN's catalogue models (ModelId strings). */
  model_ids: string
  link_hash: string
  link_expires_at: number
  token_hash: string | null
  opened_at: number | null
  expires_at: number | null
  created_at: number
}

export interface Database {
  companies: CompaniesTable
  accounts: AccountsTable
  sessions: SessionsTable
  sms_codes: SmsCodesTable
  services: ServicesTable
  plans: PlansTable
  coupons: CouponsTable
  orders: OrdersTable
  payments: PaymentsTable
  invoices: InvoicesTable
  notices: NoticesTable
  cat_brand_groups: CatBrandGroupsTable
  cat_manufacturers: CatManufacturersTable
  cat_brands: CatBrandsTable
  cat_series: CatSeriesTable
  cat_models: CatModelsTable
  cat_vin_patterns: CatVinPatternsTable
  cat_main_groups: CatMainGroupsTable
  cat_sub_groups: CatSubGroupsTable
  cat_illustrations: CatIllustrationsTable
  cat_model_illustrations: CatModelIllustrationsTable
  cat_generic_names: CatGenericNamesTable
  cat_generic_aliases: CatGenericAliasesTable
  cat_parts: CatPartsTable
  cat_fitments: CatFitmentsTable
  cat_name_callouts: CatNameCalloutsTable
  cat_part_lists: CatPartListsTable
  cat_part_names: CatPartNamesTable
  cat_supersessions: CatSupersessionsTable
  cat_substitutes: CatSubstitutesTable
  cat_prices: CatPricesTable
  cat_stock: CatStockTable
  cat_maintenance: CatMaintenanceTable
  cat_accident_zones: CatAccidentZonesTable
  cat_zone_names: CatZoneNamesTable
  cat_meta: CatMetaTable
  vin_queries: VinQueriesTable
  sheets: SheetsTable
  sheet_lines: SheetLinesTable
  sheet_counters: SheetCountersTable
  host_prices: HostPricesTable
  messages: MessagesTable
  login_history: LoginHistoryTable
  cancellations: CancellationsTable
  api_keys: ApiKeysTable
  api_usage: ApiUsageTable
  api_jobs: ApiJobsTable
  api_job_chunks: ApiJobChunksTable
  embed_sessions: EmbedSessionsTable
}

export type Account = Selectable<AccountsTable>
export type NewAccount = Insertable<AccountsTable>
export type Company = Selectable<CompaniesTable>
export type Session = Selectable<SessionsTable>
