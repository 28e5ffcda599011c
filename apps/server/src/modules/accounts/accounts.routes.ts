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
import { registerCall } from '../../call'
import { AccountsService } from './accounts.service'

export async function accountRoutes(app: FastifyInstance) {
  const accounts = new AccountsService(app.ctx)

  registerCall(app, {
    path: '/api/author/sendsmscode',
    access: 'public',
    mutates: true,
    schema: sendSmsCodeSchema,
    handle: ({ payload, request }) => accounts.sendSmsCode(payload, request.ip),
  })
  registerCall(app, {
    path: '/api/author/register',
    access: 'public',
    mutates: true,
    schema: registerSchema,
    handle: ({ payload }) => accounts.register(payload),
  })
  registerCall(app, {
    path: '/api/author/login',
    access: 'public',
    mutates: true,
    schema: loginSchema,
    handle: ({ payload, request }) => accounts.login(payload, request.ip, request.headers['user-agent']),
  })
  registerCall(app, {
    path: '/api/author/resetpassword',
    access: 'public',
    mutates: true,
    schema: resetPasswordSchema,
    handle: ({ payload, request }) => accounts.resetPassword(payload, request.ip),
  })
  registerCall(app, {
    path: '/api/author/loginout',
    access: 'public',
    mutates: true,
    schema: emptySchema,
    handle: ({ request }) => accounts.logout(request.headers.authorization),
  })
  registerCall(app, {
    path: '/api/author/getaccountstaffstate',
    access: 'login',
    mutates: false,
    schema: staffStateSchema,
    handle: ({ payload, caller }) => accounts.staffState(caller, payload.Mobile),
  })
  registerCall(app, {
    path: '/api/usercenter/getclientcompanyinfo',
    access: 'login',
    mutates: false,
    schema: emptySchema,
    handle: ({ caller }) => accounts.companyInfo(caller),
  })
}
