// The message centre and /user/admin (issue 17): message kinds as stored and as shown, the profile's field
// rules, limits and texts, and the answer types. The zod schemas are in profile-schemas.ts (server side).
import type { TextField } from './fields'

/** Stored kinds (messages.kind) and their names on the wire and in the screens. */
export const MessageKindNames = {
  service: '服务到期提醒',
  payment: '支付结果',
  coupon: '优惠券到账',
  security: '账号与安全',
  announcement: '系统公告',
} as const
export type MessageKindCode = keyof typeof MessageKindNames
export type MessageKindName = (typeof MessageKindNames)[MessageKindCode]

export const ProfileLimits = {
  messagesPageSize: 10,
  /** Sign-ins shown by loginhistory. */
  loginHistoryShown: 20,
  /** Days within which a cancellation request is answered (the policy texts promise 15). */
  cancellationDays: 15,
  /** login_history.user_agent keeps at most this much of the header. */
  userAgentKept: 300,
  /** Polling interval of the header's unread badge. */
  unreadPollMs: 30_000,
} as const

export const ProfileMessages = {
  ownerOnly: '只有企业主账号可以进行此操作',
  oldPasswordWrong: '原密码错误',
  oldPasswordMissing: '请输入原密码',
  sameMobile: '新手机号与当前手机号相同',
  noPendingCancellation: '没有待处理的注销申请',
} as const

/** What a resolved cancellation leaves in place of personal data. */
export const CancelledNames = { user: '已注销用户', company: '已注销企业' } as const

export const companyPhoneField: TextField = {
  label: '公司电话',
  min: 0,
  max: 20,
  pattern: /^[0-9+\-() ]{5,20}$/,
  patternMessage: '公司电话只能包含数字、空格和 + - ( )',
}

export interface MessageRow {
  Id: number
  Kind: MessageKindName
  Title: string
  Body: string
  CreateTime: string
  Read: boolean
}

export interface MessagesPage {
  Messages: MessageRow[]
  TotalCount: number
  Unread: number
}

export interface Cancellation {
  State: '待处理'
  RequestTime: string
  DueTime: string
}

export interface Profile {
  UserName: string
  Mobile: string
  IsOwner: boolean
  CompanyName: string
  CompanyPhone: string
  CreateTime: string
  Cancellation: Cancellation | null
}

export interface LoginRecord {
  Time: string
  IP: string
  Device: string
}
