// SQL of quotation sheets and purchase orders. Every query is scoped by company: a sheet of another
// company is never found.

import { normalizePartNumber, type SheetKind } from '@epc/shared'
import { type Insertable, type Kysely, sql } from 'kysely'
import { containing } from '../../db/like'
import type { Database, SheetLinesTable } from '../../db/schema'

type Q = Kysely<Database>

/** The next number of a company's sheets of a kind on a day; atomic under concurrent creates. */
export async function nextSequence(db: Q, companyId: number, kind: SheetKind, day: string): Promise<number> {
  const row = await db
    .insertInto('sheet_counters')
    .values({ company_id: companyId, kind, day, last: 1 })
    .onConflict((oc) =>
      oc.columns(['company_id', 'kind', 'day']).doUpdateSet({ last: sql`sheet_counters.last + 1` }),
    )
    .returning('last')
    .executeTakeFirstOrThrow()
  return Number(row.last)
}

export async function insertSheet(
  db: Q,
  row: {
    company_id: number
    kind: SheetKind
    order_id: string
    client_name: string
    vin: string
    car_no: string
    car_type: string
    remark: string
    makeorder_user: string
    created_by: number
    created_at: number
  },
) {
  await db
    .insertInto('sheets')
    .values({ ...row, updated_at: row.created_at })
    .execute()
}

export function findSheet(db: Q, companyId: number, kind: SheetKind, orderId: string) {
  return db
    .selectFrom('sheets')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('kind', '=', kind)
    .where('order_id', '=', orderId)
    .executeTakeFirst()
}

export async function updateSheet(
  db: Q,
  id: number,
  values: {
    client_name: string
    vin: string
    car_no: string
    car_type: string
    remark: string
    makeorder_user: string
  },
  now: number,
) {
  await db
    .updateTable('sheets')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute()
}

export async function deleteSheet(db: Q, id: number) {
  await db.deleteFrom('sheet_lines').where('sheet_id', '=', id).execute()
  await db.deleteFrom('sheets').where('id', '=', id).execute()
}

// A search text that may be (part of) a part number: at least this many letters and digits, nothing else.
const PART_SEARCH = /^[A-Z0-9]{4,}$/

/**
 * A company's sheets of a kind, those matching the search text if there is one: in the number, plate or VIN
 * (kept in capitals), the customer or supplier, car type or remark (any case), or a part on its lines (the
 * number typed with or without its spaces and dashes).
 */
function listQuery(db: Q, companyId: number, kind: SheetKind, keyText: string) {
  let q = db.selectFrom('sheets').where('company_id', '=', companyId).where('kind', '=', kind)
  if (keyText) {
    const upper = containing(keyText.toUpperCase())
    const lower = containing(keyText.toLowerCase())
    const partNorm = normalizePartNumber(keyText)
    q = q.where((eb) =>
      eb.or([
        ...(['order_id', 'car_no', 'vin'] as const).map((column) => eb(column, 'like', upper)),
        ...(['client_name', 'car_type', 'remark'] as const).map((column) =>
          eb(eb.fn('lower', [column]), 'like', lower),
        ),
        ...(PART_SEARCH.test(partNorm)
          ? [
              eb.exists(
                eb
                  .selectFrom('sheet_lines as l')
                  .select('l.id')
                  .whereRef('l.sheet_id', '=', 'sheets.id')
                  .where('l.part_norm', 'like', containing(partNorm)),
              ),
            ]
          : []),
      ]),
    )
  }
  return q
}

export async function countSheets(db: Q, companyId: number, kind: SheetKind, keyText: string) {
  const row = await listQuery(db, companyId, kind, keyText)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function pageOfSheets(
  db: Q,
  companyId: number,
  kind: SheetKind,
  keyText: string,
  offset: number,
  limit: number,
) {
  return listQuery(db, companyId, kind, keyText)
    .selectAll()
    .select((eb) =>
      eb
        .selectFrom('sheet_lines')
        .select(sql<number>`coalesce(sum(money_fen), 0)`.as('t'))
        .whereRef('sheet_lines.sheet_id', '=', 'sheets.id')
        .as('total_fen'),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute()
}

export function linesOf(db: Q, sheetIds: number[]) {
  if (!sheetIds.length) return Promise.resolve([])
  return db.selectFrom('sheet_lines').selectAll().where('sheet_id', 'in', sheetIds).orderBy('id').execute()
}

export async function hasPart(db: Q, sheetId: number, partNorm: string): Promise<boolean> {
  const row = await db
    .selectFrom('sheet_lines')
    .select('id')
    .where('sheet_id', '=', sheetId)
    .where('part_norm', '=', partNorm)
    .executeTakeFirst()
  return row !== undefined
}

export async function insertLine(db: Q, row: Insertable<SheetLinesTable>) {
  await db.insertInto('sheet_lines').values(row).execute()
}

export function findLine(db: Q, sheetId: number, lineId: number) {
  return db
    .selectFrom('sheet_lines')
    .selectAll()
    .where('sheet_id', '=', sheetId)
    .where('id', '=', lineId)
    .executeTakeFirst()
}

export async function updateLine(
  db: Q,
  lineId: number,
  values: {
    amount_x100: number
    price_fen: number
    money_fen: number
    part_name: string
    part_number: string
    part_norm: string
  },
) {
  await db.updateTable('sheet_lines').set(values).where('id', '=', lineId).execute()
}

export async function deleteLine(db: Q, lineId: number) {
  await db.deleteFrom('sheet_lines').where('id', '=', lineId).execute()
}

export async function touchSheet(db: Q, sheetId: number, now: number) {
  await db.updateTable('sheets').set({ updated_at: now }).where('id', '=', sheetId).execute()
}

export function pastSuppliers(db: Q, companyId: number) {
  return db
    .selectFrom('sheets')
    .select(['client_name', sql<number>`max(created_at)`.as('last')])
    .where('company_id', '=', companyId)
    .where('kind', '=', 'purchase')
    .where('client_name', '!=', '')
    .groupBy('client_name')
    .orderBy('last', 'desc')
    .limit(50)
    .execute()
}

export function pastVehicles(db: Q, companyId: number) {
  return db
    .selectFrom('sheets')
    .select(['vin', 'car_no', 'car_type', sql<number>`max(created_at)`.as('last')])
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('vin', '!=', ''), eb('car_no', '!=', '')]))
    .groupBy(['vin', 'car_no', 'car_type'])
    .orderBy('last', 'desc')
    .limit(50)
    .execute()
}

/** The company's latest sheet of the given kinds with a VIN. */
export function latestSheetWithVin(db: Q, companyId: number, vin: string, kinds: readonly SheetKind[]) {
  return db
    .selectFrom('sheets')
    .select(['car_no', 'car_type'])
    .where('company_id', '=', companyId)
    .where('kind', 'in', kinds)
    .where('vin', '=', vin)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}
