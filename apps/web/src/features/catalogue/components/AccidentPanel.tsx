// The accident tab: collision zones picked on the car outline or in the checklist beside it, and the parts a
// body shop replaces after a hit there, priced with the company's 4S prices, with the total.
import type { AccidentAnswer, AccidentZone } from '@epc/shared'
import { Button, Checkbox, Empty, Skeleton, Spin, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { Link } from 'react-router'
import { type DisplaySize, useDisplaySize } from '../../../lib/display-size'
import { useAccidentZones } from '../api/accident-zones'
import { partsDetailUrl } from '../links'
import { pendingPart } from '../pending-part'
import { toggleZone } from '../zone-choice'
import { AddAllToSheets } from './AddToSheet'
import { CarOutline, SELECTED_FILL, type ZoneState } from './CarOutline'
import {
  SmartPartNumber,
  SmartResultHeader,
  SmartStock,
  smartMoneyColumns,
  smartTotalSummary,
} from './SmartResultParts'

type Item = AccidentAnswer['items'][number]

function columns(
  size: DisplaySize,
  modelCode: string,
  onOpenPart: (number: string) => void,
): ColumnsType<Item> {
  const wide = size === 'large'
  return [
    { title: '序号', key: 'index', width: wide ? 56 : 48, align: 'center', render: (_v, _r, i) => i + 1 },
    {
      title: '配件编号',
      dataIndex: 'disp_number',
      width: wide ? 170 : 140,
      render: (v: string) => <SmartPartNumber number={v} onOpen={onOpenPart} />,
    },
    {
      title: '配件名称',
      dataIndex: 'part_name_cn',
      render: (v: string, r) => (
        <>
          {v}
          {r.sales_banned && (
            <Tag color="red" style={{ marginInlineStart: 8 }}>
              停售
            </Tag>
          )}
        </>
      ),
    },
    {
      title: '图号',
      dataIndex: 'imageid',
      width: wide ? 90 : 72,
      render: (v: string, r) => (
        <Link
          to={partsDetailUrl({ modelCode, imageid: v, callout: r.callout, fromType: 3 })}
          title="打开爆炸图"
        >
          {v}
        </Link>
      ),
    },
    { title: '位置', dataIndex: 'callout', width: wide ? 64 : 52, align: 'center' },
    { title: '数量', dataIndex: 'quantity', width: wide ? 64 : 52, align: 'right' },
    ...smartMoneyColumns(wide),
    {
      title: '库存',
      dataIndex: 'stock_total',
      width: wide ? 80 : 60,
      align: 'right',
      render: (v: number) => <SmartStock value={v} />,
    },
  ]
}

function Legend({ hovered }: { hovered: string | null }) {
  const swatch = (fill: string, opacity: number, dashed = false) => (
    <span
      style={{
        display: 'inline-block',
        width: 14,
        height: 14,
        marginInlineEnd: 4,
        verticalAlign: -2,
        background: fill,
        opacity,
        border: `1px ${dashed ? 'dashed' : 'solid'} #8c8c8c`,
      }}
    />
  )
  return (
    <div style={{ display: 'grid', gap: 4, fontSize: 12, color: '#595959' }} data-testid="zone-legend">
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <span>{swatch('#f0f2f5', 1)}未选部位</span>
        <span>{swatch(SELECTED_FILL, 0.6)}已选部位</span>
        <span>{swatch('#fafafa', 1, true)}整个区域</span>
      </div>
      <div style={{ color: '#8c8c8c' }}>
        点击车身部位单独选择；点击外圈的前部、后部、左侧、右侧或车顶，选择该区域全部部位。
      </div>
      <div style={{ minHeight: 20, color: SELECTED_FILL }}>{hovered ? `指向：${hovered}` : ''}</div>
    </div>
  )
}

function ZoneChecklist({
  zones,
  stateOf,
  onToggle,
}: {
  zones: AccidentZone[]
  stateOf: (code: string) => ZoneState
  onToggle: (code: string) => void
}) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 12 }}>
      {zones.map((top) => {
        const whole = stateOf(top.code) === 'on'
        const some = top.children.some((c) => stateOf(c.code) !== 'off')
        return (
          <div
            key={top.code}
            style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: '8px 12px', background: '#fff' }}
          >
            <Checkbox
              checked={whole}
              indeterminate={!whole && some}
              onChange={() => onToggle(top.code)}
              style={{ fontWeight: 600 }}
            >
              {top.name}
            </Checkbox>
            <div style={{ display: 'grid', gap: 4, marginTop: 6, paddingInlineStart: 20 }}>
              {top.children.map((c) => (
                <Checkbox key={c.code} checked={stateOf(c.code) !== 'off'} onChange={() => onToggle(c.code)}>
                  {c.name}
                </Checkbox>
              ))}
            </div>
          </div>
        )
      })}
    </div>
  )
}

export function AccidentPanel({
  modelCode,
  selected,
  onSelect,
  answer,
  loading,
  onOpenPart,
}: {
  modelCode: string | null
  /** Chosen zone codes; a top zone's code stands for all of its sub zones. */
  selected: string[]
  onSelect: (codes: string[]) => void
  /** The answer for the chosen zones, or the previous one while it is being fetched. */
  answer: AccidentAnswer | undefined
  loading: boolean
  onOpenPart: (number: string) => void
}) {
  const size = useDisplaySize()
  const zonesQuery = useAccidentZones()
  const zones = zonesQuery.data ?? []
  const [hovered, setHovered] = useState<string | null>(null)
  const chosen = new Set(selected)
  const parentOf = new Map(zones.flatMap((z) => z.children.map((c) => [c.code, z.code] as const)))
  const stateOf = (code: string): ZoneState => {
    if (chosen.has(code)) return 'on'
    const parent = parentOf.get(code)
    return parent && chosen.has(parent) ? 'implied' : 'off'
  }
  const toggle = (code: string) => onSelect(toggleZone(zones, selected, code))
  const names = new Map(
    zones.flatMap((z) => [[z.code, z.name] as const, ...z.children.map((c) => [c.code, c.name] as const)]),
  )
  const chosenNames = selected.map((c) => names.get(c) ?? c)

  const outline = (
    <div style={{ flex: 'none', width: 280, display: 'grid', gap: 8 }}>
      {zonesQuery.isLoading ? (
        <Skeleton.Node active style={{ width: 280, height: 482 }} />
      ) : (
        <CarOutline zones={zones} stateOf={stateOf} onToggle={toggle} onHover={setHovered} width={280} />
      )}
      <Legend hovered={hovered} />
    </div>
  )
  const checklist = (
    <div style={{ display: 'grid', gap: 12 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Typography.Text strong>碰撞部位</Typography.Text>
        <Typography.Text type="secondary" data-testid="zone-count">
          {selected.length ? `已选 ${chosenNames.join('、')}` : '未选择'}
        </Typography.Text>
        <Button
          size="small"
          disabled={!selected.length}
          onClick={() => onSelect([])}
          style={{ marginInlineStart: 'auto' }}
        >
          清空选择
        </Button>
      </div>
      <ZoneChecklist zones={zones} stateOf={stateOf} onToggle={toggle} />
    </div>
  )
  const result = !modelCode ? (
    <Empty description="请先选择车辆" image={Empty.PRESENTED_IMAGE_SIMPLE} />
  ) : !selected.length ? (
    <Empty description="请在车身图上点击碰撞部位，或在右侧勾选" image={Empty.PRESENTED_IMAGE_SIMPLE} />
  ) : !answer ? (
    <Spin spinning={loading}>
      <div style={{ minHeight: 200 }} />
    </Spin>
  ) : (
    <div data-testid="accident-result" style={{ display: 'grid', gap: 8 }}>
      <SmartResultHeader
        title="事故配件"
        count={answer.items.length}
        total={answer.total}
        extra={<AddAllToSheets parts={answer.items.map((r) => pendingPart(r))} />}
      />
      <Table<Item>
        size={size === 'large' ? 'middle' : 'small'}
        rowKey={(r) => `${r.imageid}/${r.callout}/${r.disp_number}`}
        columns={columns(size, modelCode, onOpenPart)}
        scroll={{ y: 560 }}
        dataSource={answer.items}
        loading={loading}
        pagination={false}
        bordered
        locale={{ emptyText: '抱歉，暂无数据' }}
        summary={smartTotalSummary(answer.items.length, answer.total)}
      />
    </div>
  )

  // Wide screens have room for the list beside the outline; narrower ones put it underneath.
  return size === 'large' ? (
    <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
      {outline}
      <div style={{ flex: 1, minWidth: 0, display: 'grid', gap: 16 }}>
        {checklist}
        {result}
      </div>
    </div>
  ) : (
    <div style={{ display: 'grid', gap: 16 }}>
      <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
        {outline}
        <div style={{ flex: 1, minWidth: 0 }}>{checklist}</div>
      </div>
      {result}
    </div>
  )
}
