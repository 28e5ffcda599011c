// The car-model browse (brands, series, models: free) and a model's catalogue: group tree, thumbnails and
// the illustration with its parts.
import type { BrandInitial, CarInfo, GroupTreeAnswer, IllustrationAnswer, SeriesEntry } from '@epc/shared'
import { type Caller, type DeflatedPiece, deflatedPiece, fail } from '../../call'
import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import { toCarInfo } from './catalogue.dto'
import * as repo from './catalogue.repository'

/** The fields of an illustration answer that come from the drawing alone; many models share a drawing. */
export type Drawing = Pick<IllustrationAnswer, 'svg' | 'width' | 'height' | 'callouts'>

/**
 * An illustration's answer in three runs: what comes before the drawing, the drawing's fields and the
 * parts list, both as the catalogue keeps them deflated.
 */
export interface Illustration {
  head: Omit<IllustrationAnswer, keyof Drawing | 'parts'>
  drawing: DeflatedPiece
  parts: DeflatedPiece
}

const NO_PARTS = deflatedPiece('[]')

/** The model of a code, or 10001 (not found). */
export async function requireModel(db: Db, modelCode: string): Promise<repo.ModelRow> {
  const model = await repo.findModel(db.kysely, modelCode)
  if (!model) throw fail.notFound()
  return model
}

export class BrowseService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.kysely
  }

  async brands(): Promise<BrandInitial[]> {
    const rows = await repo.brands(this.db)
    const byInitial = new Map<string, BrandInitial['brands']>()
    for (const b of rows) {
      const list = byInitial.get(b.initial) ?? []
      list.push({
        brand_number: b.brand_number,
        brand_name: b.name_cn,
        name_en: b.name_en,
        imported: b.imported === 1,
        group_code: b.group_code,
        group_name: b.group_name,
      })
      byInitial.set(b.initial, list)
    }
    return [...byInitial].map(([initial, brands]) => ({ initial, brands }))
  }

  async series(brandNumber: string): Promise<SeriesEntry[]> {
    const rows = await repo.seriesOfBrand(this.db, brandNumber)
    if (!rows.length) throw fail.notFound()
    const series = new Map<string, { series_number: string; series_name: string; years: number[] }>()
    for (const r of rows) {
      const entry = series.get(r.series_number) ?? {
        series_number: r.series_number,
        series_name: r.name_cn,
        years: [],
      }
      if (r.year !== null && !entry.years.includes(Number(r.year))) entry.years.push(Number(r.year))
      series.set(r.series_number, entry)
    }
    return [...series.values()].map((s) => ({ ...s, years: s.years.sort((a, b) => b - a) }))
  }

  async models(seriesNumber: string, year?: number): Promise<CarInfo[]> {
    const rows = await repo.modelsOfSeries(this.db, seriesNumber, year)
    return rows.map((m) => toCarInfo(m))
  }

  async model(modelCode: string): Promise<CarInfo> {
    return toCarInfo(await requireModel(this.ctx.db, modelCode))
  }

  async groupTree(modelCode: string): Promise<GroupTreeAnswer> {
    const model = await requireModel(this.ctx.db, modelCode)
    const rows = await repo.groupTree(this.db, model.id)
    const groups: GroupTreeAnswer['groups'] = []
    for (const r of rows) {
      let main = groups.at(-1)
      if (main?.main_number !== r.main_number) {
        main = { main_number: r.main_number, name: r.main_name, subs: [] }
        groups.push(main)
      }
      let sub = main.subs.at(-1)
      if (sub?.sub_number !== r.sub_number) {
        sub = { sub_number: r.sub_number, name: r.sub_name, illustrations: [] }
        main.subs.push(sub)
      }
      sub.illustrations.push({ imageid: r.image_code, image_name: r.image_name, grpid: r.sub_number })
    }
    return { model: toCarInfo(model), groups }
  }

  /** The drawings alone, for the group tree's thumbnails; not a look-up of parts. */
  async thumbnails(modelCode: string, imageCodes: string[]): Promise<{ imageid: string; svg: string }[]> {
    const model = await requireModel(this.ctx.db, modelCode)
    const rows = await repo.illustrationDrawings(this.db, model.id, [...new Set(imageCodes)])
    return imageCodes.flatMap((code) => {
      const row = rows.find((r) => r.image_code === code)
      return row ? [{ imageid: code, svg: row.svg }] : []
    })
  }

  async illustration(caller: Caller, modelCode: string, imageCode: string): Promise<Illustration> {
    const [il] = await repo.modelIllustration(this.db, modelCode, imageCode, caller.type4s)
    if (!il?.drawing_piece) throw fail.notFound()
    return {
      head: {
        model: toCarInfo(il),
        imageid: il.image_code,
        image_name: il.image_name,
        main_number: il.main_number,
        main_name: il.main_name,
        sub_number: il.sub_number,
        sub_name: il.sub_name,
      },
      drawing: il.drawing_piece,
      parts: il.parts_piece ?? NO_PARTS,
    }
  }
}
