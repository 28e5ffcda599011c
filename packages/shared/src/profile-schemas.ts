// Payload schemas of the message-centre and /user/admin calls (server side; the forms use the field rules).
import * as z from 'zod/mini'
import { companyNameField, loginPasswordField, passwordField, smsCodeField, userNameField } from './accounts'
import { mobileField } from './fields'
import { companyPhoneField } from './profile'
import { recordIdSchema, textSchema } from './zod-fields'

const smsCode = textSchema(smsCodeField)

export const messagesSchema = z.object({
  PageIndex: z.optional(z.int({ error: '页码应为整数' }).check(z.gte(1, { error: '页码应从1开始' }))),
  PageSize: z.optional(
    z
      .int({ error: '每页条数应为整数' })
      .check(z.gte(1, { error: '每页条数不正确' }), z.lte(100, { error: '每页最多100条' })),
  ),
})

export const messageIdSchema = z.object({ Id: recordIdSchema('消息编号不正确') })

export const updateProfileSchema = z.object({
  UserName: textSchema(userNameField),
  CompanyName: z.optional(textSchema(companyNameField)),
  CompanyPhone: z.optional(textSchema(companyPhoneField)),
})

export const changePasswordSchema = z.object({
  // Only the length is checked: the stored hash decides, as at login.
  OldPassword: z.optional(textSchema({ ...loginPasswordField, label: '原密码', min: 0 })),
  Password: textSchema(passwordField),
})

export const changeMobileSchema = z.object({
  OldSmsCode: smsCode,
  NewMobile: textSchema({ ...mobileField, label: '新手机号' }),
  NewSmsCode: smsCode,
})

export const requestCancelSchema = z.object({ SmsCode: smsCode })
