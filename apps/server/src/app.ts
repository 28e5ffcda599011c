// Builds the Fastify app from its parts; the server and the tests both start here. The app is returned
// before `ready()`, so a test may add a route of its own.
import { Limits, Messages, ResultCode } from '@epc/shared'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { type Clock, systemClock } from './clock'
import type { Config } from './config'
import type { AppContext } from './context'
import type { Db } from './db/database'
import { accountRoutes } from './modules/accounts/accounts.routes'
import { ConsoleSmsProvider } from './modules/accounts/sms/console-sms-provider'
import type { SmsProvider } from './modules/accounts/sms/sms-provider'
import { catalogueRoutes } from './modules/catalogue/catalogue.routes'
import { devRoutes } from './modules/dev/dev.routes'
import { purchaseOrderRoutes } from './modules/sheets/purchase-orders.routes'
import { quotationRoutes } from './modules/sheets/quotations.routes'
import { AnswerCache } from './plugins/answer-cache'
import { installBodyParser } from './plugins/envelope'
import { responseForError } from './plugins/errors'
import { webApp } from './plugins/web'
import type { SharedStore } from './store/shared-store'

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

export async function buildApp(parts: AppParts): Promise<FastifyInstance> {
  const app = Fastify({
    logger: parts.logger ?? false,
    // Below info nothing names a request (no request lines), so a pino child per request (a few µs of every
    // look-up) would only label the odd error line, which names its call itself.
    childLoggerFactory: (logger, bindings, options) =>
      REQUEST_LINE_LEVELS.includes(logger.level) ? logger.child(bindings, options) : logger,
    bodyLimit: Limits.maxBodyBytes,
    // Only configured proxies may set the client address and host that limits and site keys go by.
    trustProxy: parts.config.trustProxy,
  })
  const ctx: AppContext = {
    config: parts.config,
    db: parts.db,
    store: parts.store,
    clock: parts.clock ?? systemClock,
    sms: parts.sms ?? new ConsoleSmsProvider(parts.store, app.log),
    answers: new AnswerCache(parts.config.answerCacheBytes),
  }
  app.decorate('ctx', ctx)

  installBodyParser(app)
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = responseForError(error, request)
    return reply.status(status).send(body)
  })
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({ ResultCode: ResultCode.NotFound, ResultMsg: Messages.noSuchCall })
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('404')
  })

  await app.register(accountRoutes)
  await app.register(catalogueRoutes)
  await app.register(quotationRoutes)
  await app.register(purchaseOrderRoutes)
  await app.register(devRoutes)
  if (parts.serveWeb) await app.register(webApp, { root: parts.config.webDist })
  return app
}
