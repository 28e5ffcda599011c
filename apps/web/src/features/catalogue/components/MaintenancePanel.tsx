// The maintenance tab: mileage (typed or a common service mileage) and the parts due at the service mileage
// the server rounded it to, priced with the company's 4S prices, with the total.
import type { MaintenanceAnswer } from '@epc/shared'
import { Button, Empty, type GetRef, InputNumber, Space, Spin, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { Ref } from 'react'
import { type DisplaySize, useDisplaySize } from '../../../lib/display-size'
import { useDraft } from '../../../lib/use-draft'
import { pendingPart } from '../pending-part'
import { AddAllToSheets } from './AddToSheet'
import {
  SmartPartNumber,
  SmartResultHeader,
  SmartStock,
  smartMoneyColumns,
  smartTotalSummary,
} from './SmartResultParts'

const QUICK_MILEAGES = [5000, 10000, 20000, 30000, 40000, 60000, 80000, 100000]
const MAX_MILEAGE = 2_000_000
const grouped = new Intl.NumberFormat('zh-CN')

type Item = MaintenanceAnswer['items'][number]
export type MileageInputRef = GetRef<typeof InputNumber>

function columns(size: DisplaySize, onOpenPart: (number: string) => void): ColumnsType<Item> {
  const wide = size === 'large'
  return [
    { title: '序号', key: 'index', width: wide ? 56 : 48, align: 'center', render: (_v, _r, i) => i + 1 },
    { title: '保养项目', dataIndex: 'generic_name', width: wide ? 130 : 104 },
    {
      title: '配件编号',
      dataIndex: 'disp_number',
      width: wide ? 170 : 140,
      render: (v: string | null) => (v ? <SmartPartNumber number={v} onOpen={onOpenPart} /> : '-'),
    },
    {
      title: '配件名称',
      dataIndex: 'part_name_cn',
      render: (v: string | null, r) =>
        v ? (
          <>
            {v}
            {r.sales_banned && (
              <Tag color="red" style={{ marginInlineStart: 8 }}>
                停售
              </Tag>
            )}
          </>
        ) : (
          <Typography.Text type="secondary">本车型目录中无对应配件</Typography.Text>
        ),
    },
    {
      title: '数量',
      key: 'quantity',
      width: wide ? 80 : 64,
      align: 'right',
      render: (_v, r) => `${r.quantity} ${r.unit}`,
    },
    {
      title: '更换周期',
      key: 'interval',
      // 100,000公里/24个月 on one line.
      width: wide ? 180 : 156,
      render: (_v, r) => `${grouped.format(r.interval_km)}公里/${r.interval_months}个月`,
    },
    ...smartMoneyColumns(wide),
    {
      title: '库存',
      dataIndex: 'stock_total',
      width: wide ? 80 : 60,
      align: 'right',
      render: (v: number, r) => (r.disp_number ? <SmartStock value={v} /> : '-'),
    },
  ]
}

/** The due items the model's catalogue has a part for, with the quantity the service needs. */
function quoteParts(items: Item[]) {
  return items.flatMap((r) => (r.disp_number ? [pendingPart({ ...r, disp_number: r.disp_number })] : []))
}

export function MaintenancePanel({
  modelCode,
  mileage,
  answer,
  loading,
  onMileage,
  onOpenPart,
  inputRef,
}: {
  modelCode: string | null
  mileage: number | null
  answer: MaintenanceAnswer | undefined
  loading: boolean
  onMileage: (km: number) => void
  onOpenPart: (number: string) => void
  inputRef?: Ref<MileageInputRef>
}) {
  const size = useDisplaySize()
  // A mileage arriving through the URL (the header's return to the last result) replaces what was typed.
  const [draft, setDraft] = useDraft<number | null>(mileage)

  const submit = (km = draft) => {
    if (km === null) return
    setDraft(km)
    onMileage(km)
  }

  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <span>行驶里程</span>
        <InputNumber<number>
          ref={inputRef}
          aria-label="行驶里程"
          value={draft}
          min={0}
          max={MAX_MILEAGE}
          precision={0}
          step={5000}
          suffix="公里"
          placeholder="如 40,000（F2）"
          style={{ width: 170 }}
          formatter={(v) => (v === undefined || v === null || `${v}` === '' ? '' : grouped.format(Number(v)))}
          parser={(v) => Number((v ?? '').replace(/[^\d]/g, ''))}
          onChange={(v) => setDraft(v)}
          onPressEnter={() => submit()}
        />
        <Button type="primary" disabled={!modelCode || draft === null} onClick={() => submit()}>
          查询
        </Button>
        <span style={{ marginInlineStart: 12, color: '#8c8c8c' }}>常用里程</span>
        <Space.Compact>
          {QUICK_MILEAGES.map((km) => (
            <Button
              key={km}
              type={mileage === km ? 'primary' : 'default'}
              disabled={!modelCode}
              onClick={() => submit(km)}
              style={{ paddingInline: 10 }}
            >
              {grouped.format(km)}
            </Button>
          ))}
        </Space.Compact>
      </div>
      {!modelCode ? (
        <Empty description="请先选择车辆" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : mileage === null ? (
        <Empty description="请输入行驶里程或选择常用里程" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : !answer ? (
        <Spin spinning={loading}>
          <div style={{ minHeight: 200 }} />
        </Spin>
      ) : (
        <div data-testid="maintenance-result" style={{ display: 'grid', gap: 8 }}>
          <SmartResultHeader
            title={`按 ${grouped.format(answer.service_mileage)} 公里保养`}
            note={
              answer.mileage !== answer.service_mileage
                ? `行驶 ${grouped.format(answer.mileage)} 公里，保养里程按 5,000 公里取整`
                : undefined
            }
            count={answer.items.length}
            total={answer.total}
            extra={<AddAllToSheets parts={quoteParts(answer.items)} />}
          />
          <Table<Item>
            size={size === 'large' ? 'middle' : 'small'}
            rowKey={(r) => r.generic_name}
            columns={columns(size, onOpenPart)}
            dataSource={answer.items}
            loading={loading}
            pagination={false}
            bordered
            locale={{ emptyText: '抱歉，暂无数据' }}
            summary={smartTotalSummary(answer.items.length, answer.total)}
          />
        </div>
      )}
    </div>
  )
}
