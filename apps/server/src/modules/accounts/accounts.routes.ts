// The account calls of protocol.md section 5 and /api/usercenter/getclientcompanyinfo.
import {
  emptySchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  sendSmsCodeSchema,
  staffStateSchema,
} from '@epc/shared/account-schemas'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../plugins/envelope'
import { AccountsService } from './accounts.service'

export async function accountRoutes(app: FastifyInstance) {
  const accounts = new AccountsService(app.ctx)

  registerCall(app, {
    path: '/api/author/sendsmscode',
    auth: 'none',
    mutates: true,
    schema: sendSmsCodeSchema,
    handle: ({ payload, request }) => accounts.sendSmsCode(payload, request.ip),
  })
  registerCall(app, {
    path: '/api/author/register',
    auth: 'none',
    mutates: true,
    schema: registerSchema,
    handle: ({ payload }) => accounts.register(payload),
  })
  registerCall(app, {
    path: '/api/author/login',
    auth: 'none',
    mutates: true,
    schema: loginSchema,
    handle: ({ payload, request }) => accounts.login(payload, request.ip),
  })
  registerCall(app, {
    path: '/api/author/resetpassword',
    auth: 'none',
    mutates: true,
    schema: resetPasswordSchema,
    handle: ({ payload, request }) => accounts.resetPassword(payload, request.ip),
  })
  registerCall(app, {
    path: '/api/author/loginout',
    auth: 'none',
    mutates: true,
    schema: emptySchema,
    handle: ({ request }) => accounts.logout(request.headers.authorization),
  })
  registerCall(app, {
    path: '/api/author/getaccountstaffstate',
    auth: 'login',
    mutates: false,
    schema: staffStateSchema,
    handle: ({ payload, caller }) => accounts.staffState(caller, payload.Mobile),
  })
  registerCall(app, {
    path: '/api/usercenter/getclientcompanyinfo',
    auth: 'login',
    mutates: false,
    schema: emptySchema,
    handle: ({ caller }) => accounts.companyInfo(caller),
  })
}
