// The operator's commands on real databases: each one's effect and printed lines, its refusals, and refund
// rolling the entitlement back exactly once (service end, 99998 { reason: expired }, a pack's queries).

import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { type CreatedKey, OrderState } from '@epc/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCompanyAccount, signedInCompany } from '../../../test/factories'
import { dbKinds, startTestApp, type TestApp } from '../../../test/helper'
import { BillingService } from '../billing/billing.service'
import { OpsError, parseYuan, runOps } from './ops'

const DAY = 86_400_000

describe('parseYuan', () => {
  it('turns yuan with at most 2 decimals into integer fen; refuses anything else', () => {
    expect(parseYuan('199.00', '价格')).toBe(19_900)
    expect(parseYuan('0.1', '价格')).toBe(10)
    expect(parseYuan('1999', '价格')).toBe(199_900)
    expect(parseYuan('19.99', '价格')).toBe(1_999)
    for (const bad of ['1.999', '-1', 'abc', '', '1,000', undefined]) {
      expect(() => parseYuan(bad, '价格')).toThrow(OpsError)
    }
  })
})

describe('npm run ops (scripts/ops.ts)', () => {
  it('prints what it changed and exits 0; prints the Chinese reason on stderr and exits 1 on bad input', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'epc-ops-'))
    const root = join(import.meta.dirname, '../../../../..')
    const env = {
      ...process.env,
      SQLITE_PATH: join(folder, 'epc.sqlite'),
      DATABASE_URL: '',
      NODE_ENV: 'development',
    }
    const run = (...argv: string[]) => runWith(env, ...argv)
    const runWith = (environment: NodeJS.ProcessEnv, ...argv: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', ...argv], {
        cwd: root,
        env: environment,
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({
          code: e.code,
          stdout: e.stdout,
          stderr: e.stderr,
        }),
      )
    try {
      const made = await run('plan-disable', '--code', 'vin_quarter')
      expect(made).toEqual({
        code: 0,
        stdout: '已下架套餐 vin_quarter「VIN 查询季卡」：不再出售，已有订单不受影响\n',
        stderr: '',
      })
      const again = await run('plan-disable', '--code', 'vin_quarter')
      expect(again).toEqual({ code: 1, stdout: '', stderr: '套餐 vin_quarter「VIN 查询季卡」已下架\n' })
      const unknown = await run('refund', '--order', 'NOPE')
      expect(unknown).toEqual({ code: 1, stdout: '', stderr: '订单不存在：NOPE\n' })
      // In production without the service's settings: the reason, not a stack trace.
      const unset = await runWith({ ...env, NODE_ENV: 'production', SMS_PROVIDER: '' }, 'cancellations')
      expect(unset.code).toBe(1)
      expect(unset.stderr).toMatch(/^✖ 配置有误：请设置 SMS_PROVIDER.*见 docs\/operations\.md）\n$/)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  }, 30_000)
})

describe.each(dbKinds)('ops on %s', (kind) => {
  let t: TestApp
  let billing: BillingService
  const ops = (...argv: string[]) => runOps({ db: t.ctx.db, clock: t.clock }, argv)
  const refused = async (argv: string[], message: string | RegExp) => {
    const error = await ops(...argv).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(OpsError)
    expect((error as Error).message).toMatch(message)
  }
  const shop = (opts: { serviceDays?: number } = {}) => signedInCompany(t, opts)
  const call = <T>(path: string, payload: object, token: string) => t.call<T>(path, payload, { token })
  const createOrder = async (token: string, PlanCode: string, CouponId?: number) => {
    const answer = await call<{ OrderNo: string }>('/api/billing/createorder', { PlanCode, CouponId }, token)
    expect(answer.ResultMsg).toBe('成功')
    return (answer.data as { OrderNo: string }).OrderNo
  }
  const entitlement = async (token: string) =>
    (
      await call<{ ServiceEndsAt: number | null; ServiceActive: boolean; QueriesLeft: number }>(
        '/api/billing/entitlement',
        {},
        token,
      )
    ).data
  const order = (orderNo: string) =>
    t.ctx.db.kysely.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow()

  beforeAll(async () => {
    t = await startTestApp(kind)
    billing = new BillingService(t.ctx)
  })
  afterAll(() => t.close())

  it('creates a plan once when the same plan-create runs ten times at once; the others say the code exists', async () => {
    const argv = [
      'plan-create',
      '--code',
      'pack_race',
      '--name',
      '并发包',
      '--kind',
      'query_pack',
      '--price',
      '9.90',
      '--queries',
      '10',
    ]
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        ops(...argv).then(
          (lines) => ({ lines }),
          (error: unknown) => ({ error }),
        ),
      ),
    )
    expect(results.filter((r) => 'lines' in r)).toHaveLength(1)
    for (const r of results.filter((r) => 'error' in r)) {
      expect((r as { error: unknown }).error).toBeInstanceOf(OpsError)
      expect((r as { error: Error }).error.message).toBe('套餐代码 pack_race 已存在')
    }
    const rows = await t.ctx.db.kysely
      .selectFrom('plans')
      .select('id')
      .where('code', '=', 'pack_race')
      .execute()
    expect(rows).toHaveLength(1)
  })

  it('creates a plan that is sold at once, and disables it: no longer sold, existing orders keep it', async () => {
    const s = await shop()
    expect(
      await ops(
        'plan-create',
        '--code',
        'vin_half',
        '--name',
        'VIN 半年卡',
        '--kind',
        'vin_period',
        '--price',
        '999.50',
        '--days',
        '180',
      ),
    ).toEqual(['已创建套餐 vin_half「VIN 半年卡」：VIN 查询期限，价格 ¥999.50，180 天，已上架'])
    const plans = await call<{ PlanCode: string; Price: number }[]>('/api/billing/plans', {}, s.token)
    expect(plans.data?.at(-1)).toMatchObject({ PlanCode: 'vin_half', Price: 999.5 })
    const orderNo = await createOrder(s.token, 'vin_half')
    expect(await ops('plan-disable', '--code', 'vin_half')).toEqual([
      '已下架套餐 vin_half「VIN 半年卡」：不再出售，已有订单不受影响',
    ])
    const after = await call<{ PlanCode: string }[]>('/api/billing/plans', {}, s.token)
    expect(after.data?.map((p) => p.PlanCode)).not.toContain('vin_half')
    expect((await call('/api/billing/createorder', { PlanCode: 'vin_half' }, s.token)).ResultMsg).toBe(
      '套餐不存在或已下架',
    )
    // The order made before keeps its plan and can still be paid.
    expect(await billing.markPaid(orderNo, 'wechat', 99_950, `WX-${orderNo}`)).toBe('applied')
    expect(await order(orderNo)).toMatchObject({ plan_code: 'vin_half', state: OrderState.effective })

    await refused(['plan-disable', '--code', 'vin_half'], '套餐 vin_half「VIN 半年卡」已下架')
    await refused(['plan-disable', '--code', 'nope'], '套餐不存在：nope')
    await refused(
      [
        'plan-create',
        '--code',
        'vin_half',
        '--name',
        'x',
        '--kind',
        'vin_period',
        '--price',
        '1',
        '--days',
        '1',
      ],
      '套餐代码 vin_half 已存在',
    )
    /** A plan-create of code q named x. */
    const planQ = (kind: string, ...flags: string[]) => [
      'plan-create',
      ...['--code', 'q', '--name', 'x', '--kind', kind, ...flags],
    ]
    await refused(planQ('nope', '--price', '1'), /套餐类型须为/)
    await refused(planQ('query_pack', '--price', '1'), /--queries/)
    await refused(planQ('query_pack', '--price', '1.001', '--queries', '9'), /价格须为金额/)
    await refused(
      planQ('query_pack', '--price', '1', '--queries', '9', '--days', '30'),
      '按次包套餐不用 --days，请去掉',
    )
    await refused(
      planQ('vin_period', '--price', '1', '--days', '30', '--seats', '2', '--items', '5'),
      /不用 --seats --items，请去掉$/,
    )
    await refused(['plan-create', '--code', 'q', '--bogus', '1'], 'plan-create 不认识参数：--bogus')
    await refused(planQ('vin_period', '--price', '1', '--days', '99999'), '天数不能超过 36500')
    await refused(['nope'], /^未知命令：nope/)
  })

  it('grants a coupon to a company by id or by its owner mobile, money in fen, valid through --to', async () => {
    const s = await shop()
    const today = new Date(t.clock.now() + 8 * 3600_000).toISOString().slice(0, 10)
    const lines = await ops(
      'coupon-grant',
      '--company',
      s.mobile,
      '--kind',
      '满减',
      '--value',
      '20.5',
      '--threshold',
      '100',
      '--from',
      today,
      '--to',
      '2099-12-31',
    )
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^已向公司 \d+「测试汽配\d+」发放优惠券 #\d+「满100减20.5」：满减，减 ¥20.50，满 ¥100.00 可用，有效期 .+ 至 2099-12-31/,
    )
    await ops(
      'coupon-grant',
      '--company',
      String(s.companyId),
      '--kind',
      '折扣',
      '--value',
      '85',
      '--from',
      today,
      '--to',
      '2099-12-31',
    )
    await ops(
      'coupon-grant',
      '--company',
      String(s.companyId),
      '--kind',
      '赠送天数',
      '--value',
      '7',
      '--from',
      today,
      '--to',
      '2099-12-31',
    )
    const rows = await t.ctx.db.kysely
      .selectFrom('coupons')
      .selectAll()
      .where('company_id', '=', s.companyId)
      .orderBy('id')
      .execute()
    expect(
      rows.map((r) => [r.kind, Number(r.threshold_fen), Number(r.off_fen), r.percent, r.days, r.state]),
    ).toEqual([
      ['amount_off', 10_000, 2_050, 100, 0, 'unused'],
      ['percent', 0, 0, 85, 0, 'unused'],
      ['extra_days', 0, 0, 100, 7, 'unused'],
    ])
    // 2099-12-31 is valid to its Beijing midnight.
    expect(Number(rows[0]?.valid_to)).toBe(Date.UTC(2100, 0, 1) - 8 * 3600_000)
    const coupons = await call<{ Status: string }[]>('/api/billing/coupons', {}, s.token)
    expect(coupons.data?.map((c) => c.Status)).toEqual(['可用', '可用', '可用'])

    const base = ['--kind', '满减', '--value', '1', '--from', today, '--to', '2099-12-31']
    await refused(['coupon-grant', '--company', '13900000000', ...base], '没有手机号为 13900000000 的主账号')
    await refused(['coupon-grant', '--company', '999999', ...base], /^公司不存在：999999/)
    await refused(
      ['coupon-grant', '--company', s.mobile, ...base.slice(0, 1), '红包', ...base.slice(2)],
      /优惠券类型须为/,
    )
    await refused(
      [
        'coupon-grant',
        '--company',
        s.mobile,
        '--kind',
        '折扣',
        '--value',
        '100',
        '--from',
        today,
        '--to',
        '2099-12-31',
      ],
      /折扣须为 1 到 99/,
    )
    await refused(
      [
        'coupon-grant',
        '--company',
        s.mobile,
        '--kind',
        '折扣',
        '--value',
        '85',
        '--threshold',
        '100',
        '--from',
        today,
        '--to',
        '2099-12-31',
      ],
      '折扣券没有使用门槛，不能给 --threshold',
    )
    await refused(
      [
        'coupon-grant',
        '--company',
        s.mobile,
        '--kind',
        '满减',
        '--value',
        '1',
        '--from',
        '2099-02-30',
        '--to',
        '2099-12-31',
      ],
      /--from须为日期/,
    )
    await refused(
      [
        'coupon-grant',
        '--company',
        s.mobile,
        '--kind',
        '满减',
        '--value',
        '1',
        '--from',
        '2000-01-02',
        '--to',
        '2000-01-01',
      ],
      '--to 不能早于 --from',
    )
    await refused(
      [
        'coupon-grant',
        '--company',
        s.mobile,
        '--kind',
        '满减',
        '--value',
        '1',
        '--from',
        '2000-01-01',
        '--to',
        '2000-01-02',
      ],
      '有效期已过',
    )
  })

  it('grants a coupon once when the same grant runs twice and ten times at once; a minute later is a new grant', async () => {
    const s = await shop()
    const today = new Date(t.clock.now() + 8 * 3600_000).toISOString().slice(0, 10)
    const grant = () =>
      ops(
        'coupon-grant',
        ...['--company', s.mobile, '--kind', '满减', '--value', '20', '--threshold', '100'],
        ...['--from', today, '--to', '2099-12-31'],
      )
    const coupons = () =>
      t.ctx.db.kysely.selectFrom('coupons').select('id').where('company_id', '=', s.companyId).execute()
    const messages = () =>
      t.ctx.db.kysely
        .selectFrom('messages')
        .select('subject')
        .where('account_id', '=', s.accountId)
        .where('kind', '=', 'coupon')
        .execute()
    const [first] = await grant()
    const [id] = (await coupons()).map((c) => c.id)
    expect(first).toMatch(new RegExp(`^已向公司 ${s.companyId}「.+」发放优惠券 #${id}「满100减20」`))
    const again = `公司 ${s.companyId} 本分钟内已发放过同样的优惠券 #${id}「满100减20」，未作任何更改`
    expect(await grant()).toEqual([again])
    const ten = await Promise.all(Array.from({ length: 10 }, grant))
    expect(ten).toEqual(Array(10).fill([again]))
    expect(await coupons()).toEqual([{ id }])
    expect(await messages()).toEqual([{ subject: `coupon:${id}` }])
    // The same coupon granted on purpose later is another coupon: one, also when ten grants of it race (the
    // company's row lock makes each find the one before it).
    t.clock.advance(60_000)
    const later = await Promise.all(Array.from({ length: 10 }, grant))
    expect(
      later.filter(([line]) => /^已向公司 .+发放优惠券 #\d+「满100减20」/.test(line ?? '')),
    ).toHaveLength(1)
    expect(await coupons()).toHaveLength(2)
    expect(await messages()).toHaveLength(2)
  })

  it('refunds the only period: service end back to the trial, 99998 expired, coupon stays used; twice changes nothing', async () => {
    const s = await shop({ serviceDays: 1 })
    const trialEnd = (await entitlement(s.token))?.ServiceEndsAt as number
    const today = new Date(t.clock.now() + 8 * 3600_000).toISOString().slice(0, 10)
    await ops(
      'coupon-grant',
      '--company',
      s.mobile,
      '--kind',
      '满减',
      '--value',
      '20',
      '--from',
      today,
      '--to',
      '2099-12-31',
    )
    const [coupon] = await t.ctx.db.kysely
      .selectFrom('coupons')
      .select('id')
      .where('company_id', '=', s.companyId)
      .execute()
    const orderNo = await createOrder(s.token, 'vin_month', coupon?.id)
    expect(await billing.markPaid(orderNo, 'wechat', 17_900, `WX-${orderNo}`)).toBe('applied')
    expect((await entitlement(s.token))?.ServiceEndsAt).toBe(trialEnd + 30 * DAY)
    // Two days on, the trial is over and the paid month runs.
    t.clock.advance(2 * DAY)
    const look = () => call('/api/epc/partsquery', { Codes: ['ABCD1234'] }, s.token)
    expect((await look()).ResultCode).not.toBe('99998')

    const lines = await ops('refund', '--order', orderNo, '--reason', '客户申请')
    expect(lines[0]).toBe(
      `订单 ${orderNo}「VIN 查询月卡」已生效 → 退款中 → 已退款，退款 ¥179.00（原因：客户申请）`,
    )
    expect(lines[1]).toMatch(/^服务期 .+ 已截止到 /)
    expect(lines).toContain(`所用优惠券 #${coupon?.id} 仍为已使用`)
    expect(lines.at(-1)).toMatch(new RegExp(`^公司 ${s.companyId} 的服务现到期于 `))
    expect(await order(orderNo)).toMatchObject({ state: OrderState.refunded })
    expect(await entitlement(s.token)).toMatchObject({ ServiceEndsAt: t.clock.now(), ServiceActive: false })
    const answer = await look()
    expect([answer.ResultCode, answer.data]).toEqual(['99998', { reason: 'expired' }])
    const couponRow = await t.ctx.db.kysely
      .selectFrom('coupons')
      .selectAll()
      .where('id', '=', coupon?.id as number)
      .executeTakeFirstOrThrow()
    expect(couponRow.state).toBe('used')

    // Again: nothing changes, and it says so.
    const services = await t.ctx.db.kysely
      .selectFrom('services')
      .selectAll()
      .where('company_id', '=', s.companyId)
      .execute()
    expect(await ops('refund', '--order', orderNo)).toEqual([`订单 ${orderNo} 已退款，未作任何更改`])
    expect(
      await t.ctx.db.kysely
        .selectFrom('services')
        .selectAll()
        .where('company_id', '=', s.companyId)
        .execute(),
    ).toEqual(services)
    // A second payment of the refunded order is recorded for refund; refund settles it.
    expect(await billing.markPaid(orderNo, 'alipay', 17_900, `ALI-${orderNo}`)).toBe('refund_needed')
    expect(await ops('refund', '--order', orderNo)).toEqual([
      `alipay 交易 ALI-${orderNo} 的 ¥179.00 待退款已标记为已退款`,
    ])
    expect(await ops('refund', '--order', orderNo)).toEqual([`订单 ${orderNo} 已退款，未作任何更改`])
  })

  it('refunds a renewal not yet begun: removed, and a later renewal moves back', async () => {
    const s = await shop({ serviceDays: 7 })
    const trialEnd = (await entitlement(s.token))?.ServiceEndsAt as number
    const first = await createOrder(s.token, 'vin_month')
    await billing.markPaid(first, 'wechat', 19_900, `WX-${first}`)
    const second = await createOrder(s.token, 'vin_month')
    await billing.markPaid(second, 'wechat', 19_900, `WX-${second}`)
    expect((await entitlement(s.token))?.ServiceEndsAt).toBe(trialEnd + 60 * DAY)
    const lines = await ops('refund', '--order', first)
    expect(lines[1]).toMatch(/已撤销，其后的 1 个续费期前移 30 天$/)
    expect((await entitlement(s.token))?.ServiceEndsAt).toBe(trialEnd + 30 * DAY)
    expect(await order(second)).toMatchObject({
      grant_starts_at: trialEnd,
      grant_ends_at: trialEnd + 30 * DAY,
    })
    expect(
      await t.ctx.db.kysely
        .selectFrom('services')
        .select('order_id')
        .where('company_id', '=', s.companyId)
        .where('kind', '=', 'paid')
        .execute(),
    ).toEqual([{ order_id: (await order(second)).id }])
  })

  it('refunds once when ten refunds of one order run at once', async () => {
    const s = await shop({ serviceDays: 0 })
    const orderNo = await createOrder(s.token, 'vin_year')
    await billing.markPaid(orderNo, 'wechat', 198_000, `WX-${orderNo}`)
    const answers = await Promise.all(Array.from({ length: 10 }, () => ops('refund', '--order', orderNo)))
    expect(answers.filter((lines) => lines[0]?.includes('→ 已退款')).length).toBe(1)
    expect(answers.filter((lines) => lines[0] === `订单 ${orderNo} 已退款，未作任何更改`).length).toBe(9)
    expect(await entitlement(s.token)).toMatchObject({ ServiceEndsAt: t.clock.now(), ServiceActive: false })
  })

  it("zeroes a refunded query pack's remaining queries", async () => {
    const s = await shop({ serviceDays: 0 })
    const pack = await createOrder(s.token, 'query_pack_500')
    await billing.markPaid(pack, 'wechat', 29_900, `WX-${pack}`)
    expect((await entitlement(s.token))?.QueriesLeft).toBe(500)
    expect(await ops('refund', '--order', pack)).toEqual([
      `订单 ${pack}「按次包 500 次」已生效 → 退款中 → 已退款，退款 ¥299.00`,
      '按次包剩余 500 次已清零',
    ])
    expect((await entitlement(s.token))?.QueriesLeft).toBe(0)
    const answer = await call('/api/epc/partsquery', { Codes: ['ABCD1234'] }, s.token)
    expect([answer.ResultCode, answer.data]).toEqual(['99998', { reason: 'expired' }])
  })

  it('refuses to refund an unknown or unpaid order; settles a payment after close', async () => {
    const s = await shop()
    await refused(['refund', '--order', 'NOPE'], '订单不存在：NOPE')
    const orderNo = await createOrder(s.token, 'vin_month')
    await refused(
      ['refund', '--order', orderNo],
      `订单 ${orderNo} 状态为待支付，不能退款（只有已支付或已生效的订单可退款）`,
    )
    await call('/api/billing/cancelorder', { OrderNo: orderNo }, s.token)
    expect((await order(orderNo)).state).toBe(OrderState.cancelled)
    await refused(['refund', '--order', orderNo], /状态为已取消，不能退款/)
    expect(await billing.markPaid(orderNo, 'wechat', 19_900, `WX-${orderNo}`)).toBe('refund_needed')
    expect(await ops('refund', '--order', orderNo)).toEqual([
      `wechat 交易 WX-${orderNo} 的 ¥199.00 待退款已标记为已退款`,
    ])
    expect((await order(orderNo)).state).toBe(OrderState.cancelled)
    const payments = await t.ctx.db.kysely
      .selectFrom('payments')
      .select('outcome')
      .where('order_no', '=', orderNo)
      .execute()
    expect(payments).toEqual([{ outcome: 'refunded' }])
  })

  it('marks a bank transfer paid once with the order amount; refuses an unknown order; a cancelled one records a refund', async () => {
    const s = await shop({ serviceDays: 0 })
    const orderNo = await createOrder(s.token, 'vin_month')
    const [line] = await ops('mark-paid', '--order', orderNo, '--trade', 'ICBC-20261124-001')
    expect(line).toMatch(
      new RegExp(
        `^订单 ${orderNo}「VIN 查询月卡」对公转账 ¥199.00（流水号 ICBC-20261124-001）：待支付 → 已支付 → 已生效，服务期至 `,
      ),
    )
    expect(await order(orderNo)).toMatchObject({
      state: OrderState.effective,
      channel: 'transfer',
      trade_no: 'ICBC-20261124-001',
    })
    expect((await entitlement(s.token))?.ServiceEndsAt).toBe(t.clock.now() + 30 * DAY)
    expect(await ops('mark-paid', '--order', orderNo, '--trade', 'ICBC-20261124-001')).toEqual([
      `订单 ${orderNo}「VIN 查询月卡」对公转账 ¥199.00（流水号 ICBC-20261124-001）：此前已记为已支付，未作任何更改`,
    ])
    expect((await entitlement(s.token))?.ServiceEndsAt).toBe(t.clock.now() + 30 * DAY)
    await refused(['mark-paid', '--order', 'NOPE'], '订单不存在：NOPE')
    const cancelled = await createOrder(s.token, 'vin_year')
    await call('/api/billing/cancelorder', { OrderNo: cancelled }, s.token)
    await refused(['mark-paid', '--order', cancelled], /状态为已取消，这笔转账未生效，已记为待退款/)
    const payments = await t.ctx.db.kysely
      .selectFrom('payments')
      .select(['channel', 'trade_no', 'outcome'])
      .where('order_no', '=', cancelled)
      .execute()
    expect(payments).toEqual([
      { channel: 'transfer', trade_no: `BANK-${cancelled}`, outcome: 'refund_needed' },
    ])
  })

  it('marks a bank transfer paid once when ten mark-paid of one order run at once: one payment, one period', async () => {
    const s = await shop({ serviceDays: 0 })
    const orderNo = await createOrder(s.token, 'vin_quarter')
    const answers = await Promise.all(Array.from({ length: 10 }, () => ops('mark-paid', '--order', orderNo)))
    const head = `订单 ${orderNo}「VIN 查询季卡」对公转账 ¥538.00（流水号 BANK-${orderNo}）`
    expect(answers.filter((lines) => lines[0]?.startsWith(`${head}：待支付 → 已支付 → 已生效`))).toHaveLength(
      1,
    )
    expect(answers.filter((lines) => lines[0] === `${head}：此前已记为已支付，未作任何更改`)).toHaveLength(9)
    const payments = await t.ctx.db.kysely
      .selectFrom('payments')
      .select(['channel', 'trade_no', 'outcome'])
      .where('order_no', '=', orderNo)
      .execute()
    expect(payments).toEqual([{ channel: 'transfer', trade_no: `BANK-${orderNo}`, outcome: 'applied' }])
    const services = await t.ctx.db.kysely
      .selectFrom('services')
      .select('id')
      .where('company_id', '=', s.companyId)
      .where('kind', '=', 'paid')
      .execute()
    expect(services).toHaveLength(1)
    expect((await entitlement(s.token))?.ServiceEndsAt).toBe(t.clock.now() + 90 * DAY)
  })

  const invoice = {
    Kind: '普通发票',
    Title: '某某汽配商行',
    TaxNo: '92440300MA5FFFFF1Y',
    Email: 'boss@example.cn',
  }

  it('marks an invoice issued once; refuses an order without an invoice request', async () => {
    const s = await shop()
    const orderNo = await createOrder(s.token, 'vin_month')
    await refused(['invoice-issued', '--order', orderNo], `订单 ${orderNo} 没有发票申请，未作更改`)
    await ops('mark-paid', '--order', orderNo)
    expect((await call('/api/billing/invoice', { ...invoice, OrderNo: orderNo }, s.token)).ResultCode).toBe(
      '10000',
    )
    const head = `订单 ${orderNo} 的普通发票（抬头 某某汽配商行，税号 92440300MA5FFFFF1Y，寄往 boss@example.cn）`
    expect(await ops('invoice-issued', '--order', orderNo)).toEqual([`${head}：待开票 → 已开票`])
    expect(await ops('invoice-issued', '--order', orderNo)).toEqual([
      `${head}此前已标记为已开票，未作任何更改`,
    ])
    const shown = await call<{ Invoice: { State: string } }>(
      '/api/billing/order',
      { OrderNo: orderNo },
      s.token,
    )
    expect(shown.data?.Invoice.State).toBe('已开票')
  })

  it('refunding an order with an invoice asked for says not to issue it; a refunded order is not marked issued', async () => {
    const s = await shop()
    const orderNo = await createOrder(s.token, 'vin_month')
    await ops('mark-paid', '--order', orderNo)
    expect((await call('/api/billing/invoice', { ...invoice, OrderNo: orderNo }, s.token)).ResultCode).toBe(
      '10000',
    )
    expect(await ops('refund', '--order', orderNo)).toContain(
      '该订单的发票申请为待开票：订单已退款，请勿再开票',
    )
    await refused(['invoice-issued', '--order', orderNo], `订单 ${orderNo} 状态为已退款，不能标记为已开票`)
  })

  it('lifts a ban: the account signs in again; refuses an account that is not banned', async () => {
    const banned = await createCompanyAccount(t, { state: 'banned' })
    await expect(t.login(banned.mobile, banned.password)).rejects.toThrow(/login failed/)
    const lines = await ops('unban', '--mobile', banned.mobile)
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(`^已解除账号 ${banned.mobile}（.+）的封禁：状态恢复为正常，封禁原因已清除$`),
      ),
    ])
    const row = await t.ctx.db.kysely
      .selectFrom('accounts')
      .select(['state', 'state_reason'])
      .where('id', '=', banned.accountId)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ state: 'active', state_reason: null })
    expect(await t.login(banned.mobile, banned.password)).toBeTruthy()
    await refused(
      ['unban', '--mobile', banned.mobile],
      `账号 ${banned.mobile} 未被封禁（当前状态：正常），未作更改`,
    )
    const disabled = await createCompanyAccount(t, { state: 'disabled' })
    await refused(['unban', '--mobile', disabled.mobile], /当前状态：已停用/)
    await refused(['unban', '--mobile', '13900000001'], '账号不存在：13900000001')
  })

  it("sets a data-service key's rate limit; refuses an unknown or revoked key and a rate out of range", async () => {
    const owner = await signedInCompany(t)
    const created = await t.call<CreatedKey>(
      '/api/dataservice/keys/create',
      { Name: '大客户' },
      { token: owner.token },
    )
    const { AppKey, KeyId } = (created.data as CreatedKey).Key
    expect(await ops('key-rate', '--appkey', AppKey, '--rate', '50')).toEqual([
      `AppKey ${AppKey}（大客户）每秒请求上限：10 → 50`,
    ])
    const row = await t.ctx.db.kysely
      .selectFrom('api_keys')
      .select('requests_per_second')
      .where('id', '=', KeyId)
      .executeTakeFirstOrThrow()
    expect(row.requests_per_second).toBe(50)
    await refused(['key-rate', '--appkey', AppKey, '--rate', '0'], '--rate 须为 1 至 10000 的整数，收到：0')
    await refused(['key-rate', '--appkey', 'aknope', '--rate', '20'], 'AppKey 不存在：aknope')
    await t.call('/api/dataservice/keys/revoke', { KeyId }, { token: owner.token })
    await refused(['key-rate', '--appkey', AppKey, '--rate', '20'], `AppKey ${AppKey} 已停用，未作更改`)
  })
})
