// A job's answer as CSV, one row per part (a name without parts: one row with its status), for spreadsheets
// and ERP imports. UTF-8 with a byte-order mark, so Excel shows the Chinese names.
import type { PartsByNameAnswer } from './open.service'

const COLUMNS = [
  'vin',
  'model_id',
  'name',
  'status',
  'generic_name',
  'part_number',
  'part_name',
  'quantity',
  'illustration_id',
  'illustration_name',
  'callout',
  'price',
  'replaced_by',
  'charged',
  // Last, so the columns before keep their places: why a VIN's names have no parts (vin_not_found …).
  'vin_status',
]

/** A CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a formula is defused. */
function field(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value)
  // A leading = + - @ would be run as a formula by a spreadsheet (CSV injection).
  if (/^[=+\-@]/.test(text) && typeof value === 'string') text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function jobCsv(runs: string[]): string {
  const lines = [COLUMNS.join(',')]
  for (const run of runs) {
    for (const item of JSON.parse(run) as PartsByNameAnswer['results']) {
      for (const n of item.names) {
        const head = [item.vin, item.model?.model_id ?? '', n.name, n.status, n.generic_name ?? '']
        const parts = n.parts ?? []
        if (!parts.length)
          lines.push([...head, '', '', '', '', '', '', '', '', n.charged, item.status].map(field).join(','))
        for (const p of parts) {
          lines.push(
            [
              ...head,
              p.number,
              p.name,
              p.quantity,
              p.illustration.id,
              p.illustration.name,
              p.illustration.callout,
              p.price === null ? '' : p.price.toFixed(2),
              p.replaced_by ?? '',
              n.charged,
              item.status,
            ]
              .map(field)
              .join(','),
          )
        }
      }
    }
  }
  return `\ufeff${lines.join('\r\n')}\r\n`
}
