// Turns the shared field rules into antd Form rules, so forms and server check with one rule and one text.
import { type DecimalField, decimalHundredths, type TextField, textProblem } from '@epc/shared'
import type { FormRule } from 'antd'

/**
 * A text field's rule. `required` only marks the label (antd's asterisk) as the field rule requires a value;
 * the validator decides and words every message, empty included.
 */
export function fieldRule(field: TextField): FormRule {
  return {
    required: (field.min ?? 1) > 0,
    validator: async (_rule, value) => {
      const problem = textProblem(field, value ?? '')
      if (problem) throw new Error(problem)
    },
  }
}

/**
 * A quantity or price: a number with at most two decimals within the field's bounds, as the server checks
 * it. An optional field accepts an empty value.
 */
export function decimalRule(field: DecimalField, optional = false): FormRule {
  return {
    validator: async (_rule, value) => {
      if (optional && (value === undefined || value === null || value === '')) return
      const checked = decimalHundredths(field, value)
      if ('problem' in checked) throw new Error(checked.problem)
    },
  }
}

/** A confirmation field: must equal another field of the same form. */
export function sameAs(field: string, missing: string, differs = '两次输入的密码不一致'): FormRule[] {
  return [
    { required: true, message: missing },
    ({ getFieldValue }) => ({
      validator: async (_rule, value) => {
        if (value && value !== getFieldValue(field)) throw new Error(differs)
      },
    }),
  ]
}

/** What form rules need of a shared zod schema (kept structural, so lib/ does not depend on zod). */
interface PayloadSchema {
  safeParse(value: unknown): {
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }
  }
}

/**
 * A field checked by the schema of the whole payload, the one the server applies: the form's values (plus
 * `extra`, fields the form does not show) are parsed, and the first problem named on this field is shown.
 */
export function schemaRule(schema: PayloadSchema, field: string, extra: object = {}): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const issue = schema
        .safeParse({ ...extra, ...getFieldsValue() })
        .error?.issues.find((i) => i.path[0] === field)
      if (issue) throw new Error(issue.message)
    },
  })
}
