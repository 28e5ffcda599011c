// The catalogue calls (docs/api.md). The car-model browse is free; the rest need a login, the VIN query and
// the part-code query an active service (or a query pack); look-ups are metered (the daily quota and the
// burst detector). Catalogue reads declare their cache key: what the answer depends on besides the
// catalogue's version.
import { emptySchema } from '@epc/shared/account-schemas'
import {
  accidentSchema,
  brandSchema,
  glossarySchema,
  illustrationSchema,
  maintenanceSchema,
  modelSchema,
  nameSearchSchema,
  partDetailSchema,
  partsQuerySchema,
  seriesSchema,
  thumbnailsSchema,
  vinQuerySchema,
} from '@epc/shared/catalogue-schemas'
import type { FastifyInstance } from 'fastify'
import { DeflatedValue, registerCall, splicedAnswer } from '../../call'
import { BrowseService } from './browse.service'
import { namesServiceOf } from './names.service'
import { PartsService } from './parts.service'
import { ScenariosService } from './scenarios.service'
import { VinService } from './vin.service'

export async function catalogueRoutes(app: FastifyInstance) {
  const vin = new VinService(app.ctx, (err) => app.log.error({ err }, 'VIN 查询记录写入失败'))
  const browse = new BrowseService(app.ctx)
  const parts = new PartsService(app.ctx)
  const names = namesServiceOf(app.ctx)
  const scenarios = new ScenariosService(app.ctx)
  app.addHook('onClose', () => vin.history.flush())
  // The name matcher's index (pinyin of every generic name and alias) is built before the first request
  // rather than in it; an import builds it again on the next name call.
  app.addHook('onReady', async () => {
    await names.warm().catch((err) => app.log.warn({ err }, '配件名称索引预建失败，将在首次查询时建立'))
  })
  const free = { access: 'public', mutates: false } as const
  const read = { access: 'login', mutates: false } as const
  const lookup = { access: 'login', mutates: false, metered: true } as const
  // What an embedded catalogue (one VIN's screens: its models' group trees, illustrations and part search)
  // may ask, within its VIN and models.
  const embedModel = { embed: { model: (p: { ModelId: string }) => p.ModelId } }

  registerCall(app, {
    path: '/api/epc/vinquery',
    ...lookup,
    access: 'service',
    schema: vinQuerySchema,
    embed: { vin: (p) => p.VIN.trim().toUpperCase() },
    // The VIN as typed (the answer echoes its corrections) and the year it is asked in.
    cacheKey: ({ payload }) => [vin.year(), payload.VIN],
    handle: ({ payload }) => vin.query(payload.VIN),
    encode: (result) => result.answer,
    note: (result) => ({ vin: result.answer.vinCode, modelId: result.modelId }),
    after: ({ caller }, note) => vin.record(caller, note),
  })
  registerCall(app, {
    path: '/api/epc/vinhistory',
    ...read,
    schema: emptySchema,
    handle: ({ caller }) => vin.recent(caller),
  })
  registerCall(app, {
    path: '/api/epc/carbrands',
    ...free,
    schema: emptySchema,
    cacheKey: () => null,
    handle: () => browse.brands(),
  })
  registerCall(app, {
    path: '/api/epc/carseries',
    ...free,
    schema: brandSchema,
    cacheKey: ({ payload }) => payload.brand_number,
    handle: ({ payload }) => browse.series(payload.brand_number),
  })
  registerCall(app, {
    path: '/api/epc/carmodels',
    ...free,
    schema: seriesSchema,
    cacheKey: ({ payload }) => [payload.series_number, payload.year ?? null],
    handle: ({ payload }) => browse.models(payload.series_number, payload.year),
  })
  // One model's car record, free as the browse that lists it: a page opened from a link names its car
  // before any look-up answers one.
  registerCall(app, {
    path: '/api/epc/carmodel',
    ...free,
    schema: modelSchema,
    cacheKey: ({ payload }) => payload.ModelId,
    handle: ({ payload }) => browse.model(payload.ModelId),
  })
  registerCall(app, {
    path: '/api/epc/grouptree',
    ...embedModel,
    ...lookup,
    schema: modelSchema,
    cacheKey: ({ payload }) => payload.ModelId,
    handle: ({ payload }) => browse.groupTree(payload.ModelId),
  })
  registerCall(app, {
    path: '/api/epc/illustration',
    ...embedModel,
    ...lookup,
    schema: illustrationSchema,
    cacheKey: ({ payload, caller }) => [payload.ModelId, payload.imageid, caller.type4s],
    handle: ({ caller, payload }) => browse.illustration(caller, payload.ModelId, payload.imageid),
    // The drawing and the parts are the answer, kept deflated by the catalogue: spliced in as kept.
    encode: (il) => splicedAnswer(il.head, il.drawing, { parts: new DeflatedValue(il.parts) }),
  })
  registerCall(app, {
    path: '/api/epc/thumbnails',
    ...embedModel,
    ...read,
    schema: thumbnailsSchema,
    cacheKey: ({ payload }) => [payload.ModelId, payload.imageids],
    handle: ({ payload }) => browse.thumbnails(payload.ModelId, payload.imageids),
  })
  registerCall(app, {
    path: '/api/epc/partsquery',
    ...lookup,
    access: 'service',
    schema: partsQuerySchema,
    cacheKey: ({ payload, caller }) => [caller.type4s, payload.Codes],
    handle: ({ caller, payload }) => parts.partsQuery(caller, payload.Codes),
  })
  registerCall(app, {
    path: '/api/epc/partdetail',
    ...lookup,
    schema: partDetailSchema,
    // The stock rows' PRICE is the purchase price, answered only to callers with the right.
    cacheKey: ({ payload, caller }) => [caller.type4s, caller.seePurchasePrice, payload.part_number],
    handle: ({ caller, payload }) => parts.partDetail(caller, payload.part_number),
  })
  registerCall(app, {
    path: '/api/epc/namesearch',
    ...embedModel,
    ...lookup,
    schema: nameSearchSchema,
    cacheKey: ({ payload }) => [payload.ModelId, payload.Keyword],
    handle: ({ payload }) => names.nameSearch(payload.ModelId, payload.Keyword),
  })
  registerCall(app, {
    path: '/api/epc/glossary',
    ...read,
    schema: glossarySchema,
    cacheKey: ({ payload }) => payload.Keyword ?? null,
    handle: ({ payload }) => names.glossary(payload.Keyword),
  })
  registerCall(app, {
    path: '/api/epc/maintenance',
    ...lookup,
    schema: maintenanceSchema,
    cacheKey: ({ payload, caller }) => [caller.type4s, payload.ModelId, payload.Mileage],
    handle: ({ caller, payload }) => scenarios.maintenance(caller, payload.ModelId, payload.Mileage),
  })
  registerCall(app, {
    path: '/api/epc/accidentzones',
    ...read,
    schema: emptySchema,
    cacheKey: () => null,
    handle: () => scenarios.accidentZones(),
  })
  registerCall(app, {
    path: '/api/epc/accident',
    ...lookup,
    schema: accidentSchema,
    cacheKey: ({ payload, caller }) => [caller.type4s, payload.ModelId, payload.Zones],
    handle: ({ caller, payload }) => scenarios.accident(caller, payload.ModelId, payload.Zones),
  })
}
