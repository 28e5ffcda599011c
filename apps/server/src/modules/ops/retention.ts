// Records of what users did are kept six months, then forgotten (the privacy policy's 存储期限): the VIN
// queries, sign-ins (each account's latest stays), embedded catalogues, and the dealer prices a desktop host
// reported that a later report replaces. Sheets, orders and money stay.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { forgetLoginsBefore } from '../accounts/profile.repository'
import { forgetVinQueriesBefore } from '../catalogue/catalogue.repository'
import { forgetEmbedSessionsBefore } from '../data-service/data-service.repository'
import { forgetReportsBefore } from '../host-bridge/host-bridge.repository'

/** Six months and some days: logs are kept no less than six months by law (网络日志依法留存不少于六个月). */
export const RECORDS_KEPT_MS = 190 * 86_400_000

/** Hourly, so that a server restarted daily sweeps too; each sweep deletes about an hour's rows by index. */
const SWEEP_EVERY_MS = 3_600_000

/** Forgets the records older than RECORDS_KEPT_MS at `now`; answers how many of each. */
export async function forgetOldRecords(db: Kysely<Database>, now: number) {
  const before = now - RECORDS_KEPT_MS
  return {
    vinQueries: await forgetVinQueriesBefore(db, before),
    logins: await forgetLoginsBefore(db, before),
    embeds: await forgetEmbedSessionsBefore(db, before),
    hostPrices: await forgetReportsBefore(db, before),
  }
}

export async function retentionSweep(app: FastifyInstance) {
  const sweep = setInterval(() => {
    forgetOldRecords(app.ctx.db.kysely, app.ctx.clock.now()).catch((err) =>
      app.log.error({ err }, 'forgetting old records failed'),
    )
  }, SWEEP_EVERY_MS)
  sweep.unref()
  app.addHook('onClose', async () => clearInterval(sweep))
}
