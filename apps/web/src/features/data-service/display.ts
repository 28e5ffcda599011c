// How the data service reads on screen: a key's type and state, the one-entry-a-line text of the forms (IP
// ranges, embed origins), the order of the key list, the usage totals, and the links to the data-items plans.
import { type ApiKeyRow, type ApiUsageRow, DATA_ITEMS_TRIAL_PLAN } from '@epc/shared'
import { paths } from '../../config/paths'

/** The billing plans that add data items (apps/server/src/db/migrations/0007_billing.ts). */
export const DATA_ITEM_PLANS = {
  /** 数据服务试用 100 条: free, once per company. */
  trial: DATA_ITEMS_TRIAL_PLAN,
  pack: 'data_items_10000',
} as const

/** The buy page with a data-items plan chosen. */
export const buyItemsLink = (plan: string) => `${paths.userBuyService}?plan=${encodeURIComponent(plan)}`

export const keyTypeName = (k: Pick<ApiKeyRow, 'IsTest'>) => (k.IsTest ? '测试' : '正式')
export const keyStateName = (k: Pick<ApiKeyRow, 'State'>) => (k.State === 'active' ? '启用' : '已停用')

/**
 * The IP-range and embed-origin textareas hold their list one entry a line; the form keeps the lines as they
 * are typed (blank and untrimmed ones included, so the text reads back unchanged while typing) and the shared
 * schema trims, drops blanks and checks them, as the server does.
 */
export const textLines = (text: unknown): string[] => (typeof text === 'string' ? text.split(/\r?\n/) : [])
export const linesText = (lines: unknown): string => (Array.isArray(lines) ? lines.join('\n') : '')

/**
 * An IP range or origin cut where a line may break in a narrow column: after the scheme, before each dot,
 * port or prefix length (`https://`, `erp`, `.example`, `.com`, `:8443`), so it wraps between its parts
 * instead of mid-name.
 */
export const entryParts = (entry: string): string[] =>
  entry.split(/(?<=\/\/)|(?=\.)|(?=:(?!\/))|(?<![:/])(?=\/(?!\/))/)

/** Active keys first, each group newest first (the list's order does not depend on the database's). */
export function sortKeys(rows: readonly ApiKeyRow[]): ApiKeyRow[] {
  return [...rows].sort((a, b) => {
    if (a.State !== b.State) return a.State === 'active' ? -1 : 1
    return b.KeyId - a.KeyId
  })
}

export interface UsageTotals {
  Requests: number
  ItemsCharged: number
  ItemsFree: number
}

export function usageTotals(rows: readonly ApiUsageRow[]): UsageTotals {
  return rows.reduce(
    (t, r) => ({
      Requests: t.Requests + r.Requests,
      ItemsCharged: t.ItemsCharged + r.ItemsCharged,
      ItemsFree: t.ItemsFree + r.ItemsFree,
    }),
    { Requests: 0, ItemsCharged: 0, ItemsFree: 0 },
  )
}
