// Field rules as plain data with one checker, shared by server schemas and web forms; every message names
// its field in Chinese. No zod here: the sign-in screens check fields without downloading a schema library.

// Control characters break logs and exports, and PostgreSQL refuses NUL in text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/
const PICTOGRAPHS = /\p{Extended_Pictographic}/u
// Half of a UTF-16 surrogate pair with no other half (a `\ud800` escape in JSON): not a character at all.
const LONE_SURROGATE = /[\ud800-\udfff]/u

/** Control characters or half a surrogate pair: text no field takes. */
export function hasSpecialChars(text: string): boolean {
  return CONTROL_CHARS.test(text) || LONE_SURROGATE.test(text)
}

export interface TextField {
  /** The field's Chinese name, used in the messages. */
  label: string
  /** Message for a missing or empty value; an optional field (min 0) accepts empty text. */
  required?: string
  min?: number
  max?: number
  pattern?: RegExp
  patternMessage?: string
  /** Names and codes refuse emoji as well as control characters. */
  plain?: boolean
  /** Passwords are taken as typed; everything else is trimmed. */
  keepSpaces?: boolean
}

export function normalizeText(field: TextField, value: string): string {
  return field.keepSpaces ? value : value.trim()
}

/** The Chinese message for what is wrong with a value, or undefined when it is fine. */
export function textProblem(field: TextField, value: unknown): string | undefined {
  const required = field.required ?? `请输入${field.label}`
  const min = field.min ?? 1
  if (value === undefined || value === null) return min > 0 ? required : undefined
  if (typeof value !== 'string') return min > 0 ? required : `${field.label}格式不正确`
  const text = normalizeText(field, value)
  if (text === '') return min > 0 ? required : undefined
  if (text.length < min) return `${field.label}至少${min}个字符`
  if (field.max !== undefined && text.length > field.max) return `${field.label}不能超过${field.max}个字符`
  if (hasSpecialChars(text)) return `${field.label}不能包含特殊字符`
  if (field.plain && PICTOGRAPHS.test(text)) return `${field.label}不能包含表情或特殊字符`
  if (field.pattern && !field.pattern.test(text)) return field.patternMessage ?? `${field.label}格式不正确`
  return undefined
}

export const MOBILE_PATTERN = /^1\d{10}$/

export const mobileField: TextField = {
  label: '手机号',
  pattern: MOBILE_PATTERN,
  patternMessage: '请输入正确的11位手机号',
}

export interface DecimalField {
  label: string
  /** Message for a missing value. */
  required: string
  /** Smallest allowed value; a zero minimum allows 0. */
  min: number
  /** Whether the minimum itself is allowed (0 for prices yes, for quantities no). */
  minInclusive: boolean
  max: number
}

const DECIMAL = /^(\d{1,9})(?:\.(\d{1,2}))?$/

/** A number or numeric text with at most two decimals, as hundredths, or the problem in Chinese. */
export function decimalHundredths(
  field: DecimalField,
  value: unknown,
): { value: number } | { problem: string } {
  if (value === undefined || value === null || value === '') return { problem: field.required }
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? String(value)
        : ''
      : typeof value === 'string'
        ? value.trim()
        : ''
  if (/^-/.test(text)) return { problem: `${field.label}不能为负数` }
  const match = DECIMAL.exec(text)
  if (!match) {
    return { problem: /^\d+\.\d{3,}$/.test(text) ? `${field.label}最多两位小数` : `${field.label}格式不正确` }
  }
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  const below = field.minInclusive ? hundredths < field.min * 100 : hundredths <= field.min * 100
  if (below)
    return {
      problem: field.minInclusive
        ? `${field.label}不能小于${field.min}`
        : `${field.label}必须大于${field.min}`,
    }
  if (hundredths > field.max * 100) return { problem: `${field.label}不能超过${field.max}` }
  return { value: hundredths }
}
