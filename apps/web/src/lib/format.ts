// Money as every screen shows it: yuan with two decimals and thousands separators, '-' where there is no
// price.
const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined ? '-' : `¥${yuan.format(value)}`
}
