// Checks one CSV field and turns it into a value; a problem is thrown as a RowError naming the field.

export class RowError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message)
  }
}

export type Row = Record<string, string | undefined>

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

export function text(row: Row, field: string, max: number, optional = false): string {
  const value = (row[field] ?? '').trim()
  if (!value) {
    if (optional) return ''
    throw new RowError(field, '不能为空')
  }
  if (value.length > max) throw new RowError(field, `超过 ${max} 个字符`)
  if (CONTROL.test(value)) throw new RowError(field, '含有控制字符')
  return value
}

export function integer(row: Row, field: string, min: number, max: number, fallback?: number): number {
  const raw = (row[field] ?? '').trim()
  if (raw === '' && fallback !== undefined) return fallback
  if (!/^-?\d+$/.test(raw)) throw new RowError(field, `应为整数，实为「${raw}」`)
  const value = Number(raw)
  if (value < min || value > max) throw new RowError(field, `应在 ${min} 到 ${max} 之间，实为 ${value}`)
  return value
}

/** Yuan with at most 2 decimals, stored as integer fen. */
export function money(row: Row, field: string): number {
  const raw = (row[field] ?? '').trim()
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(raw)
  if (!match) throw new RowError(field, `应为不小于0、最多两位小数的金额，实为「${raw}」`)
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

export function flag(row: Row, field: string): number {
  const raw = (row[field] ?? '').trim().toLowerCase()
  if (raw === '' || raw === '0' || raw === 'n' || raw === 'false') return 0
  if (raw === '1' || raw === 'y' || raw === 'true') return 1
  throw new RowError(field, `应为 0 或 1，实为「${raw}」`)
}

export function ref(ids: Map<string, number>, key: string, field: string, what: string): number {
  const id = ids.get(key)
  if (id === undefined) throw new RowError(field, `${what}「${key}」不存在`)
  return id
}
