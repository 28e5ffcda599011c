// Builds the Fastify app from its parts; the server and the tests both start here. The app is returned
// before `ready()`, so a test may add a route of its own. This is where the call layer is handed what it
// needs of the features (sessions, the ban, the catalogue's version), so that it imports none of them.
import { Limits, Messages, ResultCode } from '@epc/shared'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify'
import { AnswerCache } from './call/answer-cache'
import { responseForError } from './call/errors'
import { metrics } from './call/metrics'
import {
  isOpenApiUrl,
  OpenApiError,
  type OpenPipeline,
  openApiScope,
  sendOpenApiError,
} from './call/open-api'
import { applySecurityHeaders, securityHeaders } from './call/security-headers'
import { installBodyParser, type Pipeline } from './call/serve'
import { type Clock, systemClock } from './clock'
import type { Config } from './config'
import type { AppContext } from './context'
import type { Db } from './db/database'
import * as accountsRepo from './modules/accounts/accounts.repository'
import { accountRoutes } from './modules/accounts/accounts.routes'
import { profileRoutes } from './modules/accounts/profile.routes'
import { createSmsProvider } from './modules/accounts/sms/create-sms-provider'
import type { SmsProvider } from './modules/accounts/sms/sms-provider'
import { staffRoutes } from './modules/accounts/staff.routes'
import * as billingRepo from './modules/billing/billing.repository'
import { billingRoutes } from './modules/billing/billing.routes'
import { createProviders } from './modules/billing/payments/create-providers'
import { paymentRoutes } from './modules/billing/payments/payments.routes'
import { PaymentsService } from './modules/billing/payments/payments.service'
import { catalogueRoutes } from './modules/catalogue/catalogue.routes'
import { catalogueVersion } from './modules/catalogue/catalogue-version'
import * as dataServiceRepo from './modules/data-service/data-service.repository'
import { DemoCatalogue } from './modules/data-service/demo-catalogue'
import { EmbedService } from './modules/data-service/embed.service'
import type { JobRunner } from './modules/data-service/jobs'
import { apiKeyRoutes } from './modules/data-service/keys.routes'
import { usageDay } from './modules/data-service/keys.service'
import { openRoutes } from './modules/data-service/open.routes'
import { openDocsRoutes } from './modules/data-service/openapi'
import { devRoutes } from './modules/dev/dev.routes'
import { FakePayPlatform } from './modules/fakepay/fake-platform'
import { fakePayRoutes } from './modules/fakepay/fakepay.routes'
import { hostBridgeRoutes } from './modules/host-bridge/host-bridge.routes'
import { messageRoutes } from './modules/messages/messages.routes'
import { retentionSweep } from './modules/ops/retention'
import { purchaseOrderRoutes } from './modules/sheets/purchase-orders.routes'
import { quotationRoutes } from './modules/sheets/quotations.routes'
import { opsRoutes } from './plugins/ops'
import { webApp } from './plugins/web'
import type { SharedStore } from './store/shared-store'

declare module 'fastify' {
  interface FastifyInstance {
    /** The data service's job runner (tests wait for it to finish the jobs they made). */
    dataJobs?: JobRunner
    /** The local fake payment platform, with PAYMENT_PLATFORM=fake (tests reach its trades and keys). */
    fakePay?: FakePayPlatform
  }
}

/** The log levels at which Fastify writes a line for each request. */
const REQUEST_LINE_LEVELS = ['trace', 'debug', 'info']

export interface AppParts {
  config: Config
  db: Db
  store: SharedStore
  clock?: Clock
  sms?: SmsProvider
  logger?: FastifyServerOptions['logger']
  /** Serve the built web app from config.webDist (the server does; API tests need not). */
  serveWeb?: boolean
}

// Writing a key's last use on every request would make each one a write: once a minute is enough to show.
const KEY_TOUCH_EVERY_MS = 60_000

/** What the open API's call path is handed of the data-service module: the keys and their use. */
function openPipeline(ctx: AppContext): OpenPipeline {
  const db = ctx.db.kysely
  return {
    store: ctx.store,
    clock: ctx.clock,
    masterKey: ctx.config.dataServiceMasterKey,
    keys: {
      find: async (appKey) => {
        const k = await dataServiceRepo.keyForCall(db, appKey)
        if (!k) return undefined
        return {
          keyId: Number(k.id),
          companyId: Number(k.company_id),
          appKey: k.app_key,
          secretSealed: k.secret_sealed,
          isTest: Number(k.is_test) === 1,
          ipRanges: k.ip_ranges,
          requestsPerSecond: Number(k.requests_per_second),
          revokedAt: k.revoked_at === null ? null : Number(k.revoked_at),
          lastUsedAt: k.last_used_at === null ? null : Number(k.last_used_at),
          companyBlocked: Boolean(k.blocked),
          type4s: Number(k.type4s),
        }
      },
      used: async (key, now) => {
        if (key.lastUsedAt === null || now - key.lastUsedAt >= KEY_TOUCH_EVERY_MS) {
          await dataServiceRepo.touchKey(db, key.keyId, now)
        }
        await dataServiceRepo.addUsage(db, {
          key_id: key.keyId,
          company_id: key.companyId,
          day: usageDay(now),
          requests: 1,
          items_charged: 0,
          items_free: 0,
        })
      },
    },
  }
}

export async function buildApp(parts: AppParts): Promise<FastifyInstance> {
  const { config, db, store } = parts
  const app = Fastify({
    logger: parts.logger ?? false,
    // Below info nothing names a request (no request lines), so a pino child per request (a few µs of every
    // look-up) would only label the odd error line, which names its call itself.
    childLoggerFactory: (logger, bindings, options) =>
      REQUEST_LINE_LEVELS.includes(logger.level) ? logger.child(bindings, options) : logger,
    bodyLimit: Limits.maxBodyBytes,
    // Only configured proxies may set the client address and host that limits and site keys go by.
    trustProxy: config.trustProxy,
    // A client that sends its headers or body slowly must not hold a connection for long. Node looks for
    // such requests every connectionsCheckingInterval, so that is kept well below the time-outs.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.floor(config.headersTimeoutMs / 4)),
    },
    // A URL Fastify cannot route (bad percent-encoding) is answered like any bad request, not echoed.
    frameworkErrors: (error, request, reply) => {
      if (isOpenApiUrl(request.url)) {
        return sendOpenApiError(
          reply as FastifyReply,
          new OpenApiError('INVALID_REQUEST', '请求路径格式不正确'),
        )
      }
      const { status, body } = responseForError(error, request)
      return (reply as FastifyReply).status(status).send(body)
    },
  })
  const clock = parts.clock ?? systemClock
  const ctx: AppContext = {
    config,
    db,
    store,
    clock,
    sms: parts.sms ?? createSmsProvider(config.sms, store, app.log),
  }
  app.decorate('ctx', ctx)
  // The payment channels: the real platforms as configured, or all of them on the local fake platform,
  // which config.ts refuses in production (and which is checked here again, as for the dev routes).
  const fakePay =
    config.payments.platform === 'fake' && !config.production
      ? await FakePayPlatform.start(config.publicUrl, clock)
      : undefined
  const channels = config.payments.platform === 'real' ? config.payments : (fakePay?.channelSettings() ?? {})
  const payments = new PaymentsService(ctx, createProviders(channels, config.publicUrl, clock), app.log)
  // BillingService asks the platforms through this before it closes an order whose payment was started.
  ctx.tradeQuery = (order, everyMs) => payments.tradeQuery(order, everyMs)
  if (fakePay) app.decorate('fakePay', fakePay)
  const embeds = new EmbedService(ctx)
  const pipeline: Pipeline = {
    sites: config.sites,
    quota: config.quota,
    store,
    clock,
    sessions: {
      find: async (tokenHash, now) =>
        accountsRepo.findSessionCaller(
          db.kysely,
          tokenHash,
          now,
          await accountsRepo.sharedCallersGeneration(store),
        ),
      touch: (tokenHash, now, expiresAt) => accountsRepo.touchSession(db.kysely, tokenHash, now, expiresAt),
      findEmbed: (tokenHash) => dataServiceRepo.embedSessionByToken(db.kysely, tokenHash),
    },
    banAccount: (accountId, now) =>
      accountsRepo.setAccountState(db.kysely, accountId, 'banned', 'burst', now),
    usePackQuery: (companyId) => billingRepo.usePackQuery(db.kysely, companyId),
    useEmbedItem: (companyId, embed, now, charge) => embeds.useItem(companyId, embed, now, charge),
    answers: new AnswerCache(config.answerCacheBytes, () => catalogueVersion(db, clock.now())),
    headers: await securityHeaders(config),
  }
  app.decorate('pipeline', pipeline)
  metrics.watchPool(db.pgPool)
  // Every answer Fastify sends; look-up answers skip onSend and get the same block from the answer queue.
  app.addHook('onSend', async (request, reply) => {
    applySecurityHeaders(pipeline.headers, request, reply)
  })

  installBodyParser(app)
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = responseForError(error, request)
    return reply.status(status).send(body)
  })
  app.setNotFoundHandler((request, reply) => {
    if (isOpenApiUrl(request.url)) return sendOpenApiError(reply, new OpenApiError('NOT_FOUND'))
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({ ResultCode: ResultCode.NotFound, ResultMsg: Messages.noSuchCall })
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('404')
  })

  await app.register(accountRoutes)
  await app.register(profileRoutes)
  await app.register(messageRoutes)
  await app.register(staffRoutes)
  await app.register(catalogueRoutes)
  await app.register(quotationRoutes)
  await app.register(purchaseOrderRoutes)
  await app.register(billingRoutes)
  await app.register(paymentRoutes, { payments })
  if (fakePay) await app.register(fakePayRoutes, { prefix: '/fakepay', platform: fakePay })
  await app.register(hostBridgeRoutes)
  await app.register(devRoutes)
  await app.register(retentionSweep)
  await app.register(opsRoutes, {
    db,
    store,
    redis: config.redisUrl !== undefined,
    metricsAllow: config.metricsAllow,
  })
  const demoCatalogue = new DemoCatalogue(config.demoCataloguePath, (line) => app.log.info(line))
  app.addHook('onClose', () => demoCatalogue.close())
  await app.register(
    openApiScope(
      openPipeline(ctx),
      openRoutes(demoCatalogue, (runner) => {
        app.dataJobs = runner
      }),
    ),
    { prefix: '/open/v1' },
  )
  await app.register(apiKeyRoutes)
  await app.register(openDocsRoutes)
  if (parts.serveWeb) {
    await app.register(webApp, { root: config.webDist, framing: (link) => embeds.framing(link) })
  }
  return app
}
