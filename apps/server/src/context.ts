// What every module's service is given: the database, the shared store, the clock, settings and providers.
import type { Clock } from './clock'
import type { Config } from './config'
import type { Db } from './db/database'
import type { SmsProvider } from './modules/accounts/sms/sms-provider'
import type { SharedStore } from './store/shared-store'

export interface AppContext {
  config: Config
  db: Db
  store: SharedStore
  clock: Clock
  sms: SmsProvider
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext
  }
}
