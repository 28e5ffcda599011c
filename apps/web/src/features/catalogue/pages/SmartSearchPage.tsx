// /smartSearch (保养/事故查询): one vehicle, by VIN or by model, and two tabs on it: the parts due at a
// mileage, and the parts of the collision zones picked on a car outline. The query lives in the URL.
import type { CarInfo } from '@epc/shared'
import { Card, type InputRef, Tabs } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { useShortcut } from '../../../lib/keyboard'
import { rememberResult } from '../../../lib/search-memory'
import { useAccident } from '../api/accident'
import { useCarModel } from '../api/car-models'
import { useMaintenance } from '../api/maintenance'
import { AccidentPanel } from '../components/AccidentPanel'
import { MaintenancePanel, type MileageInputRef } from '../components/MaintenancePanel'
import { PartDetailDrawer } from '../components/PartDetailDrawer'
import { SmartCurrentVehicle, SmartVehiclePicker } from '../components/SmartVehiclePicker'
import { modelCodeOf } from '../links'

type Tab = 'maintenance' | 'accident'

/** Zone clicks come in bursts; each query counts toward the daily quota, so only a settled choice asks. */
const ZONE_SETTLE_MS = 350

function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/** The last answer stays on screen, dimmed by the table's loading state, while the next one comes. */
function useLastAnswer<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value)
  if (value !== undefined && value !== last) setLast(value)
  return value ?? last
}

function parseMileage(raw: string | null): number | null {
  if (raw === null || !/^\d{1,7}$/.test(raw)) return null
  return Number(raw)
}

export default function SmartSearchPage() {
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const tab: Tab = params.get('tab') === 'accident' ? 'accident' : 'maintenance'
  const modelCode = modelCodeOf(params)
  const vin = params.get('vin') ?? ''
  const mileage = parseMileage(params.get('mileage'))
  const zonesParam = params.get('zones') ?? ''
  const zones = zonesParam.split(',').filter(Boolean)
  const settledZones = useSettled(zonesParam, ZONE_SETTLE_MS)

  const [picked, setPicked] = useState<CarInfo | null>(null)
  const [partNumber, setPartNumber] = useState<string | null>(null)
  const vinRef = useRef<InputRef>(null)
  const mileageRef = useRef<MileageInputRef>(null)

  // A tab asks the server only once it has been opened; it stays subscribed afterwards, so switching back
  // and forth does not count as new look-ups.
  const [visited, setVisited] = useState<ReadonlySet<Tab>>(() => new Set([tab]))
  if (!visited.has(tab)) setVisited(new Set([...visited, tab]))
  const maintenance = useMaintenance(visited.has('maintenance') ? modelCode : null, mileage)
  const accident = useAccident(
    visited.has('accident') ? modelCode : null,
    settledZones.split(',').filter(Boolean),
  )
  const accidentShown = useLastAnswer(accident.data)

  const answered =
    [picked, maintenance.data?.model, accident.data?.model].find((c) => c && c.ModelId === modelCode) ?? null
  // Opened from a link or a reload before a mileage or a zone is asked, no look-up names the car yet.
  const named = useCarModel(modelCode, !answered)
  const car = answered ?? (named.data?.ModelId === modelCode ? named.data : null)

  const update = (changes: Record<string, string | null>, replace = false) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key)
          else next.set(key, value)
        }
        next.set('fromType', '3')
        return next
      },
      { replace },
    )
  }

  const result = tab === 'maintenance' ? maintenance.data : zones.length ? accident.data : undefined
  const here = location.pathname + location.search
  useEffect(() => {
    if (result) rememberResult(3, here)
  }, [result, here])

  useShortcut('F1', () => vinRef.current?.focus({ cursor: 'end' }))
  useShortcut('F2', () => {
    if (tab === 'maintenance') mileageRef.current?.focus()
  })

  return (
    <div data-testid="smart-search" style={{ padding: '16px 24px 24px', display: 'grid', gap: 16 }}>
      <Card
        size="small"
        title="保养/事故查询"
        extra={<SmartCurrentVehicle modelCode={modelCode} car={car} vin={vin} />}
      >
        <SmartVehiclePicker
          modelCode={modelCode}
          car={car}
          vin={vin}
          vinInputRef={vinRef}
          onPick={(c, fromVin) => {
            setPicked(c)
            if (c.ModelId !== modelCode || (fromVin ?? '') !== vin)
              update({ ModelId: c.ModelId, vin: fromVin })
          }}
        />
      </Card>
      <Card size="small" styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => update({ tab: key })}
          items={[
            {
              key: 'maintenance',
              label: '保养查询',
              children: (
                <MaintenancePanel
                  modelCode={modelCode}
                  mileage={mileage}
                  answer={maintenance.data}
                  loading={maintenance.isFetching}
                  inputRef={mileageRef}
                  onMileage={(km) => update({ mileage: String(km) })}
                  onOpenPart={setPartNumber}
                />
              ),
            },
            {
              key: 'accident',
              label: '事故查询',
              children: (
                <AccidentPanel
                  modelCode={modelCode}
                  selected={zones}
                  onSelect={(codes) => update({ zones: codes.join(',') }, true)}
                  answer={accidentShown}
                  loading={accident.isFetching || settledZones !== zonesParam}
                  onOpenPart={setPartNumber}
                />
              ),
            },
          ]}
        />
      </Card>
      <PartDetailDrawer partNumber={partNumber} onClose={() => setPartNumber(null)} />
    </div>
  )
}
