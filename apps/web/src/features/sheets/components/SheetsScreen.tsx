// The quotation (报价单) and purchase-order (采购单) screen: the searchable, paged list beside the selected
// sheet, and the dialogs. It only puts the pieces together: the list's URL state, the selection and the
// hand-over of parts from the catalogue are hooks (../hooks); the cards and the dialogs are components.
import type { SheetKind } from '@epc/shared'
import { useCallback, useEffect, useState } from 'react'
import { useDisplaySize } from '../../../lib/display-size'
import { feedback } from '../../../lib/feedback'
import { useCloseWhenHidden } from '../../../lib/keep-alive'
import { useShortcut } from '../../../lib/keyboard'
import { setCurrentPlace } from '../../../lib/navigation'
import { useSheetLines } from '../api/get-sheet-lines'
import { useSheetPage } from '../api/get-sheet-page'
import { usePendingParts } from '../hooks/use-pending-parts'
import { useSelectedSheet } from '../hooks/use-selected-sheet'
import { useSheetListUrl } from '../hooks/use-sheet-list-url'
import { useShownSheet } from '../hooks/use-shown-sheet'
import { SHEET_PATH } from '../links'
import { SHEET_TEXTS } from '../texts'
import type { SheetLine } from '../types'
import { PendingBanner } from './PendingBanner'
import { SheetDetailCard } from './SheetDetailCard'
import { type SheetDialog, SheetDialogs } from './SheetDialogs'
import { SheetListCard } from './SheetListCard'
import styles from './Sheets.module.css'

// One empty list, so the lines table sees no change of ticks when there are none.
const NONE_PICKED: number[] = []

export function SheetsScreen({ kind }: { kind: SheetKind }) {
  const texts = SHEET_TEXTS[kind]
  const displaySize = useDisplaySize()

  const url = useSheetListUrl()
  const list = useSheetPage(kind, url.keyText, url.page)
  const { selectedId, selected, select, prefetch, resolving } = useSelectedSheet(kind, list)
  const shown = useShownSheet(kind, selected)
  const lines = useSheetLines(kind, shown?.OrderId ?? null)
  const lineList = lines.data ?? []
  const { refetch: refetchLines } = lines
  const retryLines = useCallback(() => void refetchLines(), [refetchLines])

  const [dialog, setDialog] = useState<SheetDialog | null>(null)
  const closeDialog = useCallback(() => setDialog(null), [])
  const openAddDialog = useCallback(() => setDialog({ type: 'add' }), [])
  const openCreateDialog = useCallback(() => setDialog({ type: 'create' }), [])
  useCloseWhenHidden(!!dialog, closeDialog)
  const handover = usePendingParts(
    kind,
    { selectedId, selected, select },
    { addDialog: openAddDialog, createDialog: openCreateDialog },
  )

  // Ticked lines belong to one sheet: another selection starts with none ticked.
  const [picked, setPicked] = useState<{ orderId?: string; ids: number[] }>({ ids: [] })
  const pickedIds = picked.orderId === shown?.OrderId ? picked.ids : NONE_PICKED
  // Stable, as the lines table is memoised (SheetLines).
  const shownId = shown?.OrderId
  const onPick = useCallback((ids: number[]) => setPicked({ orderId: shownId, ids }), [shownId])
  const onEditLine = useCallback((line: SheetLine) => setDialog({ type: 'line', line }), [])

  const openAddPart = () => {
    if (!selected) {
      feedback.warning(`请先选择或新建${texts.name}`)
      return
    }
    setDialog({ type: 'add' })
  }

  const onSaved = (orderId: string, created: boolean) => {
    setDialog(null)
    if (!created) return
    select(orderId)
    url.showNewest()
    void handover.toNewSheet(orderId)
  }

  useShortcut('F2', openAddPart, !dialog)

  // Signed out by the server while working on a sheet (another device signed in), the clerk signs in again
  // and comes back to that sheet: the selection is kept in storage, which the sign-out clears, so the way
  // back carries it (?OrderId= selects a sheet, as the header popover's rows do).
  useEffect(
    () =>
      setCurrentPlace(SHEET_PATH[kind], () => {
        if (!selectedId) return null
        const params = new URLSearchParams(window.location.search)
        params.set('OrderId', selectedId)
        return `${SHEET_PATH[kind]}?${params}`
      }),
    [kind, selectedId],
  )

  return (
    <div className={styles.page} data-testid={`sheets-${kind}`}>
      {handover.pending.length > 0 && !dialog && (
        <PendingBanner
          pending={handover.pending}
          sheetName={texts.name}
          canAdd={!!selected}
          onAdd={openAddDialog}
          onCreate={openCreateDialog}
          onDiscard={handover.discard}
        />
      )}
      <div className={styles.grid}>
        <SheetListCard
          kind={kind}
          url={url}
          list={list}
          selectedId={selectedId}
          size={displaySize === 'large' ? 'middle' : 'small'}
          keysEnabled={!dialog}
          onSelect={(row) => select(row.OrderId)}
          onPress={(row) => prefetch(row.OrderId)}
          onCreate={openCreateDialog}
        />
        <SheetDetailCard
          kind={kind}
          sheet={shown}
          resolving={resolving}
          lines={lineList}
          linesLoading={lines.isLoading}
          linesFailed={lines.isError && !lines.data}
          onRetryLines={retryLines}
          displaySize={displaySize}
          pickedIds={pickedIds}
          onPick={onPick}
          onCreate={openCreateDialog}
          onEdit={(sheet) => setDialog({ type: 'edit', sheet })}
          onDeleted={(sheet) => {
            if (selectedId === sheet.OrderId) select(null)
          }}
          onAddPart={openAddPart}
          onToPurchase={() => setDialog({ type: 'toPurchase' })}
          onEditLine={onEditLine}
        />
      </div>
      <SheetDialogs
        kind={kind}
        dialog={dialog}
        selected={selected}
        shown={shown}
        pending={handover.pending}
        picked={lineList.filter((l) => pickedIds.includes(l.Id))}
        open={setDialog}
        onSaved={onSaved}
        onPendingLeft={handover.keep}
        onPurchaseCreated={() => setPicked({ ids: [] })}
      />
    </div>
  )
}
