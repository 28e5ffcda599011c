// What differs between the two kinds of sheet on screen: names, field labels and rules, the spec's messages
// (purchase orders follow the quotation pattern where the spec names only the quotation text), and the
// display truncation of spec section 9.

import type { SheetKind } from '@epc/shared'
import {
  clientNameField,
  type DecimalField,
  purchasePriceField,
  purchaseRemarkField,
  quoteRemarkField,
  SheetMessages,
  salePriceField,
  supplierField,
  type TextField,
  TRUNCATE,
} from '@epc/shared'

export interface SheetTexts {
  name: string
  /** ClientName: the customer of a quotation, the supplier of a purchase order. */
  client: TextField
  remark: TextField
  price: DecimalField
  created: string
  updated: string
  deleted: string
  updateFailed: string
}

export const SHEET_TEXTS: Record<SheetKind, SheetTexts> = {
  quote: {
    name: '报价单',
    client: clientNameField,
    remark: quoteRemarkField,
    price: salePriceField,
    created: SheetMessages.createdQuote,
    updated: SheetMessages.updatedQuote,
    deleted: SheetMessages.deletedQuote,
    updateFailed: SheetMessages.updateQuoteFailed,
  },
  purchase: {
    name: '采购单',
    client: supplierField,
    remark: purchaseRemarkField,
    price: purchasePriceField,
    created: SheetMessages.createdPurchase,
    updated: SheetMessages.updatedPurchase,
    deleted: SheetMessages.deletedPurchase,
    updateFailed: SheetMessages.updatePurchaseFailed,
  },
}

/** Spec section 9: opening the header's popover refreshes its list at most this often. */
export const POPOVER_REFRESH_MS = 6000

/** The duplicate-part question (code 10003). */
export const DUPLICATE_QUESTION = `${SheetMessages.duplicatePart}，是否继续添加？`

/** Cuts after `max` characters (code points, so no half emoji). */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text
}

/** Cuts after `max` characters that are not spaces: purchase car types count only those. */
export function truncateNonSpace(text: string, max: number): string {
  let seen = 0
  let end = 0
  for (const char of text) {
    if (seen === max) return /\S/.test(text.slice(end)) ? `${text.slice(0, end).trimEnd()}…` : text
    end += char.length
    if (/\S/.test(char)) seen += 1
  }
  return text
}

export function truncateCarType(kind: SheetKind, text: string): string {
  return kind === 'quote'
    ? truncate(text, TRUNCATE.quoteCarType)
    : truncateNonSpace(text, TRUNCATE.purchaseCarTypeNonSpace)
}

export const truncateRemark = (text: string) => truncate(text, TRUNCATE.remark)
