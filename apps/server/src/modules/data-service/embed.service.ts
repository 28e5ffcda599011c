// Embedded catalogues (issue 21 point 5; docs/open-api.md "嵌入目录"): a key makes a one-time link for one VIN;
// the page opened in the customer's iframe exchanges it once for a session of its own kind, limited to the
// VIN's models (call/auth.ts, call/serve.ts), each look-up charged one data-service item.
import { randomBytes } from 'node:crypto'
import {
  DataServiceLimits,
  decodeVin,
  EMBED_TOKEN_PREFIX,
  EmbedMessages,
  type EmbedSession,
} from '@epc/shared'
import type { openEmbedAnswer } from '@epc/shared/data-service-schemas'
import type * as z from 'zod/mini'
import { type EmbedScope, fail, OpenApiError, type OpenCaller } from '../../call'
import type { AppContext } from '../../context'
import { sha256 } from '../../lib/secrets'
import { entitlementOf, useDataItems } from '../billing/billing.repository'
import { modelsForVin } from '../catalogue/vin.service'
import * as repo from './data-service.repository'
import { usageDay } from './keys.service'
import { modelOf } from './open.service'

/** A link's token as made here: 256 random bits, base64url. */
const LINK = /^[A-Za-z0-9_-]{43}$/

export class EmbedService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.kysely
  }

  /**
   * A link for one VIN: refused to test keys, keys without embed origins, unknown VINs and used-up items. It
   * is on PUBLIC_URL, or else on the origin the open API was called at (`calledAt`).
   */
  async create(
    caller: OpenCaller,
    rawVin: string,
    calledAt: string,
  ): Promise<z.output<typeof openEmbedAnswer>> {
    if (caller.isTest) throw new OpenApiError('EMBED_TEST_KEY')
    if (!(await repo.keyEmbedOrigins(this.db, caller.keyId)).length)
      throw new OpenApiError('EMBED_NO_ORIGINS')
    const now = this.ctx.clock.now()
    const decoding = decodeVin(rawVin, new Date(now))
    if (!decoding.valid) throw new OpenApiError('INVALID_FIELD', `vin：${decoding.errors[0] ?? ''}`, 'vin')
    const models = (await modelsForVin(this.ctx.db, decoding)).map((m) => modelOf(m, decoding.vin))
    if (!models.length) throw new OpenApiError('VIN_NOT_FOUND')
    if ((await entitlementOf(this.db, caller.companyId, now)).itemsLeft <= 0) {
      throw new OpenApiError('QUOTA_EXHAUSTED')
    }
    const link = randomBytes(32).toString('base64url')
    const linkExpiresAt = now + DataServiceLimits.embedLinkTtlMs
    await repo.insertEmbedLink(this.db, {
      key_id: caller.keyId,
      company_id: caller.companyId,
      vin: decoding.vin,
      model_ids: JSON.stringify(models.map((m) => m.model_id)),
      link_hash: sha256(link),
      link_expires_at: linkExpiresAt,
      created_at: now,
    })
    return {
      url: `${this.ctx.config.publicUrlSet ? this.ctx.config.publicUrl : calledAt}/embed/${link}`,
      vin: decoding.vin,
      models,
      link_expires_at: new Date(linkExpiresAt).toISOString(),
      session_seconds: DataServiceLimits.embedSessionTtlMs / 1000,
    }
  }

  /** Opens a link, once: the session's bearer token, which the page keeps for a reload. */
  async open(link: string): Promise<EmbedSession> {
    if (!LINK.test(link)) throw fail.business(EmbedMessages.linkInvalid)
    const now = this.ctx.clock.now()
    const token = `${EMBED_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
    const expiresAt = now + DataServiceLimits.embedSessionTtlMs
    const linkHash = sha256(link)
    const opened = await repo.openEmbedLink(this.db, linkHash, {
      token_hash: sha256(token),
      opened_at: now,
      expires_at: expiresAt,
    })
    const row = opened ? await repo.embedSessionByLink(this.db, linkHash) : undefined
    if (!row) throw fail.business(EmbedMessages.linkInvalid)
    return {
      Token: token,
      Vin: row.vin,
      ModelIds: JSON.parse(row.model_ids) as string[],
      CompanyName: row.company_name,
      ExpiresAt: expiresAt,
    }
  }

  /** The origins that may frame a link's page (its key's), or null for a link that is not one. */
  async framing(link: string): Promise<string[] | null> {
    if (!LINK.test(link)) return null
    const row = await repo.embedSessionByLink(this.db, sha256(link))
    if (!row || row.key_revoked_at !== null) return null
    const origins = JSON.parse(row.embed_origins) as string[]
    return origins.length ? origins : null
  }

  /** One look-up of an embedded catalogue counted in the key's day; if it answered, one data item taken. */
  useItem(companyId: number, embed: EmbedScope, now: number, charge: boolean): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const taken = charge ? await useDataItems(trx, companyId, 1) : 0
      await repo.addUsage(trx, {
        key_id: embed.keyId,
        company_id: companyId,
        day: usageDay(now),
        requests: 1,
        items_charged: taken,
        items_free: 0,
      })
      return taken === 1
    })
  }
}
