// SQL of the dealer prices reported from desktop hosts. Every query is scoped by company.
import { type Insertable, type Kysely, sql } from 'kysely'
import type { Database, HostPricesTable } from '../../db/schema'

type Q = Kysely<Database>

/**
 * Keeps a report unless the company already has one of this part and price type in the same minute (the
 * unique key decides, so concurrent reports keep one). Answers whether this one was kept.
 */
export async function keepReport(db: Q, row: Insertable<HostPricesTable>): Promise<boolean> {
  const result = await db
    .insertInto('host_prices')
    .values(row)
    .onConflict((oc) => oc.columns(['company_id', 'part_norm', 'type4s', 'minute']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/** The company's latest report of a part for each price type it reported. */
export function latestReports(db: Q, companyId: number, partNorm: string) {
  return db
    .selectFrom('host_prices as h')
    .select(['h.type4s', 'h.sale_fen', 'h.purchase_fen', 'h.stock', 'h.created_at'])
    .where('h.company_id', '=', companyId)
    .where('h.part_norm', '=', partNorm)
    .where(
      'h.created_at',
      '=',
      sql<number>`(select max(l.created_at) from host_prices l where l.company_id = h.company_id and l.part_norm = h.part_norm and l.type4s = h.type4s)`,
    )
    .orderBy('h.type4s')
    .execute()
}

/**
 * Forgets the reports made before `before` that a later one of the same part and price type replaces (only
 * the latest is ever read); answers how many.
 */
export async function forgetReportsBefore(db: Q, before: number): Promise<number> {
  const result = await db
    .deleteFrom('host_prices')
    .where('created_at', '<', before)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('host_prices as n')
          .select('n.id')
          .whereRef('n.company_id', '=', 'host_prices.company_id')
          .whereRef('n.part_norm', '=', 'host_prices.part_norm')
          .whereRef('n.type4s', '=', 'host_prices.type4s')
          .whereRef('n.created_at', '>', 'host_prices.created_at'),
      ),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
