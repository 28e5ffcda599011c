// Staff accounts and the purchase-price right (issue 17; docs/api.md "Staff and permissions"): seats, the
// answers' types and the message texts. The zod schemas built from these are in staff-schemas.ts.

/** Every company's own seats: the owner and two staff; bought seat orders add theirs (billing entitlement). */
export const BASE_SEATS = 3

/** A staff row's State: AccountStaffState's values (StaffState in accounts.ts) and their names. */
export const STAFF_STATE_NAMES: Record<number, string> = { 1: '正常', 2: '已停用', 3: '已封禁' }

export const StaffMessages = {
  ownerOnly: '只有企业主账号可以进行此操作',
  mobileOfOtherCompany: '该手机号已注册其他公司账号',
  alreadyMember: '该手机号已是本公司员工账号',
  seatsFull: (seats: number) =>
    `席位已满：当前共 ${seats} 个席位（含企业主账号），请购买子账号席位或删除不用的员工账号后再添加`,
  notOnOwner: '不能对企业主账号进行此操作',
  banned: '该账号因异常访问已被封禁，请联系客服',
  noPurchaseOrders: '无权查看采购单，请联系企业主开通权限',
} as const

/** /api/usercenter/myrights */
export interface MyRights {
  IsOwner: boolean
  SeePurchasePrice: boolean
  MustChangePassword: boolean
}

/** A row of /api/usercenter/staff/list, and the answer of the calls that change one member. */
export interface StaffRow {
  UserID: number
  UserName: string
  Mobile: string
  IsOwner: boolean
  /** 1 正常, 2 已停用 (3 已封禁 after scraping was detected). */
  State: number
  StateName: string
  SeePurchasePrice: boolean
  /** Beijing `YYYY-MM-DD HH:mm:ss`, '' when never. */
  LastLoginTime: string
  TodayQueries: number
  MustChangePassword: boolean
}

export interface StaffList {
  Staff: StaffRow[]
  Seats: number
  SeatsUsed: number
}
