// The billing calls (docs/api.md, Billing). All need a login and none an active service: a company whose
// service ended must still see its orders and buy. Creating and cancelling are the company owner's.
import { emptySchema } from '@epc/shared/account-schemas'
import {
  couponsSchema,
  createOrderSchema,
  invoiceSchema,
  listOrdersSchema,
  noticeSchema,
  orderSchema,
} from '@epc/shared/billing-schemas'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../call'
import { BillingService } from './billing.service'

/** How often unpaid orders past their 15 minutes are closed (they are also closed when read). */
const SWEEP_EVERY_MS = 60_000

export async function billingRoutes(app: FastifyInstance) {
  const billing = new BillingService(app.ctx)
  const change = { access: 'login', mutates: true } as const
  const read = { access: 'login', mutates: false } as const

  registerCall(app, {
    path: '/api/billing/plans',
    ...read,
    schema: emptySchema,
    handle: () => billing.plans(),
  })
  registerCall(app, {
    path: '/api/billing/entitlement',
    ...read,
    schema: emptySchema,
    handle: ({ caller }) => billing.entitlement(caller),
  })
  registerCall(app, {
    path: '/api/billing/createorder',
    ...change,
    schema: createOrderSchema,
    handle: ({ caller, payload }) => billing.createOrder(caller, payload),
  })
  registerCall(app, {
    path: '/api/billing/orders',
    ...read,
    schema: listOrdersSchema,
    handle: ({ caller, payload }) => billing.orders(caller, payload),
  })
  registerCall(app, {
    path: '/api/billing/order',
    ...read,
    schema: orderSchema,
    handle: ({ caller, payload }) => billing.order(caller, payload.OrderNo),
  })
  registerCall(app, {
    path: '/api/billing/cancelorder',
    ...change,
    schema: orderSchema,
    handle: ({ caller, payload }) => billing.cancelOrder(caller, payload.OrderNo),
  })
  registerCall(app, {
    path: '/api/billing/coupons',
    ...read,
    schema: couponsSchema,
    handle: ({ caller, payload }) => billing.coupons(caller, payload.PlanCode),
  })

  registerCall(app, {
    path: '/api/billing/transfer',
    ...change,
    schema: orderSchema,
    handle: ({ caller, payload }) => billing.transfer(caller, payload.OrderNo),
  })
  registerCall(app, {
    path: '/api/billing/invoice',
    ...change,
    schema: invoiceSchema,
    handle: ({ caller, payload }) => billing.invoice(caller, payload),
  })
  registerCall(app, {
    path: '/api/billing/notices',
    ...read,
    schema: emptySchema,
    handle: ({ caller }) => billing.notices(caller),
  })
  registerCall(app, {
    path: '/api/billing/readnotice',
    ...change,
    schema: noticeSchema,
    handle: ({ caller, payload }) => billing.readNotice(caller, payload.Id),
  })

  const sweep = setInterval(() => {
    billing.closeDue().catch((err) => app.log.error({ err }, 'closing unpaid orders failed'))
    billing.remindRenewals().catch((err) => app.log.error({ err }, 'writing renewal reminders failed'))
  }, SWEEP_EVERY_MS)
  sweep.unref()
  app.addHook('onClose', async () => clearInterval(sweep))
}
