// Payload schemas of the dealer-price calls (server side): the report of a host's answer and the read-back.
import * as z from 'zod/mini'
import { HostBridgeMessages, type HostStockRecord, normaliseStockAnswer, rawAnswerText } from './host-bridge'
import { partNumberField } from './sheets'
import { textSchema } from './zod-fields'

/**
 * The host's raw answer, as the page received it: JSON text, or the object itself. It must be a successful
 * stock answer (code 200 with rows): the page reports only those, and the price is read from it.
 */
const rawAnswer = z.transform((value: unknown, ctx) => {
  const fail = (message: string) => {
    ctx.issues.push({ code: 'custom', message, input: value })
    return z.NEVER
  }
  if (value === undefined || value === null || value === '') return fail(HostBridgeMessages.answerMissing)
  if (typeof value !== 'string' && typeof value !== 'object') return fail(HostBridgeMessages.answerUnreadable)
  const text = rawAnswerText(value)
  if (typeof value === 'string') {
    try {
      JSON.parse(value)
    } catch {
      return fail(HostBridgeMessages.answerUnreadable)
    }
  }
  const records = normaliseStockAnswer(value)
  if (records === 0) return fail(HostBridgeMessages.answerEmpty)
  return { text, records: records as HostStockRecord[] }
})

const priceType = z
  .int({ error: HostBridgeMessages.priceType })
  .check(
    z.gte(1, { error: HostBridgeMessages.priceType }),
    z.lte(99, { error: HostBridgeMessages.priceType }),
  )

export const update4sPriceListSchema = z.object({
  partNumber: textSchema(partNumberField),
  pb: priceType,
  json: rawAnswer,
  // The company comes from the session; the name the page sends is checked but not trusted.
  name: z.optional(textSchema({ label: '公司名称', min: 0, max: 50 })),
})

export const get4sPriceListSchema = z.object({ partNumber: textSchema(partNumberField) })
