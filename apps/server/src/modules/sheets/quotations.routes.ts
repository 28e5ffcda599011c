// The quotation-sheet calls of spec section 7 (and the line update/delete this product adds), plus the
// VIN fill the sheet dialog uses.
import {
  createQuotationLineSchema,
  createQuotationSchema,
  deleteLineSchema,
  deleteSheetSchema,
  listSheetsSchema,
  sheetSchema,
  updateQuotationLineSchema,
  updateQuotationSchema,
  vinFillSchema,
} from '@epc/shared/sheets-schemas'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../call'
import { toLineChange, toLineDraft } from './sheets.dto'
import { SheetsService } from './sheets.service'

export async function quotationRoutes(app: FastifyInstance) {
  const sheets = new SheetsService(app.ctx)
  const change = { access: 'login', mutates: true } as const
  const read = { access: 'login', mutates: false } as const

  registerCall(app, {
    path: '/api/epc/createquoteordermaster',
    ...change,
    schema: createQuotationSchema,
    handle: ({ caller, payload }) => sheets.create('quote', caller, payload),
  })
  registerCall(app, {
    path: '/api/epc/updatequoteordermaster',
    ...change,
    schema: updateQuotationSchema,
    handle: ({ caller, payload }) => sheets.update('quote', caller, payload),
  })
  registerCall(app, {
    path: '/api/epc/queryquoteorder',
    ...read,
    schema: listSheetsSchema,
    handle: ({ caller, payload }) => sheets.list('quote', caller, payload),
  })
  registerCall(app, {
    path: '/api/epc/deletequoteordermaster',
    ...change,
    schema: deleteSheetSchema,
    handle: ({ caller, payload }) => sheets.remove('quote', caller, payload),
  })
  registerCall(app, {
    path: '/api/epc/queryquoteorderdetail',
    ...read,
    schema: sheetSchema,
    handle: ({ caller, payload }) => sheets.lines('quote', caller, payload.OrderId),
  })
  registerCall(app, {
    path: '/api/epc/createquoteorderdetail',
    ...change,
    schema: createQuotationLineSchema,
    handle: ({ caller, payload }) => sheets.addLine('quote', caller, toLineDraft('quote', payload)),
  })
  registerCall(app, {
    path: '/api/epc/updatequoteorderdetail',
    ...change,
    schema: updateQuotationLineSchema,
    handle: ({ caller, payload }) => sheets.updateLine('quote', caller, toLineChange('quote', payload)),
  })
  registerCall(app, {
    path: '/api/epc/deletequoteorderdetail',
    ...change,
    schema: deleteLineSchema,
    handle: ({ caller, payload }) => sheets.deleteLine('quote', caller, payload),
  })
  registerCall(app, {
    path: '/api/epc/vinfill',
    ...read,
    schema: vinFillSchema,
    handle: ({ caller, payload }) => sheets.vinFill(caller, payload.VIN),
  })
}
