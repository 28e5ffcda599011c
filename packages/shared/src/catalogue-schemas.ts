// Payload schemas of the catalogue calls (docs/api.md), server side.
import * as z from 'zod/mini'
import { MAX_PART_CODES } from './catalogue'
import type { TextField } from './fields'
import { textSchema } from './zod-fields'

const code = (label: string, max = 40): TextField => ({ label, max, plain: true })

const modelId = textSchema(code('车型'))
const keyword = textSchema({ label: '关键字', max: 40, plain: true })

export const vinQuerySchema = z.object({ VIN: z.string({ error: '请输入车架号' }) })
export const brandSchema = z.object({ brand_number: textSchema(code('品牌')) })
export const seriesSchema = z.object({
  series_number: textSchema(code('车系')),
  year: z.optional(
    z
      .int({ error: '年款应为整数' })
      .check(z.gte(1980, { error: '年款不正确' }), z.lte(2100, { error: '年款不正确' })),
  ),
})
export const modelSchema = z.object({ ModelId: modelId })
export const illustrationSchema = z.object({ ModelId: modelId, imageid: textSchema(code('示意图')) })
export const thumbnailsSchema = z.object({
  ModelId: modelId,
  imageids: z
    .array(textSchema(code('示意图')), { error: '请选择示意图' })
    .check(z.minLength(1, { error: '请选择示意图' }), z.maxLength(24, { error: '一次最多取24张示意图' })),
})
export const partsQuerySchema = z.object({
  Codes: z
    .array(
      z.string({ error: '配件编码应为文字' }).check(z.maxLength(60, { error: '配件编码不能超过60个字符' })),
      {
        error: '请输入配件编码',
      },
    )
    .check(
      z.minLength(1, { error: '请输入配件编码' }),
      z.maxLength(MAX_PART_CODES, { error: `一次最多查询${MAX_PART_CODES}个配件编码` }),
    ),
})
export const partDetailSchema = z.object({ part_number: textSchema({ label: '配件编码', max: 60 }) })
export const nameSearchSchema = z.object({ ModelId: modelId, Keyword: keyword })
export const glossarySchema = z.object({ Keyword: z.optional(textSchema({ ...code('关键字'), min: 0 })) })
export const maintenanceSchema = z.object({
  ModelId: modelId,
  Mileage: z
    .int({ error: '请输入里程（公里）' })
    .check(z.gte(0, { error: '里程不能为负' }), z.lte(2_000_000, { error: '里程不能超过200万公里' })),
})
export const accidentSchema = z.object({
  ModelId: modelId,
  Zones: z
    .array(textSchema(code('碰撞区域')), { error: '请选择碰撞区域' })
    .check(z.minLength(1, { error: '请选择碰撞区域' }), z.maxLength(40, { error: '碰撞区域过多' })),
})
