// The purchase-order calls of spec section 7 (and the line update/delete this product adds), plus the past
// suppliers and vehicles the dialog suggests.
import {
  createPurchaseLineSchema,
  createPurchaseOrderSchema,
  deleteLineSchema,
  deleteSheetSchema,
  listSheetsSchema,
  selectOptionSchema,
  sheetSchema,
  updatePurchaseLineSchema,
  updatePurchaseOrderSchema,
} from '@epc/shared/sheets-schemas'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../call'
import { toLineChange, toLineDraft } from './sheets.dto'
import { SheetsService } from './sheets.service'

export async function purchaseOrderRoutes(app: FastifyInstance) {
  const sheets = new SheetsService(app.ctx)
  const change = { access: 'login', mutates: true } as const
  const read = { access: 'login', mutates: false } as const

  registerCall(app, {
    path: '/api/epc/createpurchaseordermaster',
    ...change,
    schema: createPurchaseOrderSchema,
    handle: ({ caller, payload }) => sheets.create('purchase', caller, payload),
  })
  registerCall(app, {
    path: '/api/epc/updatepurchaseordermaster',
    ...change,
    schema: updatePurchaseOrderSchema,
    handle: ({ caller, payload }) => sheets.update('purchase', caller, payload),
  })
  registerCall(app, {
    path: '/api/epc/querypurchaseorder',
    ...read,
    schema: listSheetsSchema,
    handle: ({ caller, payload }) => sheets.list('purchase', caller, payload),
  })
  registerCall(app, {
    path: '/api/epc/deletepurchaseordermaster',
    ...change,
    schema: deleteSheetSchema,
    handle: ({ caller, payload }) => sheets.remove('purchase', caller, payload),
  })
  registerCall(app, {
    path: '/api/epc/querypurchaseorderdetail',
    ...read,
    schema: sheetSchema,
    handle: ({ caller, payload }) => sheets.lines('purchase', caller, payload.OrderId),
  })
  registerCall(app, {
    path: '/api/epc/createpurchaseorderdetail',
    ...change,
    schema: createPurchaseLineSchema,
    handle: ({ caller, payload }) => sheets.addLine('purchase', caller, toLineDraft('purchase', payload)),
  })
  registerCall(app, {
    path: '/api/epc/updatepurchaseorderdetail',
    ...change,
    schema: updatePurchaseLineSchema,
    handle: ({ caller, payload }) => sheets.updateLine('purchase', caller, toLineChange('purchase', payload)),
  })
  registerCall(app, {
    path: '/api/epc/deletepurchaseorderdetail',
    ...change,
    schema: deleteLineSchema,
    handle: ({ caller, payload }) => sheets.deleteLine('purchase', caller, payload),
  })
  registerCall(app, {
    path: '/api/epc/querypurchaseordermasterselectoption',
    ...read,
    schema: selectOptionSchema,
    handle: ({ caller, payload }) => sheets.options(caller, payload.Type),
  })
}
