// The catalogue screens' URLs: every query lives in the search params (a reload restores it) and carries
// fromType, so the header highlights the right menu item and remembers the right result. In an embedded
// catalogue the group tree and the illustration sit under its /embed/<link> address (lib/embed.ts), so the
// frame never leaves it and a reload gets the embed page again.
import { paths } from '../../config/paths'
import { embedBase } from '../../lib/embed'
import type { FromType } from '../../lib/search-memory'

/** fromType of the URL; catalogue screens reached without one belong to the VIN search. */
export function fromTypeOf(params: URLSearchParams): FromType {
  const n = Number(params.get('fromType'))
  return n === 1 || n === 2 || n === 3 || n === 4 ? n : 1
}

/** The search a screen belongs to when its URL carries no fromType (the drawer opens on all of them). */
const FROM_TYPE_OF_PATH: Record<string, FromType> = {
  [paths.carTypeSearch]: 2,
  [paths.smartSearch]: 3,
  [paths.partsSearchNew]: 4,
  [paths.partsSearch]: 4,
}

export function fromTypeAt(pathname: string, params: URLSearchParams): FromType {
  return params.has('fromType') ? fromTypeOf(params) : (FROM_TYPE_OF_PATH[pathname] ?? 1)
}

function withQuery(path: string, query: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value))
  }
  return `${path}?${params}`
}

/** /partsFilter: a model's group tree. The URL names the model code ModelId, as the catalogue's links do. */
export function partsFilterUrl(q: {
  modelCode: string
  fromType: FromType
  vin?: string | null
  main?: string | null
}) {
  return withQuery(embedBase + paths.partsFilter, {
    ModelId: q.modelCode,
    vin: q.vin,
    main: q.main,
    fromType: q.fromType,
  })
}

/** /partsDetail: one illustration of a model, optionally with a callout picked. */
export function partsDetailUrl(q: {
  modelCode: string
  imageid: string
  fromType: FromType
  callout?: number | null
  vin?: string | null
}) {
  return withQuery(embedBase + paths.partsDetail, {
    ModelId: q.modelCode,
    imageid: q.imageid,
    callout: q.callout,
    vin: q.vin,
    fromType: q.fromType,
  })
}

/** The model code a catalogue screen's URL names, or null. */
export function modelCodeOf(params: URLSearchParams): string | null {
  return params.get('ModelId') || null
}
