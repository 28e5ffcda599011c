// What every module's service is given: the database, the shared store, the clock, settings and providers.
import type { Clock } from './clock'
import type { Config } from './config'
import type { Db } from './db/database'
import type { SmsProvider } from './modules/accounts/sms/sms-provider'
import type { TradeQuery } from './modules/billing/billing.service'
import type { SharedStore } from './store/shared-store'

export interface AppContext {
  config: Config
  db: Db
  store: SharedStore
  clock: Clock
  sms: SmsProvider
  /** Asks the payment platforms about a pending order (the payments module's; absent in bare tests). */
  tradeQuery?: TradeQuery
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext
  }
}
