// Zod schemas for the plain-data field rules of fields.ts, for the server's call schemas.
import * as z from 'zod/mini'
import { type DecimalField, decimalHundredths, normalizeText, type TextField, textProblem } from './fields'

export function textSchema(field: TextField) {
  return z.transform((value: unknown, ctx) => {
    const problem = textProblem(field, value)
    if (problem) {
      ctx.issues.push({ code: 'custom', message: problem, input: value })
      return z.NEVER
    }
    return normalizeText(field, String(value ?? ''))
  })
}

/** A decimal with at most two places, answered as an integer count of hundredths (fen for money). */
export function decimalSchema(field: DecimalField) {
  return z.transform((value: unknown, ctx) => hundredthsOrIssue(field, value, ctx))
}

function hundredthsOrIssue(field: DecimalField, value: unknown, ctx: z.core.ParsePayload): number {
  const result = decimalHundredths(field, value)
  if ('problem' in result) {
    ctx.issues.push({ code: 'custom', message: result.problem, input: value })
    return z.NEVER
  }
  return result.value
}

/**
 * An optional decimal: absent, null or blank text all mean none given (the product answers null for a value
 * it does not show, and a client may send a line back as it read it).
 */
export function optionalDecimalSchema(field: DecimalField) {
  return z.optional(
    z.transform((value: unknown, ctx) => {
      if (value === null || (typeof value === 'string' && !value.trim())) return undefined
      return hundredthsOrIssue(field, value, ctx)
    }),
  )
}

// Record ids are 32-bit integer columns on PostgreSQL: a larger number must be a field error, not a failed
// query (a 500).
const INT32_MAX = 2_147_483_647

/** A record's id (a message, a notice, a coupon, a staff member): a whole number from 1 to 2^31 - 1. */
export function recordIdSchema(error: string) {
  return z.int({ error }).check(z.gte(1, { error }), z.lte(INT32_MAX, { error }))
}
