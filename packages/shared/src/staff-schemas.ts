// The staff calls' payload schemas (docs/api.md "Staff and permissions"), shared by the server and the
// web's add-member form.
import * as z from 'zod/mini'
import { passwordField, userNameField } from './accounts'
import { mobileField } from './fields'
import { recordIdSchema, textSchema } from './zod-fields'

const userId = recordIdSchema('请选择员工')

export const addStaffSchema = z.object({
  Mobile: textSchema(mobileField),
  UserName: textSchema({ ...userNameField, label: '姓名', min: 1 }),
  Password: z.optional(textSchema(passwordField)),
})

export const setStaffStateSchema = z.object({
  UserID: userId,
  State: z.union([z.literal(1), z.literal(2)], { error: '员工状态不正确' }),
})

export const resetStaffPasswordSchema = z.object({
  UserID: userId,
  Password: z.optional(textSchema(passwordField)),
})

export const setStaffPermissionSchema = z.object({
  UserID: userId,
  SeePurchasePrice: z.boolean({ error: '请选择是否可查看进价' }),
})

export const staffMemberSchema = z.object({ UserID: userId })
