// The vehicle of the maintenance and accident query: by VIN (recent and demo VINs offered, several models
// answered → the user chooses) or by brand → series → model; shows the chosen model.
import type { CarInfo } from '@epc/shared'
import { decodeVin, VinMessages } from '@epc/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, AutoComplete, Button, Input, type InputRef, Segmented, Select, Typography } from 'antd'
import { type Ref, useRef, useState } from 'react'
import { feedback } from '../../../lib/feedback'
import { useDraft } from '../../../lib/use-draft'
import { useCarBrands } from '../api/car-brands'
import { useCarModels } from '../api/car-models'
import { useCarSeries } from '../api/car-series'
import { useVinHistory } from '../api/vin-history'
import { useVinQuery, vinQueryOptions } from '../api/vin-query'
import { vinTyped } from '../vin-text'
import { MeantVins } from './MeantVins'

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
      onChange={(v) => onChange(vinTyped(v))}
      onSelect={(v: string) => onSubmit(v)}
      popupMatchSelectWidth={460}
      style={{ width: 340 }}
    >
      <Input.Search
        ref={inputRef}
        allowClear
        enterButton="查询"
        loading={loading}
        placeholder={`${VinMessages.length}（F1）`}
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

interface Choice {
  brand: string | null
  series: string | null
}

function ModelSelects({ car, onPick }: { car: CarInfo | null; onPick: (car: CarInfo) => void }) {
  const [choice, setChoice] = useState<Choice>({
    brand: car?.brand_number ?? null,
    series: car?.series_number ?? null,
  })
  // A model chosen elsewhere (by VIN, or restored from the URL) moves the selects with it; adjusted while
  // rendering, so the selects never show the old brand beside the new model.
  const carChoice =
    car?.brand_number && car.series_number ? `${car.brand_number}\n${car.series_number}` : null
  const [seenCar, setSeenCar] = useState(carChoice)
  if (carChoice !== seenCar) {
    setSeenCar(carChoice)
    if (car && carChoice) setChoice({ brand: car.brand_number, series: car.series_number })
  }
  const { brand, series } = choice
  const brands = useCarBrands()
  const seriesList = useCarSeries(brand)
  const models = useCarModels(series)
  const modelCode = car && car.series_number === series ? car.ModelId : null
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
        onChange={(value: string) => setChoice({ brand: value, series: null })}
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
        onChange={(value: string) => setChoice({ brand, series: value })}
      />
      <Select
        aria-label="车型"
        placeholder="车型"
        style={{ width: 320 }}
        disabled={!series}
        loading={models.isLoading}
        value={modelCode}
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
  modelCode,
  car,
  vin,
}: {
  modelCode: string | null
  car: CarInfo | null
  vin: string
}) {
  if (!modelCode) {
    return <Typography.Text type="secondary">请先按车架号或车型选择车辆</Typography.Text>
  }
  return (
    <div
      data-testid="smart-vehicle"
      style={{ display: 'flex', alignItems: 'baseline', gap: 10, minWidth: 0, fontWeight: 'normal' }}
    >
      <Typography.Text strong ellipsis style={{ fontSize: 15 }}>
        {car?.car_name ?? modelCode}
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
  modelCode,
  car,
  vin,
  onPick,
  vinInputRef,
}: {
  modelCode: string | null
  car: CarInfo | null
  /** The VIN the current model was found by, if any. */
  vin: string
  onPick: (car: CarInfo, vin: string | null) => void
  vinInputRef?: Ref<InputRef>
}) {
  const queryClient = useQueryClient()
  const [mode, setMode] = useState<Mode>(modelCode && !vin ? 'model' : 'vin')
  // A VIN arriving through the URL (the header's return to the last result) replaces what was typed.
  const [draft, setDraft] = useDraft(vin)
  // The VIN asked for last: its answer shows below, and an older answer arriving late picks nothing.
  const [asked, setAsked] = useState<string | null>(null)
  const latest = useRef<string | null>(null)
  const answer = useVinQuery(asked)
  const data = asked && answer.data?.vinCode === asked ? answer.data : undefined

  // A VIN of one model picks it at once, each time it is asked; several models wait for a choice below.
  const submit = async (raw: string) => {
    const decoded = decodeVin(raw)
    if (!decoded.valid) {
      feedback.warning(decoded.errors[0] ?? VinMessages.length)
      return
    }
    setDraft(decoded.vin)
    setAsked(decoded.vin)
    latest.current = decoded.vin
    const found = await queryClient.fetchQuery(vinQueryOptions(decoded.vin)).catch(() => null)
    const only = found?.status === 'one' ? found.models[0] : undefined
    if (only && latest.current === decoded.vin) onPick(only, decoded.vin)
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
            onSubmit={(v) => void submit(v)}
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
                  type={m.ModelId === modelCode ? 'primary' : 'default'}
                  onClick={() => onPick(m, data.vinCode)}
                >
                  {m.car_name}
                  <span style={{ color: m.ModelId === modelCode ? undefined : '#8c8c8c', fontSize: 12 }}>
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
          description={
            <>
              {`${data.decode.brand ? `该车架号属于${data.decode.brand}，但` : ''}车型库中暂无此车型，请改为按车型选择。`}
              <MeantVins
                typed={data.vinCode}
                meant={data.meant}
                onQueryVin={(v) => void submit(v)}
                autoFocus
              />
            </>
          }
        />
      )}
    </div>
  )
}
