// The owner's API keys (issue 21; docs/api.md "Data service"): create, name, rotate, revoke, limit to
// addresses, and see the use per day and key. The AppSecret is made here, sealed under the master key and
// answered once, when it is made; nothing reads it back but the open API's signature check.
import { randomBytes } from 'node:crypto'
import {
  type ApiKeyRow,
  type ApiUsageAnswer,
  type CreatedKey,
  DATA_ITEMS_TRIAL_PLAN,
  DataServiceLimits,
  DataServiceMessages,
} from '@epc/shared'
import { type Caller, fail } from '../../call'
import { beijingTime } from '../../clock'
import type { AppContext } from '../../context'
import { sealSecret } from '../../lib/secrets'
import { entitlementOf, findActivePlan, hasOrderOfPlan, lockCompany } from '../billing/billing.repository'
import * as repo from './data-service.repository'

const DAY_MS = 86_400_000

/** The Beijing day a use is counted on: `YYYY-MM-DD`. */
export const usageDay = (ms: number) => beijingTime(ms).slice(0, 10)

function toKeyRow(k: repo.KeyRow): ApiKeyRow {
  const time = (ms: number | null) => (ms === null ? '' : beijingTime(Number(ms)))
  return {
    KeyId: Number(k.id),
    Name: k.name,
    AppKey: k.app_key,
    IsTest: Number(k.is_test) === 1,
    IpRanges: JSON.parse(k.ip_ranges) as string[],
    EmbedOrigins: JSON.parse(k.embed_origins) as string[],
    State: k.revoked_at === null ? 'active' : 'revoked',
    CreatedTime: time(k.created_at),
    LastUsedTime: time(k.last_used_at),
    RevokedTime: time(k.revoked_at),
  }
}

/** A new AppKey: `ak` and 20 hex digits; a new AppSecret: 256 random bits, base64url. */
const newAppKey = () => `ak${randomBytes(10).toString('hex')}`
const newAppSecret = () => randomBytes(32).toString('base64url')

export class ApiKeysService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.kysely
  }

  private ownerOnly(caller: Caller) {
    if (!caller.isOwner) throw fail.business(DataServiceMessages.ownerOnly)
  }

  private seal(appKey: string, secret: string) {
    return sealSecret(this.ctx.config.dataServiceMasterKey, secret, appKey)
  }

  private async keyOf(caller: Caller, keyId: number): Promise<repo.KeyRow> {
    const key = await repo.companyKey(this.db, caller.companyId, keyId)
    if (!key) throw fail.notFound()
    return key
  }

  /** Changes an active key and answers it as it is now; a revoked key is refused, another company's not found. */
  private async change(caller: Caller, keyId: number, set: Parameters<typeof repo.updateActiveKey>[3]) {
    this.ownerOnly(caller)
    const key = await this.keyOf(caller, keyId)
    if (key.revoked_at !== null) throw fail.business(DataServiceMessages.keyRevoked)
    if (!(await repo.updateActiveKey(this.db, caller.companyId, keyId, set))) {
      throw fail.business(DataServiceMessages.keyRevoked)
    }
    return toKeyRow(await this.keyOf(caller, keyId))
  }

  async list(caller: Caller): Promise<ApiKeyRow[]> {
    this.ownerOnly(caller)
    return (await repo.companyKeys(this.db, caller.companyId)).map(toKeyRow)
  }

  async create(
    caller: Caller,
    input: { Name: string; IsTest?: boolean; IpRanges?: string[] },
  ): Promise<CreatedKey> {
    this.ownerOnly(caller)
    const appKey = newAppKey()
    const secret = newAppSecret()
    // Counted and added under the company's row lock, so creates at the same time cannot pass the limit.
    const keyId = await this.db.transaction().execute(async (trx) => {
      await lockCompany(trx, caller.companyId)
      if ((await repo.activeKeyCount(trx, caller.companyId)) >= DataServiceLimits.keysPerCompany) {
        throw fail.business(DataServiceMessages.tooManyKeys)
      }
      return repo.insertKey(trx, {
        company_id: caller.companyId,
        app_key: appKey,
        name: input.Name,
        secret_sealed: this.seal(appKey, secret),
        is_test: input.IsTest ? 1 : 0,
        ip_ranges: JSON.stringify(input.IpRanges ?? []),
        created_at: this.ctx.clock.now(),
      })
    })
    return { Key: toKeyRow(await this.keyOf(caller, keyId)), AppSecret: secret }
  }

  rename(caller: Caller, input: { KeyId: number; Name: string }) {
    return this.change(caller, input.KeyId, { name: input.Name })
  }

  setIpRanges(caller: Caller, input: { KeyId: number; IpRanges: string[] }) {
    return this.change(caller, input.KeyId, { ip_ranges: JSON.stringify(input.IpRanges) })
  }

  /** The sites that may frame this key's embedded catalogues; none turns embedding off for new links. */
  setEmbedOrigins(caller: Caller, input: { KeyId: number; EmbedOrigins: string[] }) {
    return this.change(caller, input.KeyId, { embed_origins: JSON.stringify(input.EmbedOrigins) })
  }

  /** A new AppSecret for the same AppKey; the old one stops working with this answer. */
  async rotate(caller: Caller, input: { KeyId: number }): Promise<CreatedKey> {
    this.ownerOnly(caller)
    const key = await this.keyOf(caller, input.KeyId)
    const secret = newAppSecret()
    const row = await this.change(caller, input.KeyId, {
      secret_sealed: this.seal(key.app_key, secret),
      rotated_at: this.ctx.clock.now(),
    })
    return { Key: row, AppSecret: secret }
  }

  /** Stops the key for good: the next request signed with it is refused, in every server process. */
  async revoke(caller: Caller, input: { KeyId: number }): Promise<ApiKeyRow> {
    this.ownerOnly(caller)
    const key = await this.keyOf(caller, input.KeyId)
    if (key.revoked_at !== null) return toKeyRow(key)
    await repo.updateActiveKey(this.db, caller.companyId, input.KeyId, { revoked_at: this.ctx.clock.now() })
    return toKeyRow(await this.keyOf(caller, input.KeyId))
  }

  async usage(caller: Caller, input: { Days?: number }): Promise<ApiUsageAnswer> {
    this.ownerOnly(caller)
    const now = this.ctx.clock.now()
    const days = input.Days ?? DataServiceLimits.usageDays
    const [rows, entitlement, trial] = await Promise.all([
      repo.companyUsage(this.db, caller.companyId, usageDay(now - (days - 1) * DAY_MS)),
      entitlementOf(this.db, caller.companyId, now),
      findActivePlan(this.db, DATA_ITEMS_TRIAL_PLAN),
    ])
    return {
      rows: rows.map((r) => ({
        Day: r.day,
        KeyId: Number(r.key_id),
        AppKey: r.app_key,
        Name: r.name,
        Requests: Number(r.requests),
        ItemsCharged: Number(r.items_charged),
        ItemsFree: Number(r.items_free),
      })),
      ItemsLeft: entitlement.itemsLeft,
      // The same rule that refuses a second claim (BillingService.createOrder).
      TrialClaimed: trial ? Boolean(await hasOrderOfPlan(this.db, caller.companyId, trial.id)) : true,
    }
  }
}
