// What a start puts in its database for a first look: the demo account, the demo catalogue when there is
// no catalogue yet, and the account's first sheets, which need that catalogue.
import type { DemoSize } from '../../catalogue-data/demo/generate'
import { ensureDemoCatalogue } from '../../catalogue-data/demo-install'
import type { AppContext } from '../../context'
import { seedDemoAccount } from './demo-account'
import { seedDemoSheets } from './demo-sheets'

/**
 * What a start seeds: the demo outside production, nothing in production, where a known password and a
 * made-up catalogue must not appear. Answers whether it seeded.
 */
export async function seedForStart(ctx: AppContext, log: (line: string) => void, size: DemoSize = 'demo') {
  if (ctx.config.production) return false
  await seedDemo(ctx, log, size)
  return true
}

export async function seedDemo(ctx: AppContext, log: (line: string) => void, size: DemoSize = 'demo') {
  const account = await seedDemoAccount(ctx.db.kysely, ctx.clock.now(), ctx.config.passwordHashCost)
  await ensureDemoCatalogue(ctx.db, log, size)
  // Only with a new account: a second start adds none, and sheets the user has deleted stay deleted.
  if (account && (await seedDemoSheets(ctx, account))) log('演示账号已备好 2 张报价单和 1 张采购单')
}
