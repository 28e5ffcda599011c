// Property-based hostile input (fast-check) to every documented call: malformed envelopes, and hostile payloads
// in correctly sealed ones, from a company's owner while a second company holds sheets, orders, API keys and
// staff. No answer is a 5xx or outside the envelope and the documented codes, no refused request changes a
// row, and the other company's rows are never reached. Every envelope call the app registers must be in the
// sweep (the first test). HOSTILE_RUNS raises the number of generated requests.
import { createCipheriv, randomBytes } from 'node:crypto'
import { type CreatedKey, DEMO_SITE_KEYS, Limits, type StaffRow } from '@epc/shared'
import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { freePort } from '../../../scripts/free-port.mjs'
import { decodeData, signOf } from '../src/call/envelope-codec'
import { fail, registerCall } from '../src/call/index'
import { BillingService } from '../src/modules/billing/billing.service'
import { loadTinyCatalogue } from './catalogue-fixture'
import { createCompanyAccount } from './factories'
import { dbKinds, startTestApp, type TestApp, writableTables } from './helper'
import { openRequest } from './open-client'

const RUNS = Number(process.env.HOSTILE_RUNS ?? 300)

/** protocol.md section 4 (50000 left out: a server fault is a failure here), with each code's HTTP status. */
const DOCUMENTED: Record<string, number[]> = {
  '10000': [200],
  '10001': [200],
  '10002': [200],
  '10003': [200],
  '10004': [200, 404],
  '10005': [200],
  '40001': [400, 413],
  '40002': [400],
  '40003': [400],
  '40100': [401],
  '42900': [429],
  '99999': [200],
  '99998': [200],
  '99997': [200],
}

/** The account-screen calls that check SMS codes (a wrong one counts a try). */
const SMS_CHECKED = ['/api/usercenter/changemobile', '/api/usercenter/requestcancel']

/** Marks the second company's sheets: no answer to the first company may contain it. */
const SECRET = '乙公司机密'

interface Case {
  path: string
  /** A payload the call accepts (or refuses only for a business reason); fields are replaced from here. */
  valid: Record<string, unknown>
  /** Sent without a token: loginout would end the test's session. */
  anonymous?: boolean
}

type Fields = Record<string, unknown>

/** The rows of one company that the calls name by number. */
interface Rows {
  quote: { OrderId: string; line: number }
  purchase: { OrderId: string; line: number }
  /** Orders (OrderNo): 待支付 ones, one of them being paid with Alipay, and a free one 已生效. */
  order: { paying: string; transfer: string; effective: string }
  keyId: number
  staffId: number
}

/** The documented calls with valid payloads, from what the test's database holds. */
function documentedCalls(v: {
  mobile: string
  vin: string
  mine: Rows
  theirs: Rows
  /** Alipay's signed return parameters for the order being paid. */
  payReturn: Record<string, string>
  noticeId: number
  /** A one-time link of an embedded catalogue, made with the first company's key. */
  embedLink: string
}): Case[] {
  const [mq, mp, tq, tp] = [v.mine.quote, v.mine.purchase, v.theirs.quote, v.theirs.purchase]
  const [mo, to] = [v.mine.order, v.theirs.order]
  const line = { part_number: 'HX-1', Amount: '1.5', available_stock: 3, area_stock: '北京' }
  const header = { VIN: v.vin, ClientName: '张三', carNo: '京A12345', carType: '迈腾', remark: '事故' }
  const c = (path: string, valid: Fields, anonymous?: boolean): Case => ({ path, valid, anonymous })
  return [
    c('/api/author/sendsmscode', { Mobile: '13700009999', Scene: 'register' }),
    c('/api/author/register', {
      Mobile: '13700009998',
      SmsCode: '123456',
      Password: 'abc12345',
      UserName: '张三',
      CompanyName: '测试汽配',
    }),
    c('/api/author/login', { Mobile: v.mobile, Password: 'wrong123' }),
    c('/api/author/resetpassword', { Mobile: v.mobile, SmsCode: '123456', Password: 'abc12345' }),
    c('/api/author/loginout', {}, true),
    c('/api/author/getaccountstaffstate', { Mobile: v.mobile }),
    c('/api/usercenter/getclientcompanyinfo', {}),
    c('/api/usercenter/messages', { PageIndex: 1, PageSize: 10 }),
    c('/api/usercenter/unreadcount', {}),
    c('/api/usercenter/readmessage', { Id: 1 }),
    c('/api/usercenter/readallmessages', {}),
    c('/api/usercenter/profile', {}),
    c('/api/usercenter/updateprofile', {
      UserName: '张三',
      CompanyName: '测试汽配',
      CompanyPhone: '0755-1234567',
    }),
    c('/api/usercenter/changepassword', { OldPassword: 'pass1234', Password: 'abc12345' }),
    c('/api/usercenter/changemobile', {
      OldSmsCode: '123456',
      NewMobile: '13700009997',
      NewSmsCode: '123456',
    }),
    c('/api/usercenter/loginhistory', {}),
    c('/api/usercenter/requestcancel', { SmsCode: '123456' }),
    c('/api/usercenter/withdrawcancel', {}),
    c('/api/usercenter/myrights', {}),
    c('/api/usercenter/staff/list', {}),
    c('/api/usercenter/staff/add', { Mobile: '13700009995', UserName: '李四', Password: 'abc12345' }),
    c('/api/usercenter/staff/setstate', { UserID: v.mine.staffId, State: 2 }),
    c('/api/usercenter/staff/resetpassword', { UserID: v.mine.staffId, Password: 'abc12345' }),
    c('/api/usercenter/staff/setpermission', { UserID: v.mine.staffId, SeePurchasePrice: true }),
    // Removal is for good: the other company's member, who must stay (ours would be gone after one request).
    c('/api/usercenter/staff/remove', { UserID: v.theirs.staffId }),
    c('/api/epc/vinquery', { VIN: v.vin }),
    c('/api/epc/vinhistory', {}),
    c('/api/epc/carbrands', {}),
    c('/api/epc/carseries', { brand_number: 'FV' }),
    c('/api/epc/carmodels', { series_number: 'FV-SAGITAR', year: 2019 }),
    c('/api/epc/carmodel', { ModelId: 'FV-MAGOTAN-2020-1' }),
    c('/api/epc/grouptree', { ModelId: 'FV-MAGOTAN-2020-1' }),
    c('/api/epc/thumbnails', { ModelId: 'FV-MAGOTAN-2020-1', imageids: ['1'] }),
    c('/api/epc/illustration', { ModelId: 'FV-MAGOTAN-2020-1', imageid: '1' }),
    c('/api/epc/partsquery', { Codes: ['HX-1', '5Q0698151E'] }),
    c('/api/epc/partdetail', { part_number: '5Q0698151E' }),
    c('/api/epc/namesearch', { ModelId: 'FV-MAGOTAN-2020-1', Keyword: '机油' }),
    c('/api/epc/glossary', { Keyword: 'jy' }),
    c('/api/epc/maintenance', { ModelId: 'FV-MAGOTAN-2020-1', Mileage: 30000 }),
    c('/api/epc/accidentzones', {}),
    c('/api/epc/accident', { ModelId: 'FV-MAGOTAN-2020-1', Zones: ['front'] }),
    c('/api/epc/createquoteordermaster', header),
    c('/api/epc/updatequoteordermaster', { ...header, OrderId: mq.OrderId }),
    c('/api/epc/queryquoteorder', { KeyText: '张', PageIndex: 1, PageSize: 10 }),
    c('/api/epc/deletequoteordermaster', { OrderId: tq.OrderId }),
    c('/api/epc/queryquoteorderdetail', { OrderId: mq.OrderId }),
    c('/api/epc/createquoteorderdetail', {
      OrderId: mq.OrderId,
      ...line,
      sale_prices: '12.5',
      purchase_price: 8,
      offer_user: '李',
      flag: 1,
    }),
    c('/api/epc/updatequoteorderdetail', { OrderId: mq.OrderId, Id: mq.line, Amount: 2, sale_prices: 3 }),
    // Another company's line through one's own sheet, and another company's sheet with its line.
    c('/api/epc/deletequoteorderdetail', { OrderId: mq.OrderId, Id: tq.line }),
    c('/api/epc/createpurchaseordermaster', { ...header, ClientName: '供应商甲' }),
    c('/api/epc/updatepurchaseordermaster', { ...header, ClientName: '供应商乙', OrderId: mp.OrderId }),
    c('/api/epc/querypurchaseorder', { KeyText: '供', PageIndex: 1, PageSize: 10 }),
    c('/api/epc/deletepurchaseordermaster', { OrderId: tp.OrderId }),
    c('/api/epc/querypurchaseorderdetail', { OrderId: mp.OrderId }),
    c('/api/epc/createpurchaseorderdetail', {
      OrderId: mp.OrderId,
      ...line,
      tax_prices: '9.99',
      PurcaseUser: '王',
      flag: 1,
    }),
    c('/api/epc/updatepurchaseorderdetail', { OrderId: mp.OrderId, Id: mp.line, Amount: 2, tax_prices: 3 }),
    c('/api/epc/deletepurchaseorderdetail', { OrderId: tp.OrderId, Id: tp.line }),
    c('/api/epc/querypurchaseordermasterselectoption', { Type: 0 }),
    c('/api/epc/vinfill', { VIN: v.vin }),
    c('/api/author/update4spricelist', {
      partNumber: '5Q0698151E',
      pb: 1,
      json: JSON.stringify({ code: 200, data: { records: [{ PART_NO: '5Q0698151E', NETWR: '12.00' }] } }),
      name: '测试汽配',
    }),
    c('/api/author/get4spricelist', { partNumber: '5Q0698151E' }),
    c('/api/billing/plans', {}),
    c('/api/billing/entitlement', {}),
    c('/api/billing/createorder', { PlanCode: 'vin_month' }),
    c('/api/billing/orders', { PageIndex: 1, PageSize: 10 }),
    c('/api/billing/order', { OrderNo: mo.paying }),
    // Cancelling ends an order for good: the other company's, which must stay 待支付.
    c('/api/billing/cancelorder', { OrderNo: to.paying }),
    c('/api/billing/coupons', { PlanCode: 'vin_month' }),
    c('/api/billing/pay', { OrderNo: mo.paying, Channel: 'alipay' }),
    c('/api/billing/payresult', { Channel: 'alipay', Params: v.payReturn }),
    c('/api/billing/transfer', { OrderNo: mo.transfer }),
    c('/api/billing/invoice', {
      OrderNo: mo.effective,
      Kind: '普通发票',
      Title: '测试汽配有限公司',
      TaxNo: '91110000MA01ABCD2X',
      Email: 'caiwu@example.com',
    }),
    c('/api/billing/notices', {}),
    c('/api/billing/readnotice', { Id: v.noticeId }),
    c('/api/dataservice/keys', {}),
    c('/api/dataservice/keys/create', { Name: '维修管理系统', IsTest: true, IpRanges: ['10.0.0.0/8'] }),
    c('/api/dataservice/keys/rename', { KeyId: v.mine.keyId, Name: '门店系统' }),
    c('/api/dataservice/keys/setips', { KeyId: v.mine.keyId, IpRanges: ['192.0.2.1', '2001:db8::/32'] }),
    c('/api/dataservice/keys/setembed', { KeyId: v.mine.keyId, EmbedOrigins: ['https://erp.example.com'] }),
    c('/api/dataservice/keys/rotate', { KeyId: v.mine.keyId }),
    // Revoking is for good: the other company's key, which must stay active.
    c('/api/dataservice/keys/revoke', { KeyId: v.theirs.keyId }),
    c('/api/dataservice/usage', { Days: 7 }),
    c('/api/embed/open', { Link: v.embedLink }),
  ]
}

/** Characters that break naive SQL, LIKE patterns, JSON, terminals or UTF-16. */
const nasty = fc.constantFrom(
  '%',
  '_',
  "'",
  '"',
  '\\',
  ';',
  '--',
  '\u0000',
  '\u001b',
  '\n',
  '\ud800',
  '\udfff',
  '汽',
  '🚗',
  ' ',
)
const deep = (depth: number): unknown =>
  depth === 0 ? 'x' : depth % 2 ? [deep(depth - 1)] : { a: deep(depth - 1) }
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '__defineGetter__']

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    -0.001,
    1.005,
    2 ** 53 + 2,
    1e308,
    -1e308,
    'NaN',
    'Infinity',
    '-Infinity',
    '1e999',
    '0x1F',
    '-5',
    '1,000',
    '',
    '   ',
    "' OR '1'='1",
    "'; DROP TABLE sheets; --",
    '%',
    '_',
    '\\%',
    '%_%',
    '\ud800',
    'a\udc00b',
  ),
  fc.string({ unit: nasty, maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.integer({ min: 1, max: 150_000 }).map((n) => '汽'.repeat(n)),
  fc.double(),
  fc.integer(),
  // Past 32 bits: PostgreSQL's integer columns refuse them.
  fc.constantFrom(2 ** 31, 2 ** 32, Number.MAX_SAFE_INTEGER, -(2 ** 31) - 1),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.integer({ min: 1, max: 2000 }).map(deep),
  fc.constantFrom(...PROTO_KEYS).map((k) => Object.fromEntries([[k, { polluted: 1 }]])),
)

const EDGE_VALUES: unknown[] = [
  null,
  true,
  [],
  {},
  -1,
  0,
  1.5,
  2 ** 31,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  1e308,
  'NaN',
  '',
  "%_'\\;--",
  '\ud800',
  // PostgreSQL refuses a NUL in text: a field that lets one through fails its query.
  '汽\u0000配',
]

/** A call's valid payload with some fields replaced by hostile values, some dropped and some hostile extras. */
function hostilePayload(valid: Fields): fc.Arbitrary<Fields> {
  const fields = Object.keys(valid)
  const key = fields.length
    ? fc.oneof(fc.constantFrom(...fields), fc.constantFrom(...PROTO_KEYS))
    : fc.constantFrom(...PROTO_KEYS)
  return (
    fc
      .record({
        replace: fc.array(fc.tuple(key, hostileValue), { maxLength: 3 }),
        drop: fc.subarray(fields),
        extra: fc.array(
          fc.tuple(
            fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ unit: nasty, maxLength: 8 })),
            hostileValue,
          ),
          {
            maxLength: 2,
          },
        ),
      })
      // Object.fromEntries defines own properties, so __proto__ travels as a key and does not set a prototype.
      .map(({ replace, drop, extra }) =>
        Object.fromEntries([
          ...Object.entries(valid).filter(([k]) => !drop.includes(k)),
          ...replace,
          ...extra,
        ]),
      )
  )
}

/** A body the envelope check must refuse, with the code protocol.md section 2 names (undefined: any documented). */
type Malformed = { body: string | Buffer; code?: string }

function malformedEnvelope(t: TestApp, payload: Fields): fc.Arbitrary<Malformed> {
  const sealed = () => t.seal(payload)
  const resigned = (b: Record<string, unknown>) => ({
    ...b,
    sign: signOf(DEMO_SITE_KEYS, b.timespan as number, b.transactionNo as string, b.content as string),
  })
  const json = (v: unknown, code?: string): Malformed => ({ body: JSON.stringify(v), code })
  const field = fc.constantFrom('timespan', 'transactionNo', 'content', 'sign')
  const sealedBytes = (bytes: Buffer) => {
    const iv = randomBytes(16)
    const cipher = createCipheriv('aes-256-cbc', Buffer.from(DEMO_SITE_KEYS.contentKey, 'hex'), iv)
    const content = Buffer.concat([iv, cipher.update(bytes), cipher.final()]).toString('hex')
    return resigned({ timespan: t.clock.now(), transactionNo: '1234567890', content })
  }
  return fc.oneof(
    fc.subarray(['timespan', 'transactionNo', 'content', 'sign'], { minLength: 1 }).map((gone) => {
      const b: Record<string, unknown> = { ...sealed() }
      for (const k of gone) delete b[k]
      return json(b, '40001')
    }),
    // Extra envelope fields are ignored: the call answers as it would anyway.
    fc
      .tuple(fc.string({ maxLength: 10 }), hostileValue)
      .map(([k, v]) => json(Object.fromEntries([...Object.entries(sealed()), [k, v]]))),
    fc.tuple(field, hostileValue).map(([k, v]) => {
      const b: Record<string, unknown> = { ...sealed(), [k]: v }
      const stillValid =
        (k === 'timespan' && typeof v === 'number') ||
        (k !== 'timespan' && k !== 'transactionNo' && typeof v === 'string')
      return json(
        b,
        stillValid
          ? undefined
          : k === 'transactionNo' && typeof v === 'string' && /^\d{10}$/.test(v)
            ? '40002'
            : '40001',
      )
    }),
    fc
      .string({ unit: fc.constantFrom('z', 'g', ' ', 'Z', '0'), minLength: 1, maxLength: 200 })
      .map((bad) => json(resigned({ ...sealed(), content: `${sealed().content}${bad}` }), '40001')),
    fc
      .string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 64 })
      .map((sign) => json({ ...sealed(), sign }, '40002')),
    fc
      .integer({ min: Limits.timespanToleranceMs + 1, max: 10 ** 12 })
      .chain((age) =>
        fc
          .constantFrom(-1, 1)
          .map((side) => json(resigned({ ...sealed(), timespan: t.clock.now() + side * age }), '40003')),
      ),
    // Big bodies within the limit: long correctly signed hex that is no cipher text, or a padded envelope.
    fc
      .integer({ min: 100_000, max: Limits.maxBodyBytes - 1000 })
      .map((n) => json(resigned({ ...sealed(), content: 'ab'.repeat(n >> 1) }), '40001')),
    fc
      .integer({ min: 100_000, max: Limits.maxBodyBytes - 10_000 })
      .map((n) => json({ ...sealed(), padding: 'x'.repeat(n) })),
    fc
      .string({ maxLength: 200 })
      .filter((s) => !isJsonObject(s))
      .map((s) => ({ body: s, code: '40001' })),
    fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => ({
      body: Buffer.concat([
        Buffer.from('{"a":"'),
        Buffer.from(bytes),
        Buffer.from([0xff, 0xc0]),
        Buffer.from('"}'),
      ]),
      code: '40001',
    })),
    // Sealed content that is not UTF-8, or not a JSON object.
    fc
      .uint8Array({ minLength: 0, maxLength: 200 })
      .map((bytes) =>
        json(sealedBytes(Buffer.concat([Buffer.from(bytes), Buffer.from([0xc3, 0x28])])), '40001'),
      ),
    fc
      .constantFrom('[]', 'null', '"x"', '12', '{"a":', '')
      .map((text) => json(sealedBytes(Buffer.from(text)), '40001')),
  )
}

/**
 * The paths of the POST routes in Fastify's printed route tree (printRoutes, commonPrefix false): a line is a
 * node, `├── /api/epc/carmodel (POST)`, at a depth given by its indentation (4 characters a level), and its
 * path is its parent's with its own segment appended (`│   └── s (POST)` under that one is /api/epc/carmodels).
 */
function postRoutes(tree: string): string[] {
  const above: string[] = []
  const routes: string[] = []
  for (const line of tree.split('\n').filter((l) => l.trim() !== '')) {
    const node = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    const depth = (node?.[1]?.length ?? 0) / 4
    if (!node || depth > above.length) throw new Error(`not a line of the route tree: ${line}`)
    const path = `${above[depth - 1] ?? ''}${node[2]}`
    above.length = depth
    above.push(path)
    if (node[3]?.split(', ').includes('POST')) routes.push(path)
  }
  return routes
}

/** Every row of the tables, by table; read at once (PostgreSQL's pool reads them side by side). */
async function everyRow(t: TestApp, tables: string[]): Promise<string> {
  const read = (table: string) =>
    sql`select * from ${sql.table(table)} order by 1, 2, 3`.execute(t.ctx.db.kysely)
  const rows = await Promise.all(tables.map(read))
  return JSON.stringify(Object.fromEntries(tables.map((table, i) => [table, rows[i]?.rows])))
}

/** The rows that differ between two of everyRow's answers, by table, leaving out the allowed tables. */
function rowsChanged(before: string, after: string, allowed: string[]) {
  const [was, now] = [before, after].map((s) => JSON.parse(s) as Record<string, unknown[]>)
  const changes: Record<string, { gone: string[]; came: string[] }> = {}
  for (const table of Object.keys({ ...was, ...now })) {
    if (allowed.includes(table)) continue
    const texts = (rows: unknown[] = []) => rows.map((r) => JSON.stringify(r))
    const [a, b] = [texts(was?.[table]), texts(now?.[table])]
    const gone = a.filter((r) => !b.includes(r))
    const came = b.filter((r) => !a.includes(r))
    if (gone.length || came.length) changes[table] = { gone, came }
  }
  return changes
}

function isJsonObject(text: string) {
  try {
    const v = JSON.parse(text)
    return typeof v === 'object' && v !== null
  } catch {
    return false
  }
}

describe.each(dbKinds)('hostile input to every documented call on %s', (kind) => {
  let t: TestApp
  let token: string
  let cases: Case[]
  let theirRows: string
  let current: string
  let tried = 0
  const answered: Record<string, number> = {}
  let theirCompany: number
  /** The tables a call may write (helper.ts): the rows a refused request must leave as they were. */
  let tables: string[]

  /** The second company's rows: its sheets and lines, orders, invoices, notices, API keys and accounts. */
  const theirs = async () => {
    const db = t.ctx.db.kysely
    const sheets = await sql`select s.*, l.* from sheets s left join sheet_lines l on l.sheet_id = s.id
      where s.client_name like ${`%${SECRET}%`} order by s.id, l.id`.execute(db)
    const rows: Record<string, unknown[]> = { sheets: sheets.rows }
    for (const table of ['orders', 'invoices', 'notices', 'api_keys', 'accounts'] as const) {
      rows[table] = (
        await sql`select * from ${sql.table(table)} where company_id = ${theirCompany} order by id`.execute(
          db,
        )
      ).rows
    }
    return JSON.stringify(rows)
  }

  beforeAll(async () => {
    const port = await freePort()
    t = await startTestApp(kind, {
      config: {
        // Look-ups must reach their services however many run, so neither the quota nor the burst ban stops them.
        quota: { dailyLimit: 1e9, burstPerMinute: 1e9, burstMinutes: 5 },
        // The payment calls run the real Alipay and WeChat Pay code against the local fake platform, over HTTP
        // (the app listens below), and a bank account makes transfer answer rather than refuse.
        payments: { platform: 'fake' },
        publicUrl: `http://127.0.0.1:${port}`,
        transferAccount: {
          name: '汽配EPC科技有限公司',
          bank: '招商银行深圳分行',
          account: '755900000000001',
        },
      },
      prepare: (app) =>
        // A call that writes a row and then refuses: the suite's own check must catch it (last test).
        registerCall(app, {
          path: '/api/test/sneaky',
          access: 'login',
          mutates: true,
          schema: z.object({}),
          handle: async ({ caller }) => {
            await t.ctx.db.kysely
              .updateTable('companies')
              .set({ name: '被改了' })
              .where('id', '=', caller.companyId)
              .execute()
            throw fail.business('拒绝')
          },
        }),
    })
    await t.app.listen({ port, host: '127.0.0.1' })
    const { demoVins } = await loadTinyCatalogue(t.ctx.db)
    const a = await createCompanyAccount(t)
    const b = await createCompanyAccount(t)
    theirCompany = b.companyId
    token = await t.login(a.mobile, a.password)
    const bToken = await t.login(b.mobile, b.password)
    /** A real call that must succeed, answering its data. */
    const dataOf = async <T>(path: string, payload: object, tok: string) => {
      const answer = await t.call<T>(path, payload, { token: tok })
      if (answer.ResultCode !== '10000') throw new Error(`${path}: ${answer.ResultMsg}`)
      return answer.data as T
    }
    const vin = demoVins[0]?.vin as string
    const sheetOf = async (tok: string, name: string, kind: 'quote' | 'purchase') => {
      const [master, detail, line, price] =
        kind === 'quote'
          ? ['quoteordermaster', 'quoteorderdetail', 'quoteorderdetail', 'sale_prices']
          : ['purchaseordermaster', 'purchaseorderdetail', 'purchaseorderdetail', 'tax_prices']
      const made = await t.call<string>(
        `/api/epc/create${master}`,
        { VIN: vin, ClientName: name },
        { token: tok },
      )
      const OrderId = made.data as string
      const add = { OrderId, part_number: 'HX-1', Amount: 1, [price]: 10 }
      await t.call(`/api/epc/create${line}`, add, { token: tok })
      const lines = await t.call<{ Id: number }[]>(`/api/epc/query${detail}`, { OrderId }, { token: tok })
      return { OrderId, line: lines.data?.[0]?.Id as number }
    }
    // OrderIds count per company: the other company's first sheets carry the same numbers as ours, so the
    // calls aim at its second ones, numbers of which ours are made only by the test's own creates.
    await sheetOf(bToken, `${SECRET}客户`, 'quote')
    await sheetOf(bToken, `${SECRET}供应商`, 'purchase')
    const orderOf = async (tok: string, PlanCode: string) =>
      (await dataOf<{ OrderNo: string }>('/api/billing/createorder', { PlanCode }, tok)).OrderNo
    const rowsOf = async (tok: string, name: string, staffMobile: string): Promise<Rows> => ({
      quote: await sheetOf(tok, `${name}客户`, 'quote'),
      purchase: await sheetOf(tok, `${name}供应商`, 'purchase'),
      order: {
        paying: await orderOf(tok, 'vin_month'),
        transfer: await orderOf(tok, 'vin_quarter'),
        // The data-service trial: free, so 已生效 at once (an order to invoice), and items for an embed link.
        effective: await orderOf(tok, 'data_items_trial'),
      },
      keyId: (await dataOf<CreatedKey>('/api/dataservice/keys/create', { Name: `${name}密钥` }, tok)).Key
        .KeyId,
      staffId: (
        await dataOf<StaffRow>(
          '/api/usercenter/staff/add',
          { Mobile: staffMobile, UserName: `${name}店员`, Password: 'abc12345' },
          tok,
        )
      ).UserID,
    })
    const mine = await rowsOf(token, '甲', '13600001001')
    const others = await rowsOf(bToken, SECRET, '13600001002')

    // Our order being paid with Alipay: the page-pay address visited, so the fake platform holds the trade,
    // and the return page's parameters as Alipay signs them.
    const paying = await dataOf<{ PayUrl: string }>(
      '/api/billing/pay',
      { OrderNo: mine.order.paying, Channel: 'alipay' },
      token,
    )
    const payUrl = new URL(paying.PayUrl)
    await t.app.inject({ method: 'GET', url: `${payUrl.pathname}${payUrl.search}` })
    const fake = t.app.fakePay
    const trade = fake?.trade('alipay', mine.order.paying)
    if (!fake || !trade) throw new Error('the fake platform holds no trade of the order being paid')
    const payReturn = Object.fromEntries(new URL(fake.returnUrl(trade)).searchParams)

    // A one-time embed link for the VIN, made by our key through the open API.
    const key = await dataOf<CreatedKey>('/api/dataservice/keys/create', { Name: '嵌入目录' }, token)
    await dataOf(
      '/api/dataservice/keys/setembed',
      { KeyId: key.Key.KeyId, EmbedOrigins: ['https://erp.example.com'] },
      token,
    )
    const link = await openRequest<{ url: string }>(
      t,
      { appKey: key.Key.AppKey, appSecret: key.AppSecret },
      'POST',
      '/open/v1/embed/sessions',
      { vin },
    )
    const embedLink = link.body.url?.split('/embed/')[1]
    if (!embedLink) throw new Error(`no embed link: ${JSON.stringify(link.body)}`)

    // Renewal reminders (the factories' trials end within 7 days) written now for every company, so the
    // minute's sweep writes none in the middle of a request; ours to read.
    await new BillingService(t.ctx).remindRenewals()
    const notices = await dataOf<{ Id: number }[]>('/api/billing/notices', {}, token)
    const noticeId = notices[0]?.Id
    if (!noticeId) throw new Error('no renewal notice to read')

    cases = documentedCalls({
      mobile: a.mobile,
      vin,
      mine,
      theirs: others,
      payReturn,
      noticeId,
      embedLink,
    })
    theirRows = await theirs()
    tables = await writableTables(t.ctx.db)
    current = await everyRow(t, tables)
  })

  afterAll(async () => {
    console.log(`hostile input on ${kind}: ${tried} requests tried, answered`, answered)
    await t?.close()
  })

  /**
   * Sends one request and checks what any client would notice: the envelope shape, a documented code with its
   * status, nothing of the other company, and for a refusal no row changed.
   */
  async function tryRequest(
    path: string,
    body: string | Buffer,
    expected?: string,
    anonymous = false,
    /** The payload sealed in the body, shown in a failure's message instead of the cipher text. */
    sealed?: Fields,
  ) {
    tried += 1
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        ...(anonymous ? {} : { authorization: `Bearer ${token}` }),
      },
      payload: body,
    })
    const what = `${path} ${(sealed ? JSON.stringify(sealed) : String(body)).slice(0, 300)}`
    expect(res.statusCode, what).toBeLessThan(500)
    const raw = res.json() as Record<string, unknown>
    expect(
      Object.keys(raw).filter((k) => k !== 'data'),
      what,
    ).toEqual(['ResultCode', 'ResultMsg'])
    expect(typeof raw.ResultMsg, what).toBe('string')
    // Every answer's message is Chinese (protocol.md sections 2 to 4): no library's English slips through.
    expect(raw.ResultMsg, what).toMatch(/\p{Script=Han}/u)
    const code = raw.ResultCode as string
    answered[code] = (answered[code] ?? 0) + 1
    expect(DOCUMENTED[code], `${what} answered ${code}`).toContain(res.statusCode)
    if (expected) expect(code, `${what}: ${raw.ResultMsg}`).toBe(expected)
    if (raw.data !== undefined)
      expect(JSON.stringify(decodeData(raw.data as string)), what).not.toContain(SECRET)
    const after = await everyRow(t, tables)
    if (code !== '10000') {
      // A wrong SMS code counts a try (docs/api.md): the one row a refused account call may change.
      const withCodes = path.startsWith('/api/author/') || SMS_CHECKED.includes(path)
      const allowed = code === '10001' && withCodes ? ['sms_codes'] : []
      expect(
        rowsChanged(current, after, allowed),
        `${what} answered ${code} (${raw.ResultMsg}) and changed rows`,
      ).toEqual({})
    }
    current = after
    return code
  }

  it('sweeps every envelope call the app registers', () => {
    // Left out: the suite's own /api/test/ call, the development-only /api/dev/ routes, and the payment
    // platforms' notifies under /api/pay/notify/, which are plain HTTP in each platform's format, no envelopes.
    const notEnvelopeCalls = /^\/api\/(test|dev|pay\/notify)\//
    const registered = postRoutes(t.app.printRoutes({ method: 'POST', commonPrefix: false })).filter(
      (path) => path.startsWith('/api/') && !notEnvelopeCalls.test(path),
    )
    // The tree's child segments are read: carmodels is printed as `s` under carmodel.
    expect(registered).toContain('/api/epc/carmodels')
    const swept = new Set(cases.map((c) => c.path))
    expect([...swept].sort()).toEqual([...new Set(registered)].sort())
  })

  it(
    'refuses malformed envelopes with 40001, 40002 or 40003 and changes nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...cases).chain((c) => malformedEnvelope(t, c.valid).map((m) => ({ c, m }))),
          async ({ c, m }) => {
            await tryRequest(c.path, m.body, m.code, c.anonymous)
          },
        ),
        { numRuns: RUNS },
      )
    },
    60_000 + RUNS * 100,
  )

  it(
    'answers hostile payloads in sealed envelopes with documented codes, never reaching the other company',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...cases).chain((c) => hostilePayload(c.valid).map((p) => ({ c, p }))),
          async ({ c, p }) => {
            await tryRequest(c.path, JSON.stringify(t.seal(p)), undefined, c.anonymous)
          },
        ),
        { numRuns: RUNS * 2 },
      )
      // Every call once with its valid payload too, so the suite also covers the accepted path of each.
      for (const c of cases) await tryRequest(c.path, JSON.stringify(t.seal(c.valid)), undefined, c.anonymous)
      expect(await theirs()).toBe(theirRows)
      expect(Object.keys(Object.prototype)).toEqual([])
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    },
    60_000 + RUNS * 300,
  )

  it('answers each field of each call set to each edge value with a documented code', async () => {
    // Random payloads rarely hit one field with one value; this sweep does, for the values most likely to slip
    // past a schema into SQL (numbers past 32 bits, fractions, NaN-ish text, LIKE characters).
    for (const c of cases) {
      for (const field of Object.keys(c.valid)) {
        for (const value of EDGE_VALUES) {
          const payload = Object.fromEntries([...Object.entries(c.valid), [field, value]])
          await tryRequest(c.path, JSON.stringify(t.seal(payload)), undefined, c.anonymous, payload)
        }
      }
    }
    expect(await theirs()).toBe(theirRows)
  }, 180_000)

  it("catches a refused request's write (the suite's own check works)", async () => {
    await expect(tryRequest('/api/test/sneaky', JSON.stringify(t.seal({})))).rejects.toThrow(/changed rows/)
  })
})
