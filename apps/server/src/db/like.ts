// `like` patterns from user text: the one place that escapes %, _ and \ so they match themselves.
import { type RawBuilder, sql } from 'kysely'

/** The pattern of `column like ? escape '\'` (one backslash) matching values that contain `text`. */
export function containingPattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
}

/** The right-hand side of `column like …` matching values that contain `text`, on SQLite and PostgreSQL. */
export function containing(text: string): RawBuilder<string> {
  return sql<string>`${containingPattern(text)} escape '\\'`
}
