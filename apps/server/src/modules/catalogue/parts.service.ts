// The part-code query (exact numbers, older numbers led to the newest, numbers typed in part) and a part's
// detail: supersession chain, substitutes, prices, stock per warehouse and the models it fits.
import { normalizePartNumber, type PartDetailAnswer, type PartsQueryRow } from '@epc/shared'
import type { Kysely } from 'kysely'
import { type Caller, fail } from '../../call'
import type { AppContext } from '../../context'
import type { Database } from '../../db/schema'
import { money, toPriceRows, toStockQuantities, toStockRows } from './catalogue.dto'
import * as repo from './catalogue.repository'

const FITTING_MODELS_LIMIT = 200
const PREFIX_CANDIDATES = 8
/** The characters of a part number a clerk mixes up, either way: a letter O for a zero, an I for a one. */
const LOOKALIKE: Record<string, string> = { O: '0', '0': 'O', I: '1', '1': 'I' }
/** At most this many of a number's look-alike characters are varied (2^8 numbers asked). */
const LOOKALIKE_PLACES = 8
/** Look-alikes less often mixed up: one place at a time. */
const LOOKALIKE_ONCE: Record<string, string> = {
  S: '5',
  '5': 'S',
  B: '8',
  '8': 'B',
  Z: '2',
  '2': 'Z',
  G: '6',
  '6': 'G',
}
const NUMBER_CHARACTERS = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ']
/**
 * Slips of a key (a character wrong, missing, extra or two swapped) are looked for in numbers of these
 * lengths: shorter ones are one slip from too many parts, and longer ones are not part numbers.
 */
const SLIP_LENGTHS = { min: 6, max: 24 }

/** The numbers a typed one may have meant, each differing from it in look-alike characters only. */
export function lookalikeNumbers(number: string): string[] {
  let variants = ['']
  let places = 0
  for (const ch of number) {
    const other = LOOKALIKE[ch]
    if (other && places++ < LOOKALIKE_PLACES) variants = variants.flatMap((v) => [v + ch, v + other])
    else variants = variants.map((v) => v + ch)
  }
  return variants.filter((v) => v !== number)
}

/**
 * The numbers a typed one may have meant, likeliest first: look-alike characters (O and 0, I and 1 anywhere at
 * once; S and 5, B and 8, Z and 2, G and 6 one at a time), then one slip of a key: two neighbours swapped,
 * a character too many, one wrong, one missing.
 */
export function mistypedNumbers(number: string): string[] {
  const seen = new Set<string>([number])
  const out: string[] = []
  const add = (v: string) => {
    if (!seen.has(v)) {
      seen.add(v)
      out.push(v)
    }
  }
  lookalikeNumbers(number).forEach(add)
  const n = number.length
  const at = (i: number, text: string, skip = 1) => number.slice(0, i) + text + number.slice(i + skip)
  for (let i = 0; i < n; i++) {
    const other = LOOKALIKE_ONCE[number[i] as string]
    if (other) add(at(i, other))
  }
  if (n < SLIP_LENGTHS.min || n > SLIP_LENGTHS.max) return out
  for (let i = 0; i + 1 < n; i++) add(at(i, (number[i + 1] as string) + number[i], 2))
  for (let i = 0; i < n; i++) add(at(i, ''))
  for (let i = 0; i < n; i++) for (const ch of NUMBER_CHARACTERS) add(at(i, ch))
  for (let i = 0; i <= n; i++) for (const ch of NUMBER_CHARACTERS) add(at(i, ch, 0))
  return out
}

/**
 * The number now sold for each of these normalised numbers that the catalogue has replaced, as displayed (the
 * end of its chain of newer numbers; a chain that leads back to the number is none).
 */
export async function currentNumbers(db: Kysely<Database>, numbers: string[]): Promise<Map<string, string>> {
  const replaced = await repo.replacedParts(db, numbers)
  if (!replaced.length) return new Map()
  // Steps come in order of their walk, so the last of each start is its newest number.
  const walks = await repo.supersessionWalks(
    db,
    replaced.map((p) => Number(p.id)),
  )
  const newest = new Map(walks.map((step) => [Number(step.start_id), step]))
  const current = new Map<string, string>()
  for (const part of replaced) {
    const step = newest.get(Number(part.id))
    if (step && step.new_norm !== part.norm_number) current.set(part.norm_number, step.new_disp)
  }
  return current
}

export class PartsService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.kysely
  }

  /** The newest number each part's supersessions lead to (chains are short; cycles are cut). */
  private async newestOf(partIds: number[]): Promise<Map<number, string>> {
    // Steps come in order of their walk, so the last of each start is its newest number.
    const walks = await repo.supersessionWalks(this.db, partIds)
    return new Map(walks.map((step) => [Number(step.start_id), step.new_norm]))
  }

  /** `suggest: false` leaves out what only a clerk reads: prefixes and the numbers a code may have meant. */
  async partsQuery(
    caller: Pick<Caller, 'type4s'>,
    codes: string[],
    { suggest = true }: { suggest?: boolean } = {},
  ): Promise<PartsQueryRow[]> {
    const inputs = codes
      .map((c) => ({ input: c.trim(), number: normalizePartNumber(c) }))
      .filter((c) => c.number)
    if (!inputs.length) throw fail.invalid('请输入配件编码')
    const exact = await repo.partsByNumbers(this.db, [...new Set(inputs.map((i) => i.number))], caller.type4s)
    // The part row's markers (kept by the importer, its only writer) say which parts have a newer number or
    // substitutes: only those are looked up further (its stock comes with the row).
    const newest = await this.newestOf(exact.filter((p) => p.replaced_by).map((p) => Number(p.id)))
    const replacementNumbers = [...new Set(newest.values())]

    // Numbers typed only in part: a unique prefix is taken, several are offered.
    const prefixHits = new Map<string, repo.NumberAndName[]>()
    for (const i of inputs) {
      if (!suggest || exact.some((p) => p.norm_number === i.number) || i.number.length < 4) continue
      // One more than is offered: whether there are more is said.
      prefixHits.set(i.number, await repo.partsByPrefix(this.db, i.number, PREFIX_CANDIDATES + 1))
    }
    // A code the catalogue lacks, even as a prefix: the numbers it has that the clerk may have meant are offered
    // (never taken: a look-alike or a slip of a real number may be another real part).
    const similar = new Map<string, repo.NumberAndName[]>()
    for (const [number, hits] of prefixHits) {
      if (hits.length) continue
      const meant = mistypedNumbers(number)
      const rank = new Map(meant.map((m, i) => [m, i]))
      const known = (await repo.knownNumbers(this.db, meant))
        .sort((a, b) => (rank.get(a.norm_number) ?? 0) - (rank.get(b.norm_number) ?? 0))
        .slice(0, PREFIX_CANDIDATES)
      if (known.length) similar.set(number, known)
    }
    const uniquePrefix = [...prefixHits.values()]
      .filter((l) => l.length === 1)
      .map((l) => (l[0] as repo.NumberAndName).norm_number)
    const more = await repo.partsByNumbers(
      this.db,
      [...new Set([...replacementNumbers, ...uniquePrefix])],
      caller.type4s,
    )
    const all = [...exact, ...more]
    const byNumber = new Map(all.map((p) => [p.norm_number, p]))
    const exactNumbers = new Set(exact.map((p) => p.norm_number))
    const substituted = [
      ...new Set(all.filter((p) => Number(p.substitute_count) > 0).map((p) => Number(p.id))),
    ]
    const substitutes = await repo.substitutesOf(this.db, substituted)

    const describe = (p: (typeof all)[number]) => ({
      disp_number: p.disp_number,
      part_number: p.norm_number,
      part_name_cn: p.part_name_cn,
      generic_name: p.generic_name ?? '',
      remark: p.remark,
      price: money(p.price_fen),
      // Quantities only: this answer carries no purchase price (so its cache key needs no price right).
      stock: toStockQuantities(p.stock_quantities),
      stock_total: Number(p.stock_total ?? 0),
      sales_banned: Number(p.sales_banned ?? 0) === 1,
      substitutes: substitutes
        .filter((s) => Number(s.part_id) === Number(p.id))
        .map((s) => ({ disp_number: s.disp_number, part_name_cn: s.part_name_cn, note: s.note })),
    })

    return inputs.map(({ input, number }) => {
      const found = byNumber.get(number)
      if (found && exactNumbers.has(number)) {
        const newer = newest.get(Number(found.id))
        const current = newer ? byNumber.get(newer) : undefined
        // A cycle in the catalogue's data leads back to the number typed: that number is then the current one.
        if (current && current !== found) {
          return { input, status: 'superseded', old_number: found.disp_number, ...describe(current), flag: 1 }
        }
        const d = describe(found)
        return { input, status: 'found', ...d, flag: d.substitutes.length ? 1 : 0 }
      }
      const offered = (list: repo.NumberAndName[]) => ({
        input,
        part_number: number,
        candidates: list.map((c) => c.norm_number),
        candidate_names: list.map((c) => c.part_name_cn),
      })
      const candidates = prefixHits.get(number) ?? []
      if (candidates.length === 1) {
        const hit = byNumber.get((candidates[0] as repo.NumberAndName).norm_number)
        if (hit) {
          const d = describe(hit)
          return { input, status: 'prefix', ...d, flag: d.substitutes.length ? 1 : 0 }
        }
      }
      if (candidates.length > 1) {
        return {
          status: 'several',
          ...offered(candidates.slice(0, PREFIX_CANDIDATES)),
          more: candidates.length > PREFIX_CANDIDATES,
        }
      }
      const meant = similar.get(number)
      if (meant) return { status: 'similar', ...offered(meant) }
      return { input, status: 'none', part_number: number }
    })
  }

  async partDetail(caller: Caller, raw: string): Promise<PartDetailAnswer> {
    const number = normalizePartNumber(raw)
    const [part] = await repo.partsByNumbers(this.db, [number], caller.type4s)
    if (!part) throw fail.notFound()
    const id = Number(part.id)

    // The whole chain through this part: older numbers before it, newer ones after.
    const older: { norm: string; changed_on: string }[] = []
    let cursor = [id]
    for (let hop = 0; hop < 10 && cursor.length; hop++) {
      const steps = await repo.supersessionsTo(this.db, cursor)
      if (!steps.length) break
      older.unshift(...steps.map((s) => ({ norm: s.old_norm, changed_on: s.changed_on })))
      cursor = steps.map((s) => Number(s.old_part_id)).filter((x) => x !== id)
    }
    const chainNumbers = [...older.map((o) => o.norm), number]
    const newerNorms = (await repo.supersessionWalks(this.db, [id]))
      .filter((step) => Number(step.new_id) !== id)
      .map((step) => ({ norm: step.new_norm, changed_on: step.changed_on }))
    const chainParts = await repo.partsByNumbers(
      this.db,
      [...chainNumbers, ...newerNorms.map((n) => n.norm)],
      caller.type4s,
    )
    const display = (norm: string) => chainParts.find((p) => p.norm_number === norm)?.disp_number ?? norm
    const chain = [
      ...older.map((o) => ({
        disp_number: display(o.norm),
        part_number: o.norm,
        changed_on: o.changed_on,
        current: false,
      })),
      { disp_number: part.disp_number, part_number: number, changed_on: '', current: !newerNorms.length },
      ...newerNorms.map((n, i) => ({
        disp_number: display(n.norm),
        part_number: n.norm,
        changed_on: n.changed_on,
        current: i === newerNorms.length - 1,
      })),
    ]

    const [stock, substitutes, prices, models] = await Promise.all([
      repo.stockOf(this.db, [id]),
      repo.substitutesOf(this.db, [id]),
      repo.pricesOf(this.db, id),
      repo.modelsFittingPart(this.db, id, FITTING_MODELS_LIMIT),
    ])
    return {
      disp_number: part.disp_number,
      part_number: number,
      part_name_cn: part.part_name_cn,
      generic_name: part.generic_name ?? '',
      remark: part.remark,
      price: money(part.price_fen),
      sales_banned: Number(part.sales_banned ?? 0) === 1,
      replaced_by: newerNorms.length ? display(newerNorms.at(-1)?.norm ?? '') : null,
      chain,
      substitutes: substitutes.map((s) => ({
        disp_number: s.disp_number,
        part_name_cn: s.part_name_cn,
        note: s.note,
      })),
      prices: toPriceRows(prices),
      stock: toStockRows(part, stock, caller.seePurchasePrice),
      models: models.map((m) => ({
        ModelId: m.model_code,
        car_name: m.car_name,
        year: m.year,
        brand_name: m.brand_name,
        imageid: m.image_code,
        image_name: m.image_name,
        callout: Number(m.callout),
        quantity: Number(m.quantity),
      })),
    }
  }
}
