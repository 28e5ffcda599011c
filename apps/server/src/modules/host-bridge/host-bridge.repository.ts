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
