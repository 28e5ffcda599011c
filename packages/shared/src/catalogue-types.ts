// The answers of the catalogue calls (docs/api.md), shared so the server's service and the web screens
// agree on every field. Money is yuan with 2 decimals; null where the catalogue has no price.

/** Car info of spec section 3, for one model. */
export interface CarInfo {
  ModelId: string
  /** Engine, transmission and production years as one string (spec section 3). */
  ModelCondition: string
  car_name: string
  year: number
  engine: string
  transmission: string
  series_number: string
  series_name: string
  brand_number: string
  brand_name: string
  manufacturerId: string
  manufacturer_name: string
  imported: boolean
  vinCode: string
}

export interface VinQueryAnswer {
  vinCode: string
  status: 'one' | 'several' | 'none'
  models: CarInfo[]
  decode: {
    valid: boolean
    maker: string | null
    brand: string | null
    country: string | null
    imported: boolean | null
    modelYear: number | null
    modelYearCandidates: number[]
    plantCode: string | null
    checkDigitValid: boolean | null
    expectedCheckDigit: string | null
    warnings: string[]
    corrections: { position: number; from: string; to: string }[]
  }
  /**
   * A VIN that fits no model and fails its check digit: the VINs one slip from it (a character wrong, two
   * neighbours swapped) whose check digit is right and that fit models, with those models. Empty otherwise.
   */
  meant: { vin: string; models: CarInfo[] }[]
}

export interface VinHistoryAnswer {
  /** status as a VIN query answers it now: 'one' names its model, 'several' and 'none' leave car_name empty. */
  recent: {
    vin: string
    car_name: string
    ModelId: string
    status: VinQueryAnswer['status']
    queried_at: number
  }[]
  demo: { vin: string; car_name: string; ModelId: string }[]
}

export interface BrandInitial {
  initial: string
  brands: {
    brand_number: string
    brand_name: string
    name_en: string
    imported: boolean
    group_code: string
    group_name: string
  }[]
}

export interface SeriesEntry {
  series_number: string
  series_name: string
  years: number[]
}

export interface GroupTreeAnswer {
  model: CarInfo
  groups: {
    main_number: string
    name: string
    subs: {
      sub_number: string
      name: string
      illustrations: { imageid: string; image_name: string; grpid: string }[]
    }[]
  }[]
}

export interface IllustrationPart {
  callout: number
  disp_number: string
  part_number: string
  part_name_cn: string
  quantity: number
  note: string
  remark: string
  price: number | null
  stock_total: number
  sales_banned: boolean
  substitutes: number
  replaced_by: string | null
  /** 1 marks a part with substitutes or a replacement (spec's replacement flag). */
  flag: 0 | 1
}

export interface IllustrationAnswer {
  model: CarInfo
  imageid: string
  image_name: string
  main_number: string
  main_name: string
  sub_number: string
  sub_name: string
  svg: string
  width: number
  height: number
  callouts: { callout: number; x: number; y: number }[]
  parts: IllustrationPart[]
}

export interface PartRow {
  disp_number: string
  part_number: string
  part_name_cn: string
  generic_name: string
  remark: string
  price: number | null
  /** Quantity per warehouse code (CC, BJ, … HD). */
  stock: Record<string, number>
  stock_total: number
  sales_banned: boolean
  substitutes: { disp_number: string; part_name_cn: string; note: string }[]
  flag: 0 | 1
}

export type PartsQueryRow =
  | ({ input: string; status: 'found' | 'prefix' } & PartRow)
  | ({ input: string; status: 'superseded'; old_number: string } & PartRow)
  /** `candidate_names`: each candidate's part name, in the same order; `more`: other parts start so too. */
  | {
      input: string
      status: 'several'
      part_number: string
      candidates: string[]
      candidate_names: string[]
      more: boolean
    }
  /** Not in the catalogue; these numbers are, a look-alike character or one slip of a key from it. */
  | { input: string; status: 'similar'; part_number: string; candidates: string[]; candidate_names: string[] }
  | { input: string; status: 'none'; part_number: string }

export interface StockRow {
  warehouse: string
  warehouse_name: string
  PART_NO: string
  PART_NAME: string
  PRICE: number | null
  NETWR: number | null
  STOCK_QUANTITY: number
  SLFLAG: number
}

export interface PartDetailAnswer {
  disp_number: string
  part_number: string
  part_name_cn: string
  generic_name: string
  remark: string
  price: number | null
  sales_banned: boolean
  replaced_by: string | null
  chain: { disp_number: string; part_number: string; changed_on: string; current: boolean }[]
  substitutes: { disp_number: string; part_name_cn: string; note: string }[]
  prices: { type4s: number; name: string; price: number | null }[]
  stock: StockRow[]
  models: {
    ModelId: string
    car_name: string
    year: number
    brand_name: string
    imageid: string
    image_name: string
    callout: number
    quantity: number
  }[]
}

export interface NameSearchHit {
  disp_number: string
  part_number: string
  part_name_cn: string
  imageid: string
  image_name: string
  main_number: string
  sub_number: string
  callout: number
  quantity: number
  /**
   * What found the part: its own name's characters, its number, typed pinyin or initials, a trade alias of
   * its generic name, the same sound with other characters (刹车骗), or part of a longer query (外球笼).
   */
  matched_by: 'name' | 'pinyin' | 'initials' | 'alias' | 'number' | 'sound' | 'partial'
  /** The generic name or alias the query reached the part through ('' when its own name or number did). */
  matched_text: string
}

/** /api/epc/namesearch: the hits, best first; when there are none, names to try instead (您是不是要找). */
export interface NameSearchAnswer {
  hits: NameSearchHit[]
  suggestions: string[]
}

/** How a glossary name matched the keyword: the name or alias, how, and what to highlight in it. */
export interface GlossaryMatch {
  text: string
  alias: boolean
  kind: 'exact' | 'sound' | 'partial'
  via: 'chars' | 'pinyin' | 'initials' | 'sound'
  /** [start, length] in `text`. */
  spans: [number, number][]
}

export interface GlossaryName {
  name: string
  pinyin: string
  initials: string
  unit: string
  aliases: string[]
  /** null when the glossary was asked without a keyword. */
  match: GlossaryMatch | null
}

export interface GlossarySystem {
  system: string
  names: GlossaryName[]
}

/**
 * /api/epc/glossary: the systems with their names (with a keyword: the names it reaches, best first, and the
 * systems in the order of their best name); when the keyword reaches nothing better than part of it, names
 * to try instead.
 */
export interface GlossaryAnswer {
  systems: GlossarySystem[]
  suggestions: string[]
}

export interface MaintenanceAnswer {
  model: CarInfo
  mileage: number
  service_mileage: number
  items: {
    generic_name: string
    unit: string
    quantity: number
    interval_km: number
    interval_months: number
    disp_number: string | null
    part_name_cn: string | null
    price: number | null
    money: number | null
    stock_total: number
    sales_banned: boolean
  }[]
  total: number
}

export interface AccidentZone {
  code: string
  name: string
  children: { code: string; name: string; parent: string | null }[]
}

export interface AccidentAnswer {
  model: CarInfo
  zones: string[]
  items: {
    disp_number: string
    part_name_cn: string
    imageid: string
    callout: number
    quantity: number
    price: number | null
    money: number | null
    stock_total: number
    sales_banned: boolean
  }[]
  total: number
}
