// The catalogue calls (docs/api.md). The car-model browse is free; the rest need a login, the VIN query an
// active service; look-ups count toward the daily quota and the burst detector.
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
import { registerCall } from '../../plugins/envelope'
import { CatalogueService } from './catalogue.service'

export async function catalogueRoutes(app: FastifyInstance) {
  const catalogue = new CatalogueService(app.ctx, (err) => app.log.error({ err }, 'VIN 查询记录写入失败'))
  app.addHook('onClose', () => catalogue.history.flush())
  const read = { mutates: false } as const
  const lookup = { mutates: false, lookup: true } as const

  registerCall(app, {
    path: '/api/epc/vinquery',
    auth: 'service',
    ...lookup,
    schema: vinQuerySchema,
    handle: ({ caller, payload }) => catalogue.vinQuery(caller, payload.VIN),
  })
  registerCall(app, {
    path: '/api/epc/carbrands',
    auth: 'none',
    ...read,
    schema: emptySchema,
    cacheKey: () => '',
    handle: () => catalogue.brands(),
  })
  registerCall(app, {
    path: '/api/epc/carseries',
    auth: 'none',
    ...read,
    schema: brandSchema,
    cacheKey: ({ payload }) => payload.brand_number,
    handle: ({ payload }) => catalogue.series(payload.brand_number),
  })
  registerCall(app, {
    path: '/api/epc/carmodels',
    auth: 'none',
    ...read,
    schema: seriesSchema,
    cacheKey: ({ payload }) => `${payload.series_number}|${payload.year ?? ''}`,
    handle: ({ payload }) => catalogue.models(payload.series_number, payload.year),
  })
  registerCall(app, {
    path: '/api/epc/grouptree',
    auth: 'login',
    ...lookup,
    schema: modelSchema,
    cacheKey: ({ payload }) => payload.ModelId,
    handle: ({ payload }) => catalogue.groupTree(payload.ModelId),
  })
  registerCall(app, {
    path: '/api/epc/illustration',
    auth: 'login',
    ...lookup,
    schema: illustrationSchema,
    cacheKey: ({ payload, caller }) => `${payload.ModelId}|${payload.imageid}|${caller.type4s}`,
    handle: ({ caller, payload }) => catalogue.illustration(caller, payload.ModelId, payload.imageid),
  })
  registerCall(app, {
    path: '/api/epc/thumbnails',
    auth: 'login',
    ...read,
    schema: thumbnailsSchema,
    cacheKey: ({ payload }) => `${payload.ModelId}|${payload.imageids.join(',')}`,
    handle: ({ payload }) => catalogue.thumbnails(payload.ModelId, payload.imageids),
  })
  registerCall(app, {
    path: '/api/epc/partsquery',
    auth: 'login',
    ...lookup,
    schema: partsQuerySchema,
    cacheKey: ({ payload, caller }) => `${caller.type4s}|${payload.Codes.join('\n')}`,
    handle: ({ caller, payload }) => catalogue.partsQuery(caller, payload.Codes),
  })
  registerCall(app, {
    path: '/api/epc/partdetail',
    auth: 'login',
    ...lookup,
    schema: partDetailSchema,
    cacheKey: ({ payload, caller }) => `${caller.type4s}|${payload.part_number}`,
    handle: ({ caller, payload }) => catalogue.partDetail(caller, payload.part_number),
  })
  registerCall(app, {
    path: '/api/epc/namesearch',
    auth: 'login',
    ...lookup,
    schema: nameSearchSchema,
    cacheKey: ({ payload }) => `${payload.ModelId}|${payload.Keyword}`,
    handle: ({ payload }) => catalogue.nameSearch(payload.ModelId, payload.Keyword),
  })
  registerCall(app, {
    path: '/api/epc/glossary',
    auth: 'login',
    ...read,
    schema: glossarySchema,
    cacheKey: ({ payload }) => payload.Keyword ?? '',
    handle: ({ payload }) => catalogue.glossary(payload.Keyword),
  })
  registerCall(app, {
    path: '/api/epc/maintenance',
    auth: 'login',
    ...lookup,
    schema: maintenanceSchema,
    cacheKey: ({ payload, caller }) => `${caller.type4s}|${payload.ModelId}|${payload.Mileage}`,
    handle: ({ caller, payload }) => catalogue.maintenance(caller, payload.ModelId, payload.Mileage),
  })
  registerCall(app, {
    path: '/api/epc/accidentzones',
    auth: 'login',
    ...read,
    schema: emptySchema,
    cacheKey: () => '',
    handle: () => catalogue.accidentZones(),
  })
  registerCall(app, {
    path: '/api/epc/accident',
    auth: 'login',
    ...lookup,
    schema: accidentSchema,
    cacheKey: ({ payload, caller }) => `${caller.type4s}|${payload.ModelId}|${payload.Zones.join(',')}`,
    handle: ({ caller, payload }) => catalogue.accident(caller, payload.ModelId, payload.Zones),
  })
  registerCall(app, {
    path: '/api/epc/vinhistory',
    auth: 'login',
    ...read,
    schema: emptySchema,
    handle: ({ caller }) => catalogue.vinHistory(caller),
  })
}
