// The vehicle of the maintenance and accident query: by VIN (recent and demo VINs offered, several models
// answered → the user chooses) or by brand → series → model; shows the chosen model.
import type { CarInfo } from '@epc/shared'
import { decodeVin } from '@epc/shared'
import { Alert, AutoComplete, Button, Input, type InputRef, Segmented, Select, Typography } from 'antd'
import { type Ref, useEffect, useState } from 'react'
import { feedback } from '../../../lib/feedback'
import { useCarBrands } from '../api/car-brands'
import { useCarModels } from '../api/car-models'
import { useCarSeries } from '../api/car-series'
import { useVinHistory } from '../api/vin-history'
import { useVinQuery } from '../api/vin-query'
import { cleanVinInput } from './VinInput'

type Mode = 'vin' | 'model'
const mono = { fontFamily: 'Menlo, Consolas, monospace' }

function VinBox({
  value,
  onChange,
  onSubmit,
  inputRef,
  loading,
}: {
  value: string
  onChange: (vin: string) => void
  onSubmit: (vin: string) => void
  inputRef?: Ref<InputRef>
  loading: boolean
}) {
  const history = useVinHistory()
  const match = (vin: string) => vin.startsWith(value)
  const option = (v: { vin: string; car_name: string }) => ({
    value: v.vin,
    label: (
      <span style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}>
        <span style={mono}>{v.vin}</span>
        <span style={{ color: '#8c8c8c', overflow: 'hidden', textOverflow: 'ellipsis' }}>{v.car_name}</span>
      </span>
    ),
  })
  const recent = (history.data?.recent ?? []).filter((v) => match(v.vin))
  const demo = (history.data?.demo ?? []).filter((v) => match(v.vin)).slice(0, 8)
  const options = [
    ...(recent.length ? [{ label: '最近查询', options: recent.map(option) }] : []),
    ...(demo.length ? [{ label: '示例车架号', options: demo.map(option) }] : []),
  ]
  return (
    <AutoComplete
      value={value}
      options={options}
      onChange={(v) => onChange(cleanVinInput(v))}
      onSelect={(v: string) => onSubmit(v)}
      popupMatchSelectWidth={460}
      style={{ width: 340 }}
    >
      <Input.Search
        ref={inputRef}
        allowClear
        enterButton="查询"
        loading={loading}
        placeholder="请输入17位车架号（F1）"
        aria-label="车架号"
        spellCheck={false}
        autoComplete="off"
        style={mono}
        onSearch={(v, _e, info) => {
          if (info?.source !== 'clear') onSubmit(v)
        }}
      />
    </AutoComplete>
  )
}

function ModelSelects({ car, onPick }: { car: CarInfo | null; onPick: (car: CarInfo) => void }) {
  const [brand, setBrand] = useState<string | null>(car?.brand_number ?? null)
  const [series, setSeries] = useState<string | null>(car?.series_number ?? null)
  // A model chosen elsewhere (by VIN, or restored from the URL) moves the selects with it.
  const carBrand = car?.brand_number
  const carSeries = car?.series_number
  useEffect(() => {
    if (!carBrand || !carSeries) return
    setBrand(carBrand)
    setSeries(carSeries)
  }, [carBrand, carSeries])
  const brands = useCarBrands()
  const seriesList = useCarSeries(brand)
  const models = useCarModels(series)
  const modelId = car && car.series_number === series ? car.ModelId : null
  return (
    <>
      <Select
        aria-label="品牌"
        placeholder="品牌"
        style={{ width: 170 }}
        loading={brands.isLoading}
        value={brand}
        showSearch={{ optionFilterProp: ['label', 'search'] }}
        options={(brands.data ?? []).map((group) => ({
          label: group.initial,
          title: group.initial,
          options: group.brands.map((b) => ({
            value: b.brand_number,
            label: b.brand_name,
            search: `${b.name_en} ${b.group_name}`,
          })),
        }))}
        onChange={(value: string) => {
          setBrand(value)
          setSeries(null)
        }}
      />
      <Select
        aria-label="车系"
        placeholder="车系"
        style={{ width: 170 }}
        disabled={!brand}
        loading={seriesList.isLoading}
        value={series}
        showSearch={{ optionFilterProp: 'label' }}
        options={(seriesList.data ?? []).map((s) => ({
          value: s.series_number,
          label: s.series_name,
          years: s.years,
        }))}
        optionRender={(o) => (
          <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
            {o.label}
            <span style={{ color: '#8c8c8c' }}>{o.data.years.join('/')}</span>
          </span>
        )}
        onChange={(value: string) => setSeries(value)}
      />
      <Select
        aria-label="车型"
        placeholder="车型"
        style={{ width: 320 }}
        disabled={!series}
        loading={models.isLoading}
        value={modelId}
        showSearch={{ optionFilterProp: ['label', 'search'] }}
        popupMatchSelectWidth={420}
        options={(models.data ?? []).map((m) => ({
          value: m.ModelId,
          label: m.car_name,
          search: `${m.engine} ${m.transmission}`,
          car: m,
        }))}
        optionRender={(o) => (
          <div>
            <div>{o.label}</div>
            <div style={{ color: '#8c8c8c', fontSize: 12 }}>
              {o.data.car.engine} · {o.data.car.transmission}
            </div>
          </div>
        )}
        onChange={(_value: string, option) => {
          if (option && !Array.isArray(option)) onPick(option.car)
        }}
      />
    </>
  )
}

/** The chosen model in one line, for the card's header. */
export function SmartCurrentVehicle({
  modelId,
  car,
  vin,
}: {
  modelId: string | null
  car: CarInfo | null
  vin: string
}) {
  if (!modelId) {
    return <Typography.Text type="secondary">请先按车架号或车型选择车辆</Typography.Text>
  }
  return (
    <div
      data-testid="smart-vehicle"
      style={{ display: 'flex', alignItems: 'baseline', gap: 10, minWidth: 0, fontWeight: 'normal' }}
    >
      <Typography.Text strong ellipsis style={{ fontSize: 15 }}>
        {car?.car_name ?? modelId}
      </Typography.Text>
      {car && (
        <span style={{ color: '#8c8c8c', fontSize: 12, whiteSpace: 'nowrap' }}>
          {[car.brand_name, car.engine, car.transmission].filter(Boolean).join(' · ')}
        </span>
      )}
      {vin && <span style={{ ...mono, color: '#8c8c8c', fontSize: 12 }}>VIN {vin}</span>}
    </div>
  )
}

export function SmartVehiclePicker({
  modelId,
  car,
  vin,
  onPick,
  vinInputRef,
}: {
  modelId: string | null
  car: CarInfo | null
  /** The VIN the current model was found by, if any. */
  vin: string
  onPick: (car: CarInfo, vin: string | null) => void
  vinInputRef?: Ref<InputRef>
}) {
  const [mode, setMode] = useState<Mode>(modelId && !vin ? 'model' : 'vin')
  const [draft, setDraft] = useState(vin)
  // A VIN arriving through the URL (the header's return to the last result) replaces what was typed.
  useEffect(() => setDraft(vin), [vin])
  // The counter makes a second query of the same VIN choose its model again.
  const [asked, setAsked] = useState<{ vin: string; n: number } | null>(null)
  const answer = useVinQuery(asked?.vin ?? null)
  const data = asked && answer.data?.vinCode === asked.vin ? answer.data : undefined

  // biome-ignore lint/correctness/useExhaustiveDependencies: onPick is new with every render of the page; a new answer (or asking again) is what picks.
  useEffect(() => {
    const only = data?.status === 'one' ? data.models[0] : undefined
    if (only && asked) onPick(only, asked.vin)
  }, [data, asked])

  const submit = (raw: string) => {
    const decoded = decodeVin(raw)
    if (!decoded.valid) {
      feedback.warning(decoded.errors[0] ?? '请输入17位车架号')
      return
    }
    setDraft(decoded.vin)
    setAsked((a) => ({ vin: decoded.vin, n: (a?.n ?? 0) + 1 }))
  }

  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Segmented<Mode>
          value={mode}
          onChange={setMode}
          options={[
            { value: 'vin', label: '按车架号' },
            { value: 'model', label: '按车型' },
          ]}
        />
        {mode === 'vin' ? (
          <VinBox
            value={draft}
            onChange={setDraft}
            onSubmit={submit}
            inputRef={vinInputRef}
            loading={answer.isFetching}
          />
        ) : (
          <ModelSelects car={car} onPick={(c) => onPick(c, null)} />
        )}
      </div>
      {mode === 'vin' && data?.status === 'several' && (
        <Alert
          type="info"
          showIcon
          data-testid="vin-models"
          title={
            <span>
              车架号 <span style={mono}>{data.vinCode}</span> 对应 {data.models.length} 个车型，请选择：
            </span>
          }
          description={
            <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 4 }}>
              {data.models.map((m) => (
                <Button
                  key={m.ModelId}
                  type={m.ModelId === modelId ? 'primary' : 'default'}
                  onClick={() => onPick(m, data.vinCode)}
                >
                  {m.car_name}
                  <span style={{ color: m.ModelId === modelId ? undefined : '#8c8c8c', fontSize: 12 }}>
                    {m.engine} · {m.transmission}
                  </span>
                </Button>
              ))}
            </div>
          }
        />
      )}
      {mode === 'vin' && data?.status === 'none' && (
        <Alert
          type="warning"
          showIcon
          title={`未找到车架号 ${data.vinCode} 对应的车型`}
          description={`${data.decode.brand ? `该车架号属于${data.decode.brand}，但` : ''}车型库中暂无此车型，请改为按车型选择。`}
        />
      )}
    </div>
  )
}
