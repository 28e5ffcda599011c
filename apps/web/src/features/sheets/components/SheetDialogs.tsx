// The sheet screen's dialogs, one open at a time: create or edit a sheet, add parts (the pending ones one
// after another), change a line, and 生成采购单 with the offer to open the new purchase order.
import type { SheetKind } from '@epc/shared'
import { Modal } from 'antd'
import { feedback } from '../../../lib/feedback'
import { openSheet, type PendingPart } from '../links'
import type { SheetLine, SheetRow } from '../types'
import { AddPartDialog } from './AddPartDialog'
import { LineEditDialog } from './LineEditDialog'
import { SheetFormDialog } from './SheetFormDialog'
import { ToPurchaseDialog } from './ToPurchaseDialog'

export type SheetDialog =
  | { type: 'create' }
  | { type: 'edit'; sheet: SheetRow }
  | { type: 'add' }
  | { type: 'line'; line: SheetLine }
  | { type: 'toPurchase' }

interface Props {
  kind: SheetKind
  dialog: SheetDialog | null
  selected: SheetRow | null
  /** The sheet the detail card shows (hooks/use-shown-sheet.ts), whose ticked lines 生成采购单 takes. */
  shown: SheetRow | null
  /** Parts handed over by a catalogue screen, still waiting. */
  pending: PendingPart[]
  /** Ticked quotation lines, for 生成采购单. */
  picked: SheetLine[]
  open: (dialog: SheetDialog | null) => void
  onSaved: (orderId: string, created: boolean) => void
  /** The pending parts not added when the add dialog closed. */
  onPendingLeft: (remaining: PendingPart[]) => void
  onPurchaseCreated: () => void
}

export function SheetDialogs(props: Props) {
  const { kind, dialog, selected, shown, open } = props
  const [modal, modalHolder] = Modal.useModal()
  const close = () => open(null)

  const purchaseCreated = async (orderId: string, withoutPrice: number) => {
    open(null)
    props.onPurchaseCreated()
    if (withoutPrice) {
      feedback.warning(`${withoutPrice} 个配件暂无进价，已按 ¥0.00 添加，请在采购单中修改`)
    }
    const yes = await modal.confirm({
      title: `采购单 ${orderId} 已生成`,
      content: `已加入 ${props.picked.length} 个配件。是否打开该采购单？`,
      okText: '打开采购单',
      cancelText: '留在此页',
    })
    if (yes) openSheet('purchase', orderId)
  }

  return (
    <>
      {modalHolder}
      <SheetFormDialog
        kind={kind}
        open={dialog?.type === 'create' || dialog?.type === 'edit'}
        sheet={dialog?.type === 'edit' ? dialog.sheet : null}
        onClose={close}
        onSaved={props.onSaved}
      />
      <AddPartDialog
        kind={kind}
        open={dialog?.type === 'add' && !!selected}
        sheet={selected}
        queue={props.pending}
        onClose={(remaining) => {
          close()
          props.onPendingLeft(remaining)
        }}
        onNewSheet={(remaining) => {
          props.onPendingLeft(remaining)
          open({ type: 'create' })
        }}
      />
      <LineEditDialog
        kind={kind}
        line={dialog?.type === 'line' ? dialog.line : null}
        onClose={close}
        onSaved={close}
      />
      {kind === 'quote' && shown && (
        <ToPurchaseDialog
          open={dialog?.type === 'toPurchase'}
          quote={shown}
          lines={props.picked}
          onClose={close}
          onCreated={purchaseCreated}
        />
      )}
    </>
  )
}
