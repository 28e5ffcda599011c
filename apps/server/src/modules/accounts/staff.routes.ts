// The staff calls (docs/api.md "Staff and permissions"): the caller's rights, and the owner's staff list and
// changes. They need a login and no active service: an owner whose service ended still manages the staff.
import { emptySchema } from '@epc/shared/account-schemas'
import {
  addStaffSchema,
  resetStaffPasswordSchema,
  setStaffPermissionSchema,
  setStaffStateSchema,
  staffMemberSchema,
} from '@epc/shared/staff-schemas'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../call'
import { StaffService } from './staff.service'

export async function staffRoutes(app: FastifyInstance) {
  const staff = new StaffService(app.ctx)
  const read = { access: 'login', mutates: false } as const
  const change = { access: 'login', mutates: true } as const

  registerCall(app, {
    path: '/api/usercenter/myrights',
    ...read,
    schema: emptySchema,
    handle: ({ caller }) => staff.myRights(caller),
  })
  registerCall(app, {
    path: '/api/usercenter/staff/list',
    ...read,
    schema: emptySchema,
    handle: ({ caller }) => staff.list(caller),
  })
  registerCall(app, {
    path: '/api/usercenter/staff/add',
    ...change,
    schema: addStaffSchema,
    handle: ({ caller, payload }) => staff.add(caller, payload),
  })
  registerCall(app, {
    path: '/api/usercenter/staff/setstate',
    ...change,
    schema: setStaffStateSchema,
    handle: ({ caller, payload }) => staff.setState(caller, payload),
  })
  registerCall(app, {
    path: '/api/usercenter/staff/resetpassword',
    ...change,
    schema: resetStaffPasswordSchema,
    handle: ({ caller, payload }) => staff.resetPassword(caller, payload),
  })
  registerCall(app, {
    path: '/api/usercenter/staff/setpermission',
    ...change,
    schema: setStaffPermissionSchema,
    handle: ({ caller, payload }) => staff.setPermission(caller, payload),
  })
  registerCall(app, {
    path: '/api/usercenter/staff/remove',
    ...change,
    schema: staffMemberSchema,
    handle: ({ caller, payload }) => staff.remove(caller, payload),
  })
}
