// Characters and words a parts counter writes for the standard ones in part names: one table, read only by
// the server's name matcher (apps/server/src/modules/catalogue/name-matcher.ts), which maps both the query
// and every name through it, so 火咀 finds 火嘴 and 档位开关 finds 挡位开关 whichever of the two a list uses.

export interface NameVariant {
  /** What is typed or printed: a character (or a short word). */
  variant: string
  /** What it stands for in the generic names. */
  standard: string
  /** Where the variant comes from, for whoever reviews the table. */
  source: string
}

export const NAME_VARIANTS: readonly NameVariant[] = [
  { variant: '咀', standard: '嘴', source: '粤港及配件行写法：火咀、油咀、气门咀' },
  { variant: '档', standard: '挡', source: '国标写“挡”（换挡、倒挡），口语与多数目录写“档”' },
  { variant: '呔', standard: '胎', source: '粤语（tyre）：车呔、后备呔、呔铲' },
  { variant: '爪', standard: '脚', source: '修理厂叫法：支架、机脚也叫“爪”（灯爪、机爪、波箱爪）' },
  { variant: '涨', standard: '张', source: '涨紧轮/张紧轮、涨紧器/张紧器，两种写法都常见' },
  { variant: '炭', standard: '碳', source: '活性炭罐/碳罐，目录与口语混用' },
  { variant: '胶套', standard: '衬套', source: '修理厂把橡胶衬套叫“胶套”（摆臂胶套、平衡杆胶套）' },
]
