// The demo catalogue, generated deterministically (the same seed gives the same rows): real marques and
// models with made-up numbers in each maker's style, full group trees with drawings, parts shared the way
// platforms share them, supersession chains, substitutes, 4S prices, stock in the ten warehouses,
// maintenance schedules, accident zones and demo VINs. It feeds the importer exactly as CSV files would.
// The bench size multiplies series and part variants to millions of rows.
import { checkDigit, modelYearCode, PRICE_LISTS, WAREHOUSE_CODES } from '@epc/shared'
import { positionOfName, withinParent } from '../../modules/catalogue/position'
import type { RecordTable } from '../import/record-source'
import { ACCIDENT_ZONES } from './accident-zones'
import {
  BRAND_GROUPS,
  BRANDS,
  type BrandSpec,
  MANUFACTURERS,
  type ModelSpec,
  type NumberStyle,
  type SeriesSpec,
} from './brands'
import { GENERIC_NAMES } from './generic-names'
import { drawIllustration } from './illustration'
import { MAINTENANCE_ITEMS } from './maintenance'
import type { PartShape } from './shapes'
import { type CalloutSpec, MAIN_GROUPS, type SubGroupSpec, specificName } from './taxonomy'

export type DemoSize = 'tiny' | 'demo' | 'bench'

interface SizePlan {
  brands: (b: BrandSpec) => boolean
  /** Synthetic extra series per brand (bench). */
  extraSeries: number
  /** Part variants per non-hardware callout and series (bench): engines, markets, facelifts. */
  variants: number
  /** Extra trims of every model (bench), each with its own VIN pattern. */
  trimCopies: number
  /** The share of warehouses that list a part. */
  stockRate: number
}

const PLANS: Record<DemoSize, SizePlan> = {
  tiny: {
    brands: (b) => b.number === 'FV' || b.number === 'GT',
    extraSeries: 0,
    variants: 1,
    trimCopies: 0,
    stockRate: 0.6,
  },
  demo: { brands: () => true, extraSeries: 0, variants: 1, trimCopies: 0, stockRate: 0.6 },
  // At least 2,000,000 parts and 10,000,000 fitments, for `npm run bench`.
  bench: { brands: () => true, extraSeries: 45, variants: 5, trimCopies: 3, stockRate: 0.25 },
}

const TRIM_NAMES = ['舒适型', '豪华型', '尊贵型', '运动型', '旗舰型', '出租车型']

export interface DemoVin {
  vin: string
  car_name: string
  ModelId: string
}

export interface DemoCatalogue {
  tables: Record<string, RecordTable>
  demoVins: DemoVin[]
}

// Small, fast, seedable PRNG; seeded per item from a string hash so the output does not depend on order.
function mulberry32(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function hash(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

const rand = (key: string) => mulberry32(hash(key))
const digits = (r: () => number, n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('')
const ALNUM = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ'
const alnum = (r: () => number, n: number) =>
  Array.from({ length: n }, () => ALNUM[Math.floor(r() * ALNUM.length)]).join('')
const LETTERS = 'ABCDEFGHJKLMNPQRST'

const HARDWARE: ReadonlySet<PartShape> = new Set([
  'bolt',
  'nut',
  'washer',
  'clip',
  'seal',
  'gasket',
  'plug',
  'fuse',
  'relay',
  'bushing',
])

/** Base 4S price range in yuan by shape: what such a part costs at a dealer. */
const PRICE_RANGE: Partial<Record<PartShape, [number, number]>> = {
  bolt: [2, 18],
  nut: [1.5, 12],
  washer: [0.8, 8],
  clip: [1.5, 15],
  seal: [6, 60],
  gasket: [8, 90],
  plug: [25, 120],
  fuse: [3, 15],
  relay: [45, 180],
  bushing: [40, 260],
  spring: [60, 420],
  filter: [45, 220],
  element: [35, 180],
  pad: [260, 980],
  disc: [380, 1600],
  caliper: [900, 3200],
  drum: [400, 1400],
  belt: [120, 680],
  pulley: [180, 900],
  chain: [300, 1500],
  gear: [300, 2200],
  sensor: [160, 1400],
  connector: [20, 160],
  bulb: [25, 320],
  lamp: [900, 6800],
  panel: [600, 4200],
  glass: [800, 3600],
  handle: [120, 680],
  lock: [260, 1500],
  hinge: [80, 420],
  bearing: [220, 1200],
  hub: [600, 2200],
  shaft: [700, 3800],
  arm: [450, 1900],
  knuckle: [900, 3200],
  strut: [700, 2600],
  boot: [60, 260],
  mount: [260, 1400],
  coil: [260, 980],
  injector: [450, 1800],
  valve: [120, 1600],
  piston: [500, 1900],
  pump: [520, 3800],
  fan: [700, 2800],
  radiator: [800, 3200],
  tank: [300, 2600],
  mirror: [700, 3200],
  wiper: [60, 380],
  switch: [120, 900],
  module: [900, 8800],
  cable: [80, 680],
  harness: [600, 4800],
  battery: [650, 1600],
  horn: [120, 480],
  seat: [2800, 9800],
  trim: [90, 1200],
  grille: [600, 3600],
  bumper: [1400, 5200],
  emblem: [120, 680],
  wheel: [1500, 4800],
  tire: [560, 1800],
  muffler: [900, 4200],
  catalyst: [3200, 12800],
  motor: [600, 3800],
  compressor: [2800, 9800],
  cap: [30, 260],
  bar: [300, 1600],
  link: [160, 680],
  cover: [120, 1400],
  housing: [300, 4800],
  hose: [60, 520],
  pipe: [90, 900],
}

/** Where the shape's range misleads: fluids are priced per litre, lens covers are not whole lamps. */
const NAME_PRICE_RANGE: Record<string, [number, number]> = {
  发动机机油: [68, 138],
  变速箱油: [85, 180],
  冷却液: [30, 80],
  制动液: [45, 110],
  玻璃清洗液: [8, 25],
  大灯灯罩: [280, 1100],
}

const GROUP_PRICE_FACTOR: Record<string, number> = {
  vw: 1,
  toyota: 0.95,
  honda: 0.95,
  benz: 1.85,
  nissan: 0.85,
  buick: 0.9,
}

const IMAGE_PREFIX: Record<string, string> = {
  vw: 'V',
  toyota: 'T',
  honda: 'H',
  benz: 'M',
  nissan: 'N',
  buick: 'G',
}

interface PlannedSeries {
  brand: BrandSpec
  spec: SeriesSpec
  groupCode: string
  style: NumberStyle
}

/** Bench: more trims of each model, each told apart by its own VIN pattern. */
function withTrims(series: SeriesSpec, plan: SizePlan): SeriesSpec {
  if (!plan.trimCopies) return series
  const models = series.models.flatMap((m) =>
    [m].concat(
      Array.from({ length: plan.trimCopies }, (_, k) => ({
        ...m,
        trim: `${m.trim.replace(/[^ ]+型$/, '')}${TRIM_NAMES[k % TRIM_NAMES.length]}`,
        vds: `${m.vds.slice(0, 4)}${ALNUM[(ALNUM.indexOf(m.vds[4] ?? '0') + k + 1) % ALNUM.length]}`,
      })),
    ),
  )
  return { ...series, models }
}

function seriesOf(plan: SizePlan): PlannedSeries[] {
  const list: PlannedSeries[] = []
  for (const brand of BRANDS.filter(plan.brands)) {
    const group = BRAND_GROUPS.find((g) => g.code === brand.group)
    if (!group) throw new Error(`brand group ${brand.group} missing`)
    for (const spec of brand.series)
      list.push({ brand, spec: withTrims(spec, plan), groupCode: group.code, style: group.style })
    // Bench: more series on each brand's platforms, named as facelift generations of the real ones.
    for (let i = 1; i <= plan.extraSeries; i++) {
      const base = brand.series[i % brand.series.length] as SeriesSpec
      const r = rand(`${brand.number}-extra-${i}`)
      const platform =
        group.style === 'toyota' || group.style === 'gm'
          ? digits(r, 2)
          : group.style === 'benz'
            ? `${1 + Math.floor(r() * 9)}${digits(r, 2)}`
            : alnum(r, 3)
      list.push({
        brand,
        groupCode: group.code,
        style: group.style,
        spec: {
          ...base,
          code: `${base.code}-G${i}`,
          name: `${base.name} 第${i + 1}代`,
          platform,
          models: withTrims(
            { ...base, models: base.models.map((m) => ({ ...m, vds: `${alnum(r, 3)}${m.vds.slice(3)}` })) },
            plan,
          ).models,
        },
      })
    }
  }
  return list
}

/** A part number in the maker's style; `serial` keeps numbers of one key apart, `old` gives earlier issues. */
function partNumber(style: NumberStyle, platform: string, key: string, hardware: boolean, old = 0): string {
  const r = rand(key)
  const older = (current: string, letters: string) =>
    old ? letters[Math.max(0, letters.length - 1 - old)] : current
  switch (style) {
    case 'vw': {
      if (hardware) return `N ${digits(r, 3)} ${digits(r, 3)} 0${old}`
      const suffix = older(LETTERS[3 + Math.floor(r() * 6)] as string, 'ABCDEFGH')
      return `${platform} ${digits(r, 3)} ${digits(r, 3)} ${suffix}`
    }
    case 'toyota':
      return hardware
        ? `90${digits(r, 3)}-${alnum(r, 5)}`.slice(0, 11 - (old ? 1 : 0)) + (old ? String(old) : '')
        : `${digits(r, 5)}-${platform}${digits(r, 2)}${old}`
    case 'honda':
      return hardware ? `9${digits(r, 4)}-${alnum(r, 3)}-00${old}` : `${digits(r, 5)}-${platform}-A0${old}`
    case 'benz':
      return hardware
        ? `N ${digits(r, 6)} ${digits(r, 3)}${old}`
        : `A ${platform} ${digits(r, 3)} ${digits(r, 2)} ${old}${digits(r, 1)}`
    case 'nissan':
      return hardware
        ? `01${digits(r, 3)}-${alnum(r, 4)}${old}`
        : `${digits(r, 5)}-${platform}${alnum(r, 1)}${'ABCDE'[old] ?? 'A'}`
    case 'gm':
      return hardware ? `11${digits(r, 5)}${old}` : `${platform}${digits(r, 5)}${old}`
  }
}

function priceFen(
  shape: PartShape,
  generic: string,
  groupCode: string,
  imported: boolean,
  key: string,
): number {
  const [lo, hi] = NAME_PRICE_RANGE[generic] ?? PRICE_RANGE[shape] ?? [50, 800]
  const r = rand(`price-${key}`)
  const yuan = (lo + (hi - lo) * r() ** 1.5) * (GROUP_PRICE_FACTOR[groupCode] ?? 1) * (imported ? 1.3 : 1)
  // Dealer prices end in whole or half yuan above 20.
  return yuan >= 20 ? Math.round(yuan * 2) * 50 : Math.round(yuan * 10) * 10
}

function modelCode(series: SeriesSpec, model: ModelSpec, index: number) {
  return `${series.code}-${model.year}-${index + 1}`
}

function oilLitres(engine: string): number {
  const litres = Number(/(\d\.\d)/.exec(engine)?.[1] ?? 1.5)
  return litres >= 2.9 ? 7 : litres >= 2.4 ? 6 : litres >= 1.9 ? 5 : 4
}

export function demoCatalogue(size: DemoSize = 'demo'): DemoCatalogue {
  const plan = PLANS[size]
  const series = seriesOf(plan)
  const brands = BRANDS.filter(plan.brands)
  const groups = BRAND_GROUPS.filter((g) => brands.some((b) => b.group === g.code))
  const manufacturers = MANUFACTURERS.filter((m) => series.some((s) => s.spec.manufacturer === m.code))
  const subGroups: { main: (typeof MAIN_GROUPS)[number]; sub: SubGroupSpec }[] = MAIN_GROUPS.flatMap((main) =>
    main.subGroups.map((sub) => ({ main, sub })),
  )

  const imageCode = (groupCode: string, sub: SubGroupSpec) =>
    `${IMAGE_PREFIX[groupCode] ?? 'X'}${sub.subNumber}`
  const used = new Set<string>()
  const numbers = new Map<string, string>()
  /** One number per part key, unique across the catalogue. */
  const numberFor = (style: NumberStyle, platform: string, key: string, hardware: boolean, old = 0) => {
    const memo = `${key}#${old}`
    const known = numbers.get(memo)
    if (known) return known
    let n = partNumber(style, platform, key, hardware, old)
    for (let bump = 1; used.has(n.replace(/[\s\-.]/g, '')); bump++)
      n = partNumber(style, platform, `${key}~${bump}`, hardware, old)
    used.add(n.replace(/[\s\-.]/g, ''))
    numbers.set(memo, n)
    return n
  }

  // Parts: one per (series, sub group, callout, variant) for real parts, one per (brand group, name) for
  // hardware. Collected once, as plain arrays, because several tables read them.
  interface PartRow {
    number: string
    name: string
    generic: string
    remark: string
    shape: PartShape
    groupCode: string
    imported: boolean
    key: string
  }
  const parts: PartRow[] = []
  interface FitmentPlan {
    series: PlannedSeries
    sub: SubGroupSpec
    callout: number
    spec: CalloutSpec
    numbers: string[]
  }
  const fitmentPlan: FitmentPlan[] = []
  const supersessions: [string, string, string][] = []
  const substitutes: [string, string, string][] = []
  const byKey = new Map<string, PartRow>()
  const addPart = (row: PartRow) => {
    if (!byKey.has(row.number)) {
      byKey.set(row.number, row)
      parts.push(row)
    }
  }

  for (const s of series) {
    for (const { sub } of subGroups) {
      sub.callouts.forEach((spec, i) => {
        const hardware = HARDWARE.has(spec.shape)
        const name = specificName(spec)
        const list: string[] = []
        const variants = hardware ? 1 : plan.variants
        for (let v = 0; v < variants; v++) {
          const key = hardware ? `${s.groupCode}|${name}` : `${s.spec.code}|${sub.subNumber}|${i}|${v}`
          const number = numberFor(s.style, s.spec.platform, key, hardware)
          const remark = v > 0 ? `适用于${['高配', '国六排放', '运动版', '改款后', '出租车型'][v % 5]}` : ''
          addPart({
            number,
            name,
            generic: spec.name,
            remark,
            shape: spec.shape,
            groupCode: s.groupCode,
            imported: s.brand.imported,
            key,
          })
          list.push(number)
          // About one part in sixteen was issued under older numbers; one in three of those twice.
          const r = rand(`super-${key}`)
          if (!hardware && r() < 1 / 16) {
            const steps = r() < 1 / 3 ? 2 : 1
            let newer = number
            for (let k = 1; k <= steps; k++) {
              const older = numberFor(s.style, s.spec.platform, key, false, k)
              addPart({
                number: older,
                name,
                generic: spec.name,
                remark: '已替换',
                shape: spec.shape,
                groupCode: s.groupCode,
                imported: s.brand.imported,
                key: `${key}-old${k}`,
              })
              supersessions.push([
                older,
                newer,
                `20${16 + ((hash(older) % 8) | 0)}-${String(1 + (hash(older) % 12)).padStart(2, '0')}-01`,
              ])
              newer = older
            }
          }
        }
        fitmentPlan.push({ series: s, sub, callout: i + 1, spec, numbers: list })
      })
    }
  }

  // Substitutes: the same position on another series of the same brand group fits as well (同件互换).
  const samePosition = new Map<string, FitmentPlan[]>()
  for (const f of fitmentPlan) {
    const key = `${f.series.groupCode}|${f.sub.subNumber}|${f.callout}`
    const list = samePosition.get(key)
    if (list) list.push(f)
    else samePosition.set(key, [f])
  }
  for (const f of fitmentPlan) {
    if (HARDWARE.has(f.spec.shape)) continue
    const r = rand(`sub-${f.numbers[0]}`)
    if (r() >= 0.05) continue
    const other = samePosition
      .get(`${f.series.groupCode}|${f.sub.subNumber}|${f.callout}`)
      ?.find((g) => g.series !== f.series)
    const a = f.numbers[0]
    const b = other?.numbers[0]
    if (a && b && a !== b) substitutes.push([a, b, '可互换，安装尺寸相同'])
  }

  const models = series.flatMap((s) => s.spec.models.map((m, i) => ({ s, m, code: modelCode(s.spec, m, i) })))

  const demoVins: DemoVin[] = []
  const vinPatterns = models.map(({ s, m, code }) => {
    const maker = MANUFACTURERS.find((x) => x.code === s.spec.manufacturer)
    if (!maker) throw new Error(`manufacturer ${s.spec.manufacturer} missing`)
    return {
      wmi: maker.wmi,
      vds: m.vds,
      year: m.year,
      code,
      plant: maker.plant,
      name: `${s.spec.name} ${m.trim}`,
    }
  })
  for (const p of vinPatterns) {
    if (
      demoVins.some(
        (d) => d.vin.slice(3, 8) === p.vds && d.vin.startsWith(p.wmi) && d.ModelId.includes(String(p.year)),
      )
    )
      continue
    const serial = String(100000 + (hash(p.code) % 900000))
    const draft = `${p.wmi}${p.vds}0${modelYearCode(p.year)}${p.plant}${serial}`
    const vin = `${draft.slice(0, 8)}${checkDigit(draft)}${draft.slice(9)}`
    demoVins.push({ vin, car_name: p.name, ModelId: p.code })
  }

  const table = (columns: string[], rows: () => Iterable<Record<string, string>>): RecordTable => ({
    columns,
    rows,
  })
  const partFitments = (f: (typeof fitmentPlan)[number]) => f.numbers

  const tables: Record<string, RecordTable> = {
    brand_groups: table(['code', 'name'], function* () {
      for (const g of groups) yield { code: g.code, name: g.name }
    }),
    manufacturers: table(['code', 'name', 'country'], function* () {
      for (const m of manufacturers) yield { code: m.code, name: m.name, country: m.country }
    }),
    brands: table(
      ['brand_number', 'name', 'name_en', 'initial', 'brand_group', 'imported', 'sort'],
      function* () {
        for (const [i, b] of brands.entries()) {
          yield {
            brand_number: b.number,
            name: b.name,
            name_en: b.nameEn,
            initial: b.initial,
            brand_group: b.group,
            imported: b.imported ? '1' : '0',
            sort: String(i),
          }
        }
      },
    ),
    series: table(['series_number', 'brand_number', 'name'], function* () {
      for (const s of series)
        yield { series_number: s.spec.code, brand_number: s.brand.number, name: s.spec.name }
    }),
    models: table(
      ['model_code', 'series_number', 'manufacturer', 'car_name', 'year', 'engine', 'transmission'],
      function* () {
        for (const { s, m, code } of models) {
          yield {
            model_code: code,
            series_number: s.spec.code,
            manufacturer: s.spec.manufacturer,
            car_name: `${s.spec.name} ${m.trim}`,
            year: String(m.year),
            engine: m.engine,
            transmission: m.transmission,
          }
        }
      },
    ),
    vin_patterns: table(['wmi', 'vds_pattern', 'year_from', 'year_to', 'model_code'], function* () {
      for (const p of vinPatterns)
        yield {
          wmi: p.wmi,
          vds_pattern: p.vds,
          year_from: String(p.year),
          year_to: String(p.year),
          model_code: p.code,
        }
    }),
    groups: table(['main_number', 'main_name', 'sub_number', 'sub_name'], function* () {
      for (const { main, sub } of subGroups)
        yield {
          main_number: main.mainNumber,
          main_name: main.name,
          sub_number: sub.subNumber,
          sub_name: sub.name,
        }
    }),
    illustrations: table(['image_code', 'image_name', 'sub_number', 'svg', 'callouts'], function* () {
      for (const g of groups) {
        for (const { sub } of subGroups) {
          const code = imageCode(g.code, sub)
          const drawn = drawIllustration({
            imageId: code,
            title: sub.name,
            layout: sub.layout,
            parts: sub.callouts.map((c, i) => ({ callout: i + 1, shape: c.shape })),
            seed: hash(code),
          })
          yield {
            image_code: code,
            image_name: sub.name,
            sub_number: sub.subNumber,
            svg: drawn.svg,
            callouts: drawn.callouts.map((c) => `${c.callout}:${c.x.toFixed(1)}:${c.y.toFixed(1)}`).join(';'),
          }
        }
      }
    }),
    model_illustrations: table(['model_code', 'image_code'], function* () {
      for (const { s, code } of models)
        for (const { sub } of subGroups) yield { model_code: code, image_code: imageCode(s.groupCode, sub) }
    }),
    generic_names: table(['name', 'system', 'unit', 'aliases'], function* () {
      for (const n of GENERIC_NAMES)
        yield { name: n.name, system: n.system, unit: n.unit, aliases: n.aliases.join('|') }
    }),
    parts: table(['part_number', 'name', 'generic_name', 'remark'], function* () {
      for (const p of parts)
        yield { part_number: p.number, name: p.name, generic_name: p.generic, remark: p.remark }
    }),
    fitments: table(
      ['model_code', 'image_code', 'callout', 'part_number', 'quantity', 'note', 'position'],
      function* () {
        const bySeries = new Map<PlannedSeries, FitmentPlan[]>()
        for (const f of fitmentPlan) {
          const list = bySeries.get(f.series)
          if (list) list.push(f)
          else bySeries.set(f.series, [f])
        }
        // A sub group's end (前门, 后保险杠) is where its parts sit; the column stays empty where the part's
        // name says it all, so the importer reads it from there.
        const positions = new Map<FitmentPlan, string>()
        for (const f of fitmentPlan) {
          const named = positionOfName(specificName(f.spec))
          const at = f.spec.position ?? withinParent(named, positionOfName(f.sub.name))
          positions.set(f, at === named ? '' : at || '无')
        }
        for (const { s, code } of models) {
          for (const f of bySeries.get(s) ?? []) {
            const position = positions.get(f) ?? ''
            for (const [v, number] of partFitments(f).entries()) {
              yield {
                model_code: code,
                image_code: imageCode(s.groupCode, f.sub),
                callout: String(f.callout),
                part_number: number,
                quantity: String(Math.max(1, Math.round(f.spec.qty))),
                note: v > 0 ? '选装' : '',
                position,
              }
            }
          }
        }
      },
    ),
    supersessions: table(['old_part_number', 'new_part_number', 'changed_on'], function* () {
      for (const [old_part_number, new_part_number, changed_on] of supersessions)
        yield { old_part_number, new_part_number, changed_on }
    }),
    substitutes: table(['part_number', 'substitute_part_number', 'note'], function* () {
      for (const [part_number, substitute_part_number, note] of substitutes) {
        yield { part_number, substitute_part_number, note }
        yield { part_number: substitute_part_number, substitute_part_number: part_number, note }
      }
    }),
    prices: table(['part_number', 'type4s', 'price'], function* () {
      for (const p of parts) {
        const base = priceFen(p.shape, p.generic, p.groupCode, p.imported, p.key)
        for (const list of PRICE_LISTS) {
          const fen = list.type4s === 1 ? base : Math.round((base * 0.92) / 50) * 50 || base
          yield { part_number: p.number, type4s: String(list.type4s), price: (fen / 100).toFixed(2) }
        }
      }
    }),
    stock: table(
      ['part_number', 'warehouse', 'purchase_price', 'sale_price', 'quantity', 'sales_banned'],
      function* () {
        for (const p of parts) {
          const r = rand(`stock-${p.number}`)
          const base = priceFen(p.shape, p.generic, p.groupCode, p.imported, p.key)
          // About one part in forty may not be sold (停售) anywhere; superseded numbers are mostly out of stock.
          const banned = r() < 1 / 40 ? '1' : '0'
          const superseded = p.remark === '已替换'
          for (const warehouse of WAREHOUSE_CODES) {
            if (r() > (superseded ? plan.stockRate / 3 : plan.stockRate)) continue
            const quantity = superseded || r() < 0.25 ? 0 : 1 + Math.floor(r() ** 2 * 120)
            yield {
              part_number: p.number,
              warehouse,
              purchase_price: ((base * (0.62 + r() * 0.12)) / 100).toFixed(2),
              sale_price: ((base * (0.85 + r() * 0.1)) / 100).toFixed(2),
              quantity: String(quantity),
              sales_banned: banned,
            }
          }
        }
      },
    ),
    maintenance: table(
      ['model_code', 'generic_name', 'quantity', 'interval_km', 'interval_months'],
      function* () {
        for (const { m, code } of models) {
          for (const item of MAINTENANCE_ITEMS) {
            const quantity =
              item.name === '发动机机油'
                ? oilLitres(m.engine)
                : item.name === '火花塞' && /3\.0T|V6/.test(m.engine)
                  ? 6
                  : item.qty
            yield {
              model_code: code,
              generic_name: item.name,
              quantity: String(Math.max(1, Math.round(quantity))),
              interval_km: String(item.intervalKm),
              interval_months: String(item.intervalMonths),
            }
          }
        }
      },
    ),
    accident_zones: table(['code', 'name', 'parent_code', 'generic_names', 'position'], function* () {
      for (const z of ACCIDENT_ZONES)
        yield {
          code: z.code,
          name: z.name,
          parent_code: z.parent ?? '',
          generic_names: z.names.join('|'),
          position: z.position ?? '',
        }
    }),
  }
  return { tables, demoVins }
}
