// The parts handed over by a catalogue screen that still wait for a sheet: the first numbers, and the ways
// on — add them to the selected sheet, create a sheet for them, or drop them.
import { Alert, Button } from 'antd'
import type { PendingPart } from '../links'

interface Props {
  pending: PendingPart[]
  sheetName: string
  canAdd: boolean
  onAdd: () => void
  onCreate: () => void
  onDiscard: () => void
}

export function PendingBanner({ pending, sheetName, canAdd, onAdd, onCreate, onDiscard }: Props) {
  const shown = pending
    .slice(0, 3)
    .map((p) => p.disp_number)
    .join('、')
  return (
    <Alert
      type="info"
      showIcon
      data-testid="pending-banner"
      title={`有 ${pending.length} 个待添加的配件：${shown}${pending.length > 3 ? ' 等' : ''}`}
      description={`选择一张${sheetName}后点击「添加到此单」，或新建${sheetName}。`}
      action={
        <div style={{ display: 'flex', gap: 8 }}>
          <Button size="small" type="primary" disabled={!canAdd} onClick={onAdd}>
            添加到此单
          </Button>
          <Button size="small" onClick={onCreate}>
            新建{sheetName}
          </Button>
          <Button size="small" type="text" onClick={onDiscard}>
            放弃
          </Button>
        </div>
      }
    />
  )
}
