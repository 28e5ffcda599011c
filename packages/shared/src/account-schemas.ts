// The account calls' payload schemas (protocol.md section 5), built from the field rules of accounts.ts.
import * as z from 'zod/mini'
import {
  companyNameField,
  loginPasswordField,
  passwordField,
  SMS_SCENES,
  smsCodeField,
  userNameField,
} from './accounts'
import { mobileField } from './fields'
import { textSchema } from './zod-fields'

const mobile = textSchema(mobileField)
const password = textSchema(passwordField)
const smsCode = textSchema(smsCodeField)

export const sendSmsCodeSchema = z.object({
  Mobile: mobile,
  Scene: z.enum(SMS_SCENES, { error: '验证码用途不正确' }),
})

export const registerSchema = z.object({
  Mobile: mobile,
  SmsCode: smsCode,
  Password: password,
  UserName: textSchema(userNameField),
  CompanyName: textSchema(companyNameField),
})

export const loginSchema = z
  .object({
    Mobile: mobile,
    Password: z.optional(textSchema({ ...loginPasswordField, min: 0 })),
    SmsCode: z.optional(smsCode),
  })
  .check(
    z.refine((v) => (v.Password !== undefined && v.Password !== '') || v.SmsCode !== undefined, {
      error: '请输入密码或验证码',
    }),
  )

export const resetPasswordSchema = z.object({
  Mobile: mobile,
  SmsCode: smsCode,
  Password: password,
})

export const staffStateSchema = z.object({ Mobile: mobile })

export const emptySchema = z.object({})
