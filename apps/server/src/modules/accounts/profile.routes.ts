// /user/admin's calls (docs/api.md, Messages and the account): login only, no active service needed.
import { emptySchema } from '@epc/shared/account-schemas'
import {
  changeMobileSchema,
  changePasswordSchema,
  requestCancelSchema,
  updateProfileSchema,
} from '@epc/shared/profile-schemas'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../call'
import { AccountsService } from './accounts.service'
import { CancellationService } from './cancellation.service'
import { ProfileService } from './profile.service'

export async function profileRoutes(app: FastifyInstance) {
  const profile = new ProfileService(app.ctx)
  const cancellations = new CancellationService(app.ctx)
  const accounts = new AccountsService(app.ctx)
  const read = { access: 'login', mutates: false } as const
  const change = { access: 'login', mutates: true } as const

  registerCall(app, {
    path: '/api/usercenter/profile',
    ...read,
    schema: emptySchema,
    handle: ({ caller }) => profile.profile(caller),
  })
  registerCall(app, {
    path: '/api/usercenter/updateprofile',
    ...change,
    schema: updateProfileSchema,
    handle: ({ caller, payload }) => profile.updateProfile(caller, payload),
  })
  registerCall(app, {
    path: '/api/usercenter/changepassword',
    ...change,
    schema: changePasswordSchema,
    handle: ({ caller, payload }) => profile.changePassword(caller, payload),
  })
  registerCall(app, {
    path: '/api/usercenter/changemobile',
    ...change,
    schema: changeMobileSchema,
    handle: ({ caller, payload }) => profile.changeMobile(caller, payload),
  })
  registerCall(app, {
    path: '/api/usercenter/loginhistory',
    ...read,
    schema: emptySchema,
    handle: ({ caller }) => profile.loginHistory(caller),
  })
  registerCall(app, {
    path: '/api/usercenter/requestcancel',
    ...change,
    schema: requestCancelSchema,
    handle: ({ caller, payload }) => cancellations.request(caller, payload.SmsCode, accounts),
  })
  registerCall(app, {
    path: '/api/usercenter/withdrawcancel',
    ...change,
    schema: emptySchema,
    handle: ({ caller }) => cancellations.withdraw(caller),
  })
}
