// Account calls of protocol.md section 5: field rules, limits, message texts and answer types. The zod
// schemas built from these rules are in account-schemas.ts (server side).
import type { TextField } from './fields'

/** 6 to 30 characters, at least one digit and one letter; letters, digits and ASCII punctuation only. */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z\d!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]{6,30}$/
export const PASSWORD_RULE_TEXT = '密码为6-30位，须同时包含字母和数字，可使用常用符号'

export const AccountLimits = {
  smsCodeTtlMs: 5 * 60_000,
  smsCodeMaxTries: 5,
  /** The register screen's resend countdown matches the server's one-a-minute throttle. */
  smsResendSeconds: 60,
  smsPerDay: 10,
  sessionTtlMs: 7 * 24 * 3600_000,
  trialDays: 7,
  userNameMax: 20,
  companyNameMax: 50,
} as const

export const AccountMessages = {
  mobileRegistered: '该手机号已注册',
  mobileNotRegistered: '该手机号未注册',
  smsTooFrequent: '验证码发送过于频繁，请1分钟后再试',
  smsDailyLimit: '今日验证码发送次数已达上限，请明天再试',
  smsCodeWrong: '验证码错误',
  smsCodeInvalid: '验证码已失效，请重新获取',
  loginFailed: '手机号或密码错误',
  loginLocked: '登录失败次数过多，请15分钟后再试',
  smsSendFailed: '验证码发送失败，请稍后再试',
  /** The SMS provider's own limits on the number (per minute, hour or day) were reached. */
  smsProviderLimit: '该手机号接收验证码过于频繁，请稍后再试',
  smsNumberInvalid: '该手机号无法接收短信，请检查号码',
  /** Signature or template not approved, wrong keys, no balance: the user can only report it. */
  smsServiceUnavailable: '短信服务暂不可用，请联系客服',
} as const

export const passwordField: TextField = {
  label: '密码',
  pattern: PASSWORD_PATTERN,
  patternMessage: PASSWORD_RULE_TEXT,
  keepSpaces: true,
}

export const smsCodeField: TextField = {
  label: '验证码',
  pattern: /^\d{6}$/,
  patternMessage: '请输入6位数字验证码',
}

/** At login only the length is checked: the stored hash decides, and long inputs are refused cheaply. */
export const loginPasswordField: TextField = { label: '密码', max: 30, keepSpaces: true }

export const userNameField: TextField = { label: '用户名', max: AccountLimits.userNameMax, plain: true }
export const companyNameField: TextField = {
  label: '公司名称',
  min: 2,
  max: AccountLimits.companyNameMax,
  plain: true,
}

/**
 * What a code is for. register and bindmobile go to a number not yet registered; the others to a registered
 * one: changemobile to the current number when changing it, cancel to the owner's before a cancellation.
 */
export const SMS_SCENES = ['register', 'login', 'resetpwd', 'changemobile', 'bindmobile', 'cancel'] as const
/** Scenes whose number must not be registered yet. */
export const SMS_SCENES_UNREGISTERED: readonly SmsScene[] = ['register', 'bindmobile']
export type SmsScene = (typeof SMS_SCENES)[number]

/** Stored in local storage under xmpLIF (compressed), Token included. */
export interface LoginInfo {
  UserName: string
  Mobile: string
  UserID: number
  UserCompanyName: string
  Token: string
}

/** AccountStaffState values. */
export const StaffState = { Active: 1, Disabled: 2, Banned: 3 } as const

export interface CompanyInfo {
  AccountInfo: {
    client_com_name: string
    client_com_mobile: string
    Open_Id: string
    type4s: number
  }
}
