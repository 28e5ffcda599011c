// The operator's commands (`npm run ops -- …`): create or disable a plan, grant a coupon, refund an order
// (state and entitlement rolled back), mark a bank transfer paid, lift a ban, set a data-service key's rate. Each answers the lines it
// prints, in Chinese; bad input (an unknown company, order or plan, a wrong state) throws OpsError.
// State changes are conditional updates, as in the billing service, so a command run twice changes a thing once.
import {
  COUPON_KINDS,
  type CouponKind,
  CouponKindNames,
  OrderState,
  type OrderStateName,
  PERIOD_PLAN_KINDS,
  PLAN_KINDS,
  type PlanKind,
} from '@epc/shared'
import type { Kysely } from 'kysely'
import { beijingTime, type Clock } from '../../clock'
import type { Db } from '../../db/database'
import { isUniqueViolation } from '../../db/errors'
import type { Database } from '../../db/schema'
import * as accountsRepo from '../accounts/accounts.repository'
import { CancellationService } from '../accounts/cancellation.service'
import * as billingRepo from '../billing/billing.repository'
import { BillingService } from '../billing/billing.service'
import { ownerIds, postMessage } from '../messages'
import { insertForEveryActive } from '../messages/messages.repository'

export class OpsError extends Error {}

export interface OpsContext {
  db: Db
  clock: Clock
}

const BEIJING_OFFSET_MS = 8 * 3600_000
const DAY_MS = 86_400_000

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`

/** Yuan as typed (at most 2 decimals, not negative) to integer fen. */
export function parseYuan(text: string | undefined, what: string): number {
  if (text === undefined || !/^\d{1,9}(\.\d{1,2})?$/.test(text)) {
    throw new OpsError(`${what}须为金额（元，最多两位小数），收到：${text ?? '（空）'}`)
  }
  const [whole = '0', part = ''] = text.split('.')
  return Number(whole) * 100 + Number(part.padEnd(2, '0'))
}

function parseCount(text: string | undefined, what: string, fallback = 0): number {
  if (text === undefined) return fallback
  if (!/^\d{1,9}$/.test(text)) throw new OpsError(`${what}须为非负整数，收到：${text}`)
  return Number(text)
}

/** 'YYYY-MM-DD' as the start of that day in Beijing time. */
function parseDay(text: string | undefined, what: string): number {
  const match = text?.match(/^(\d{4})-(\d{2})-(\d{2})$/)
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN
  if (!match || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) {
    throw new OpsError(`${what}须为日期 YYYY-MM-DD，收到：${text ?? '（空）'}`)
  }
  return ms - BEIJING_OFFSET_MS
}

const PLAN_KIND_NAMES: Record<PlanKind, string> = {
  vin_period: 'VIN 查询期限',
  all_brands_period: '全品牌期限',
  seats: '子账号席位',
  query_pack: '按次包',
  data_items: '数据服务条数包',
}

export class Ops {
  private readonly billing: BillingService

  constructor(private readonly ctx: OpsContext) {
    this.billing = new BillingService(ctx)
  }

  private get db(): Kysely<Database> {
    return this.ctx.db.kysely
  }

  async planCreate(input: {
    code?: string
    name?: string
    kind?: string
    price?: string
    days?: string
    queries?: string
    seats?: string
    items?: string
  }): Promise<string[]> {
    const code = input.code ?? ''
    if (!/^[a-z0-9_]{1,40}$/.test(code)) {
      throw new OpsError(`套餐代码须为 1 到 40 个小写字母、数字或下划线，收到：${input.code ?? '（空）'}`)
    }
    const name = input.name?.trim() ?? ''
    if (!name || name.length > 50) throw new OpsError('套餐名称不能为空，且不超过 50 个字')
    const kind = input.kind as PlanKind
    if (!PLAN_KINDS.includes(kind)) {
      throw new OpsError(`套餐类型须为 ${PLAN_KINDS.join('、')} 之一，收到：${input.kind ?? '（空）'}`)
    }
    const priceFen = parseYuan(input.price, '价格')
    const days = parseCount(input.days, '天数')
    if (days > 36_500) throw new OpsError('天数不能超过 36500')
    const queries = parseCount(input.queries, '次数')
    const seats = parseCount(input.seats, '席位数')
    const items = parseCount(input.items, '条数')
    const needs: Record<PlanKind, [boolean, string]> = {
      vin_period: [days > 0, '--days'],
      all_brands_period: [days > 0, '--days'],
      seats: [seats > 0 && days > 0, '--seats 和 --days'],
      query_pack: [queries > 0, '--queries'],
      data_items: [items > 0, '--items'],
    }
    const [ok, flags] = needs[kind]
    if (!ok) throw new OpsError(`${PLAN_KIND_NAMES[kind]}套餐须给出大于 0 的 ${flags}`)
    // A figure the kind does not use would still be sold with it (--days on a query pack gave its order a
    // service period in the payment message): refused rather than kept.
    const given = { days, queries, seats, items }
    const extra = (Object.keys(given) as (keyof typeof given)[]).filter(
      (flag) => given[flag] > 0 && !flags.includes(`--${flag}`),
    )
    if (extra.length) {
      throw new OpsError(`${PLAN_KIND_NAMES[kind]}套餐不用 ${extra.map((f) => `--${f}`).join(' ')}，请去掉`)
    }
    if (await this.db.selectFrom('plans').select('id').where('code', '=', code).executeTakeFirst()) {
      throw new OpsError(`套餐代码 ${code} 已存在`)
    }
    const last = await this.db
      .selectFrom('plans')
      .select((eb) => eb.fn.max('sort').as('sort'))
      .executeTakeFirst()
    try {
      await this.db
        .insertInto('plans')
        .values({
          code,
          name,
          kind,
          price_fen: priceFen,
          days,
          queries,
          seats,
          items,
          active: 1,
          sort: Number(last?.sort ?? 0) + 10,
        })
        .execute()
    } catch (error) {
      // The same code created at the same time by another run: its unique key decides, as the check above.
      if (isUniqueViolation(error)) throw new OpsError(`套餐代码 ${code} 已存在`)
      throw error
    }
    const grants = [
      days ? `${days} 天` : '',
      queries ? `${queries} 次` : '',
      seats ? `${seats} 个席位` : '',
      items ? `${items} 条` : '',
    ].filter(Boolean)
    return [
      `已创建套餐 ${code}「${name}」：${PLAN_KIND_NAMES[kind]}，价格 ${yuan(priceFen)}，${grants.join('，')}，已上架`,
    ]
  }

  async planDisable(input: { code?: string }): Promise<string[]> {
    const plan = input.code
      ? await this.db.selectFrom('plans').selectAll().where('code', '=', input.code).executeTakeFirst()
      : undefined
    if (!plan) throw new OpsError(`套餐不存在：${input.code ?? '（空）'}`)
    const result = await this.db
      .updateTable('plans')
      .set({ active: 0 })
      .where('id', '=', plan.id)
      .where('active', '=', 1)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) throw new OpsError(`套餐 ${plan.code}「${plan.name}」已下架`)
    return [`已下架套餐 ${plan.code}「${plan.name}」：不再出售，已有订单不受影响`]
  }

  /** A company by its id or by its owner's mobile. */
  private async company(ref: string | undefined) {
    if (ref && /^1\d{10}$/.test(ref)) {
      const owner = await this.db
        .selectFrom('accounts')
        .innerJoin('companies', 'companies.id', 'accounts.company_id')
        .select(['companies.id', 'companies.name'])
        .where('accounts.mobile', '=', ref)
        .where('accounts.is_owner', '=', 1)
        .executeTakeFirst()
      if (!owner) throw new OpsError(`没有手机号为 ${ref} 的主账号`)
      return owner
    }
    const found =
      ref && /^\d{1,9}$/.test(ref)
        ? await this.db
            .selectFrom('companies')
            .select(['id', 'name'])
            .where('id', '=', Number(ref))
            .executeTakeFirst()
        : undefined
    if (!found) throw new OpsError(`公司不存在：${ref ?? '（空）'}（填公司编号或主账号手机号）`)
    return found
  }

  async couponGrant(input: {
    company?: string
    kind?: string
    value?: string
    threshold?: string
    from?: string
    to?: string
  }): Promise<string[]> {
    const company = await this.company(input.company)
    const kind = COUPON_KINDS.find((k) => CouponKindNames[k] === input.kind || k === input.kind) as
      | CouponKind
      | undefined
    if (!kind) throw new OpsError(`优惠券类型须为 满减、折扣 或 赠送天数，收到：${input.kind ?? '（空）'}`)
    const thresholdFen = input.threshold === undefined ? 0 : parseYuan(input.threshold, '使用门槛')
    let offFen = 0
    let percent = 100
    let days = 0
    let title: string
    let what: string
    if (kind === 'amount_off') {
      offFen = parseYuan(input.value, '减免金额')
      if (offFen <= 0) throw new OpsError('减免金额须大于 0')
      title = thresholdFen ? `满${thresholdFen / 100}减${offFen / 100}` : `立减${offFen / 100}元`
      what = `减 ${yuan(offFen)}`
    } else if (kind === 'percent') {
      if (thresholdFen) throw new OpsError('折扣券没有使用门槛，不能给 --threshold')
      percent = parseCount(input.value, '折扣（付款百分比）')
      if (percent < 1 || percent > 99)
        throw new OpsError('折扣须为 1 到 99 的整数：付款的百分比，85 即八五折')
      title = `${percent / 10}折`
      what = `按 ${percent}% 付款`
    } else {
      days = parseCount(input.value, '赠送天数')
      if (days < 1 || days > 3650) throw new OpsError('赠送天数须为 1 到 3650 的整数')
      title = `赠送${days}天`
      what = `赠送 ${days} 天（仅期限套餐）`
    }
    const from = parseDay(input.from, '--from')
    const toDay = parseDay(input.to, '--to')
    if (toDay < from) throw new OpsError('--to 不能早于 --from')
    const validTo = toDay + DAY_MS
    const now = this.ctx.clock.now()
    if (validTo <= now) throw new OpsError('有效期已过，优惠券发出即过期')
    const coupon = {
      company_id: company.id,
      kind,
      title,
      threshold_fen: thresholdFen,
      off_fen: offFen,
      percent,
      days,
      valid_from: from,
      valid_to: validTo,
    }
    const minute = Math.floor(now / 60_000) * 60_000
    const granted = await this.db.transaction().execute(async (trx) => {
      // The same grant again within the minute (a command run twice by mistake, or at the same time) is the
      // one grant: looked for under the company's row lock, so grants at the same time find each other.
      await billingRepo.lockCompany(trx, company.id)
      const same = await trx
        .selectFrom('coupons')
        .select('id')
        .where('company_id', '=', company.id)
        .where('kind', '=', kind)
        .where('title', '=', title)
        .where('threshold_fen', '=', thresholdFen)
        .where('off_fen', '=', offFen)
        .where('percent', '=', percent)
        .where('days', '=', days)
        .where('valid_from', '=', from)
        .where('valid_to', '=', validTo)
        .where('created_at', '>=', minute)
        .where('created_at', '<', minute + 60_000)
        .executeTakeFirst()
      if (same) return { id: same.id, again: true }
      const { id } = await trx
        .insertInto('coupons')
        .values({ ...coupon, state: 'unused', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
      await postMessage(trx, {
        accountIds: await ownerIds(trx, company.id),
        kind: 'coupon',
        subject: `coupon:${id}`,
        title: `优惠券「${title}」已到账`,
        body: `您获得一张${CouponKindNames[kind]}优惠券「${title}」（${what}${thresholdFen ? `，满 ${yuan(thresholdFen)} 可用` : ''}），有效期 ${input.from} 至 ${input.to}，购买服务时可用。`,
        now,
      })
      return { id, again: false }
    })
    const id = granted.id
    if (granted.again)
      return [`公司 ${company.id} 本分钟内已发放过同样的优惠券 #${id}「${title}」，未作任何更改`]
    const threshold = thresholdFen ? `，满 ${yuan(thresholdFen)} 可用` : ''
    return [
      `已向公司 ${company.id}「${company.name}」发放优惠券 #${id}「${title}」：${CouponKindNames[kind]}，${what}${threshold}，有效期 ${input.from} 至 ${input.to}（北京时间，含当天）`,
    ]
  }

  private async order(orderNo: string | undefined) {
    const order = orderNo ? await billingRepo.findOrderByNo(this.db, orderNo) : undefined
    if (!order) throw new OpsError(`订单不存在：${orderNo ?? '（空）'}`)
    return order
  }

  /**
   * 已支付/已生效 → 退款中 → 已退款, once, and what the order granted rolled back: its service period removed
   * (or cut at now when it has begun) with the company's later periods moved back by what was removed, a
   * pack's remaining queries or items zeroed. A used coupon stays used. Payments recorded as refund_needed
   * for the order are marked refunded, also when the order itself was never paid (a notify after close).
   */
  async refund(input: { order?: string; reason?: string }): Promise<string[]> {
    const order = await this.order(input.order)
    const now = this.ctx.clock.now()
    const lines: string[] = []
    const refunded = await this.db.transaction().execute(async (trx) => {
      const started = await trx
        .updateTable('orders')
        .set({ state: OrderState.refunding, updated_at: now })
        .where('id', '=', order.id)
        .where('state', 'in', [OrderState.paid, OrderState.effective])
        .executeTakeFirst()
      if (Number(started.numUpdatedRows) !== 1) return false
      await billingRepo.lockCompany(trx, order.company_id)
      // What is left of the pack now, not when the command started.
      const left = await trx
        .selectFrom('orders')
        .select(['queries_left', 'items_left'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow()
      const service = await trx
        .selectFrom('services')
        .selectAll()
        .where('order_id', '=', order.id)
        .executeTakeFirst()
      let grantEnd = order.grant_ends_at
      if (service) {
        const startsAt = Number(service.starts_at)
        const endsAt = Number(service.ends_at)
        const cutAt = Math.min(Math.max(startsAt, now), endsAt)
        const removed = endsAt - cutAt
        if (cutAt <= startsAt) await trx.deleteFrom('services').where('id', '=', service.id).execute()
        else await trx.updateTable('services').set({ ends_at: cutAt }).where('id', '=', service.id).execute()
        grantEnd = cutAt
        if (removed > 0) {
          // Periods renewed after this one start from its end: they move back by what was taken away.
          const later = await trx
            .selectFrom('services')
            .select(['id', 'order_id'])
            .where('company_id', '=', order.company_id)
            .where('kind', '=', 'paid')
            .where('starts_at', '>=', endsAt)
            .execute()
          for (const row of later) {
            await trx
              .updateTable('services')
              .set((eb) => ({
                starts_at: eb('starts_at', '-', removed),
                ends_at: eb('ends_at', '-', removed),
              }))
              .where('id', '=', row.id)
              .execute()
            if (row.order_id != null) {
              await trx
                .updateTable('orders')
                .set((eb) => ({
                  grant_starts_at: eb('grant_starts_at', '-', removed),
                  grant_ends_at: eb('grant_ends_at', '-', removed),
                }))
                .where('id', '=', row.order_id)
                .execute()
            }
          }
          lines.push(
            `服务期 ${beijingTime(startsAt)} 至 ${beijingTime(endsAt)} 已${cutAt <= startsAt ? '撤销' : `截止到 ${beijingTime(cutAt)}`}` +
              (later.length
                ? `，其后的 ${later.length} 个续费期前移 ${Math.round(removed / DAY_MS)} 天`
                : ''),
          )
        }
      } else if (order.grant_ends_at != null && Number(order.grant_ends_at) > now) {
        grantEnd = Math.max(now, Number(order.grant_starts_at ?? now))
      }
      if (order.plan_kind === 'query_pack' && left.queries_left > 0) {
        lines.push(`按次包剩余 ${left.queries_left} 次已清零`)
      }
      if (order.plan_kind === 'data_items' && left.items_left > 0) {
        lines.push(`条数包剩余 ${left.items_left} 条已清零`)
      }
      if (order.plan_kind === 'seats' && order.state === OrderState.effective) {
        lines.push(`加购的 ${order.seats} 个子账号席位已收回`)
      }
      await trx
        .updateTable('orders')
        .set({
          state: OrderState.refunded,
          queries_left: 0,
          items_left: 0,
          grant_ends_at: grantEnd,
          ended_at: now,
          updated_at: now,
        })
        .where('id', '=', order.id)
        .where('state', '=', OrderState.refunding)
        .execute()
      return true
    })
    const settled = await this.db
      .updateTable('payments')
      .set({ outcome: 'refunded' })
      .where('order_id', '=', order.id)
      .where('outcome', '=', 'refund_needed')
      .returning(['channel', 'trade_no', 'amount_fen'])
      .execute()
    if (refunded) accountsRepo.callersChanged()
    const reason = input.reason ? `（原因：${input.reason}）` : ''
    const out: string[] = []
    if (refunded) {
      out.push(
        `订单 ${order.order_no}「${order.plan_name}」${order.state} → ${OrderState.refunding} → ${OrderState.refunded}，退款 ${yuan(order.amount_fen)}${reason}`,
        ...lines,
      )
      if (order.coupon_id != null) out.push(`所用优惠券 #${order.coupon_id} 仍为已使用`)
      const invoice = await this.db
        .selectFrom('invoices')
        .select('state')
        .where('order_id', '=', order.id)
        .executeTakeFirst()
      if (invoice?.state === '待开票') out.push('该订单的发票申请为待开票：订单已退款，请勿再开票')
      if (invoice?.state === '已开票') out.push('该订单已开票：请按规定开具红字发票')
      if (PERIOD_PLAN_KINDS.includes(order.plan_kind as PlanKind)) {
        const e = await billingRepo.entitlementOf(this.db, order.company_id, now)
        out.push(
          `公司 ${order.company_id} 的服务现到期于 ${e.serviceEndsAt == null ? '（无）' : beijingTime(e.serviceEndsAt)}`,
        )
      }
    }
    for (const p of settled) {
      out.push(
        `${p.channel} 交易 ${p.trade_no} 的 ${yuan(Number(p.amount_fen))} 待退款已标记为已退款${reason}`,
      )
    }
    if (out.length) return out
    // Read again: another refund may have finished since this one looked.
    const state = (await this.order(order.order_no)).state as OrderStateName
    if (state === OrderState.refunded) return [`订单 ${order.order_no} 已退款，未作任何更改`]
    throw new OpsError(`订单 ${order.order_no} 状态为${state}，不能退款（只有已支付或已生效的订单可退款）`)
  }

  /** A bank transfer (对公转账) received: markPaid with channel 'transfer' and the order's amount. */
  async markPaid(input: { order?: string; trade?: string }): Promise<string[]> {
    const order = await this.order(input.order)
    const trade = input.trade?.trim() || `BANK-${order.order_no}`
    const outcome = await this.billing.markPaid(order.order_no, 'transfer', Number(order.amount_fen), trade)
    const head = `订单 ${order.order_no}「${order.plan_name}」对公转账 ${yuan(Number(order.amount_fen))}（流水号 ${trade}）`
    if (outcome === 'applied') {
      const after = await this.order(order.order_no)
      const until =
        after.grant_ends_at == null ? '' : `，服务期至 ${beijingTime(Number(after.grant_ends_at))}`
      return [`${head}：${OrderState.pending} → ${OrderState.paid} → ${after.state}${until}`]
    }
    if (outcome === 'duplicate') return [`${head}：此前已记为已支付，未作任何更改`]
    if (outcome === 'refund_needed') {
      const { state } = await this.order(order.order_no)
      throw new OpsError(
        `${head}：订单状态为${state}，这笔转账未生效，已记为待退款（退款后用 ops refund --order ${order.order_no} 结清）`,
      )
    }
    throw new OpsError(`${head}：未能标记（${outcome}）`)
  }

  /** An invoice was issued (outside the system) and mailed: its request 待开票 → 已开票, once. */
  async invoiceIssued(input: { order?: string }): Promise<string[]> {
    const order = await this.order(input.order)
    // Invoices are for paid orders (docs/api.md); a refunded one must not be issued after the fact.
    if (order.state === OrderState.refunding || order.state === OrderState.refunded) {
      throw new OpsError(`订单 ${order.order_no} 状态为${order.state}，不能标记为已开票`)
    }
    const now = this.ctx.clock.now()
    const issued = await this.db
      .updateTable('invoices')
      .set({ state: '已开票', issued_at: now })
      .where('order_id', '=', order.id)
      .where('state', '=', '待开票')
      .executeTakeFirst()
    const invoice = await this.db
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirst()
    if (!invoice) throw new OpsError(`订单 ${order.order_no} 没有发票申请，未作更改`)
    const head = `订单 ${order.order_no} 的${invoice.kind}（抬头 ${invoice.title}，税号 ${invoice.tax_no}，寄往 ${invoice.email}）`
    if (Number(issued.numUpdatedRows) === 1) return [`${head}：待开票 → 已开票`]
    return [`${head}此前已标记为已开票，未作任何更改`]
  }

  /** A 系统公告 to every active account, once per title and minute (a command run twice by mistake sends one). */
  async broadcast(input: { title?: string; body?: string }): Promise<string[]> {
    const title = input.title?.trim() ?? ''
    const body = input.body?.trim() ?? ''
    if (!title || title.length > 50) throw new OpsError('公告标题不能为空，且不超过 50 个字')
    if (!body || body.length > 2000) throw new OpsError('公告内容不能为空，且不超过 2000 个字')
    const now = this.ctx.clock.now()
    const sent = await insertForEveryActive(this.db, {
      subject: `broadcast:${Math.floor(now / 60_000)}:${title}`,
      title,
      body,
      now,
    })
    return [`已向 ${sent} 个正常状态的账号发送系统公告「${title}」`]
  }

  async cancellations(): Promise<string[]> {
    const rows = await new CancellationService(this.ctx).listPending()
    if (!rows.length) return ['没有待处理的注销申请']
    return rows.map(
      (r) =>
        `公司 ${r.company_id}「${r.company_name}」主账号 ${r.mobile}（${r.user_name}）申请于 ${beijingTime(Number(r.created_at))}，须在 ${beijingTime(Number(r.due_at))} 前处理`,
    )
  }

  /** Resolves a company's pending cancellation: its accounts end and its personal data goes, in one transaction. */
  async resolveCancellation(companyRef: string | undefined): Promise<string[]> {
    const id = companyRef && /^\d{1,9}$/.test(companyRef) ? Number(companyRef) : Number.NaN
    if (Number.isNaN(id)) throw new OpsError(`公司编号须为数字，收到：${companyRef ?? '（空）'}`)
    const result = await new CancellationService(this.ctx).resolve(id)
    if (result.outcome === 'already') return [`公司 ${id} 的注销申请此前已处理，未作任何更改`]
    if (result.outcome !== 'resolved') throw new OpsError(`公司 ${id} 没有待处理的注销申请，未作更改`)
    return [
      `公司 ${id} 已注销：${result.accounts} 个账号停止使用（会话已失效，手机号可重新注册），姓名、手机号、公司名称和电话已清除`,
      `未用完的服务已于此刻终止；${result.sheets} 张报价单/采购单保留金额，客户/供应商名称、车牌和制单人已清除`,
    ]
  }

  async unban(input: { mobile?: string }): Promise<string[]> {
    const account = input.mobile ? await accountsRepo.findAccountByMobile(this.db, input.mobile) : undefined
    if (!account) throw new OpsError(`账号不存在：${input.mobile ?? '（空）'}`)
    if (account.state !== 'banned') {
      const names: Record<string, string> = { active: '正常', disabled: '已停用' }
      throw new OpsError(
        `账号 ${account.mobile} 未被封禁（当前状态：${names[account.state] ?? account.state}），未作更改`,
      )
    }
    await accountsRepo.setAccountState(this.db, account.id, 'active', null, this.ctx.clock.now())
    return [
      `已解除账号 ${account.mobile}（${account.user_name}，${account.company_name}）的封禁：状态恢复为正常，封禁原因已清除`,
    ]
  }

  /** A data-service key's requests a second (10 unless raised), for a customer who needs more. */
  async keyRate(input: { appkey?: string; rate?: string }): Promise<string[]> {
    const rate = parseCount(input.rate, '--rate')
    if (rate < 1 || rate > 10_000)
      throw new OpsError(`--rate 须为 1 至 10000 的整数，收到：${input.rate ?? '（空）'}`)
    const key = input.appkey
      ? await this.db
          .selectFrom('api_keys')
          .select(['id', 'name', 'requests_per_second', 'revoked_at'])
          .where('app_key', '=', input.appkey)
          .executeTakeFirst()
      : undefined
    if (!key) throw new OpsError(`AppKey 不存在：${input.appkey ?? '（空）'}`)
    if (key.revoked_at !== null) throw new OpsError(`AppKey ${input.appkey} 已停用，未作更改`)
    await this.db
      .updateTable('api_keys')
      .set({ requests_per_second: rate })
      .where('id', '=', key.id)
      .execute()
    return [`AppKey ${input.appkey}（${key.name}）每秒请求上限：${key.requests_per_second} → ${rate}`]
  }
}

export const OPS_USAGE = [
  '用法：npm run ops -- <命令> [参数]',
  '  plan-create --code C --name N --kind K --price 199.00 [--days D] [--queries Q] [--seats S] [--items I]',
  `      K 为 ${PLAN_KINDS.join('、')} 之一`,
  '  plan-disable --code C',
  '  coupon-grant --company <公司编号或主账号手机号> --kind 满减|折扣|赠送天数 --value V [--threshold 元] --from YYYY-MM-DD --to YYYY-MM-DD',
  '      满减：V 为减免金额（元）；折扣：V 为付款百分比（85 即八五折）；赠送天数：V 为天数',
  '  refund --order <订单号> [--reason 原因]',
  '  mark-paid --order <订单号> [--trade <转账流水号>]',
  '  invoice-issued --order <订单号>',
  '  unban --mobile <手机号>',
  '  key-rate --appkey <AppKey> --rate <每秒请求数>',
  '  broadcast --title 标题 --body 内容',
  '  cancellations',
  '  resolve-cancellation <公司编号>',
].join('\n')

/** Runs one command line (the words after `npm run ops --`); answers the lines to print. */
export async function runOps(ctx: OpsContext, argv: string[]): Promise<string[]> {
  const [command, ...words] = argv
  // resolve-cancellation takes the company id as a plain word.
  const positional = command === 'resolve-cancellation' ? words[0] : undefined
  const rest = positional === undefined ? words : words.slice(1)
  const flags: Record<string, string> = {}
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i] as string
    const value = rest[i + 1]
    if (!word.startsWith('--') || value === undefined || value.startsWith('--')) {
      throw new OpsError(`参数有误：${word}（每个参数写作 --名称 值）\n${OPS_USAGE}`)
    }
    flags[word.slice(2)] = value
    i++
  }
  const known: Record<string, string[]> = {
    'plan-create': ['code', 'name', 'kind', 'price', 'days', 'queries', 'seats', 'items'],
    'plan-disable': ['code'],
    'coupon-grant': ['company', 'kind', 'value', 'threshold', 'from', 'to'],
    refund: ['order', 'reason'],
    'mark-paid': ['order', 'trade'],
    'invoice-issued': ['order'],
    unban: ['mobile'],
    'key-rate': ['appkey', 'rate'],
    broadcast: ['title', 'body'],
    cancellations: [],
    'resolve-cancellation': [],
  }
  const allowed = command ? known[command] : undefined
  if (!allowed) throw new OpsError(`未知命令：${command ?? '（空）'}\n${OPS_USAGE}`)
  const unknown = Object.keys(flags).filter((f) => !allowed.includes(f))
  if (unknown.length) throw new OpsError(`${command} 不认识参数：${unknown.map((f) => `--${f}`).join(' ')}`)
  const ops = new Ops(ctx)
  switch (command) {
    case 'plan-create':
      return ops.planCreate(flags)
    case 'plan-disable':
      return ops.planDisable(flags)
    case 'coupon-grant':
      return ops.couponGrant(flags)
    case 'refund':
      return ops.refund(flags)
    case 'mark-paid':
      return ops.markPaid(flags)
    case 'invoice-issued':
      return ops.invoiceIssued(flags)
    case 'broadcast':
      return ops.broadcast(flags)
    case 'cancellations':
      return ops.cancellations()
    case 'resolve-cancellation':
      return ops.resolveCancellation(positional)
    case 'key-rate':
      return ops.keyRate(flags)
    default:
      return ops.unban(flags)
  }
}
