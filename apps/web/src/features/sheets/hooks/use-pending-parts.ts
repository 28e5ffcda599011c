// The hand-over from the catalogue screens (links.ts): parts in the `db` parameter wait here for a sheet,
// the selected one or the one the user creates next; `OrderId` (the header popover's rows) selects a sheet.
// Both parameters leave the URL once read, so a reload does not add the parts again.
import { type SheetKind, SheetMessages } from '@epc/shared'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { feedback } from '../../../lib/feedback'
import { useSession } from '../../../lib/session'
import { useAddSheetLine } from '../api/add-sheet-line'
import { type PendingPart, pendingLine, readPendingParts } from '../links'
import { SHEET_TEXTS } from '../texts'
import type { NewSheetLine, SheetRow } from '../types'

interface Selection {
  selectedId: string | null
  selected: SheetRow | null
  select: (orderId: string | null) => void
}

export function usePendingParts(
  kind: SheetKind,
  { selectedId, selected, select }: Selection,
  open: { addDialog: () => void; createDialog: () => void },
) {
  const [params, setParams] = useSearchParams()
  const [pending, setPending] = useState<PendingPart[]>([])
  // The parts still wait for a sheet to go to, once it is known which.
  const [routing, setRouting] = useState(false)

  const urlOrderId = params.get('OrderId')
  const db = params.get('db')
  useEffect(() => {
    if (!urlOrderId && db === null) return
    if (urlOrderId) select(urlOrderId)
    const parts = readPendingParts(db)
    if (parts.length) {
      setPending(parts)
      setRouting(true)
    }
    setParams(
      (p) => {
        p.delete('OrderId')
        p.delete('db')
        return p
      },
      { replace: true },
    )
  }, [urlOrderId, db, select, setParams])

  // The selected sheet takes them once its row is known; without one the user is told and creates one.
  const name = SHEET_TEXTS[kind].name
  const { addDialog, createDialog } = open
  useEffect(() => {
    if (!routing || !pending.length) return
    if (selected) {
      setRouting(false)
      addDialog()
    } else if (!selectedId) {
      setRouting(false)
      feedback.warning(`未选择${name}，请新建${name}，待添加的配件将加入新单`)
      createDialog()
    }
  }, [routing, pending.length, selected, selectedId, name, addDialog, createDialog])

  // Spec section 4: creating a sheet adds the waiting parts to it. Those with a price go on at once; the
  // others need a price typed, and one the server did not take (a part twice, 10003, or a failure the API
  // client announced) is offered again, both through the add dialog once the new sheet's row is known.
  const addLine = useAddSheetLine(kind)
  const userName = useSession((s) => s.info?.UserName ?? '')
  const tryAdd = (line: NewSheetLine) =>
    addLine.mutateAsync(line).then(
      () => true,
      () => false,
    )
  const toNewSheet = async (orderId: string) => {
    const parts = pending
    setPending([])
    const left: PendingPart[] = []
    let added = 0
    for (const part of parts) {
      const line = pendingLine(kind, part, orderId, userName)
      if (line && (await tryAdd(line))) added += 1
      else left.push(part)
    }
    if (added) feedback.success(SheetMessages.added)
    setPending(left)
    setRouting(left.length > 0)
  }

  return {
    pending,
    /** The parts not added when the add dialog closed; the rest are done or dropped. */
    keep: setPending,
    discard: () => setPending([]),
    /** A sheet was just created: the waiting parts go to it. */
    toNewSheet,
  }
}
