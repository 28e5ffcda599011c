// The quotation (报价单) and purchase-order (采购单) screen: the searchable, paged list beside the selected
// sheet, and the dialogs. Each job has its own place: the list's URL state, the selection and the hand-over
// of parts from the catalogue are hooks (../hooks), the two cards and the dialogs are components.
import { PlusOutlined } from '@ant-design/icons'
import type { SheetKind } from '@epc/shared'
import type { InputRef } from 'antd'
import { Button, Card, Input, Modal } from 'antd'
import { useCallback, useRef, useState } from 'react'
import { useDisplaySize } from '../../../lib/display-size'
import { feedback } from '../../../lib/feedback'
import { useCloseWhenHidden } from '../../../lib/keep-alive'
import { useShortcut } from '../../../lib/keyboard'
import { useSession } from '../../../lib/session'
import { useDraft } from '../../../lib/use-draft'
import { useCompanyInfo } from '../../account'
import { useDeleteSheet } from '../api/delete-sheet'
import { useDeleteSheetLine } from '../api/delete-sheet-line'
import { useSheetLines } from '../api/get-sheet-lines'
import { useSheetPage } from '../api/get-sheet-page'
import { usePendingParts } from '../hooks/use-pending-parts'
import { useSelectedSheet } from '../hooks/use-selected-sheet'
import { useSheetListUrl } from '../hooks/use-sheet-list-url'
import { openSheet } from '../links'
import { openPrintView } from '../print/links'
import { SHEET_TEXTS } from '../texts'
import type { SheetLine, SheetRow } from '../types'
import { AddPartDialog } from './AddPartDialog'
import { LineEditDialog } from './LineEditDialog'
import { PendingBanner } from './PendingBanner'
import { SheetDetailCard } from './SheetDetailCard'
import { SheetFormDialog } from './SheetFormDialog'
import { SheetList } from './SheetList'
import styles from './Sheets.module.css'
import { ToPurchaseDialog } from './ToPurchaseDialog'

/** The one dialog open at a time. */
type Dialog =
  | { type: 'create' }
  | { type: 'edit'; sheet: SheetRow }
  | { type: 'add' }
  | { type: 'line'; line: SheetLine }
  | { type: 'toPurchase' }

export function SheetsScreen({ kind }: { kind: SheetKind }) {
  const texts = SHEET_TEXTS[kind]
  const [modal, modalHolder] = Modal.useModal()
  const displaySize = useDisplaySize()
  const userCompany = useSession((s) => s.info?.UserCompanyName ?? '')
  const company = useCompanyInfo()

  const url = useSheetListUrl()
  const list = useSheetPage(kind, url.keyText, url.page)
  const rows = list.data?.rows ?? []
  const { selectedId, selected, select, resolving } = useSelectedSheet(kind, list)
  const lines = useSheetLines(kind, selected?.OrderId ?? null)
  const lineList = lines.data ?? []
  const deleteSheet = useDeleteSheet(kind)
  const deleteLine = useDeleteSheetLine(kind)

  const [dialog, setDialog] = useState<Dialog | null>(null)
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
  const pickedIds = picked.orderId === selected?.OrderId ? picked.ids : []
  const pickedLines = lineList.filter((l) => pickedIds.includes(l.Id))

  const [search, setSearch] = useDraft(url.keyText)
  const searchRef = useRef<InputRef>(null)

  const runSearch = (text: string) => {
    url.search(text)
    // A list that failed to load is loaded again by the same search.
    if (list.isError && text.trim() === url.keyText && url.page === 1) void list.refetch()
  }

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
    handover.routeToNewSheet()
  }

  const removeSheet = async (sheet: SheetRow) => {
    const yes = await modal.confirm({
      title: `确定删除${texts.name} ${sheet.OrderId}？`,
      content: '单中的配件明细将一并删除，且不能恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
    })
    if (!yes || !(await deleteSheet.mutateAsync(sheet).then(succeeded, failed))) return
    feedback.success(texts.deleted)
    if (selectedId === sheet.OrderId) select(null)
  }

  const removeLine = async (line: SheetLine) => {
    const yes = await modal.confirm({
      title: `确定删除配件 ${line.part_number}？`,
      content: line.part_name || undefined,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
    })
    if (!yes || !(await deleteLine.mutateAsync(line).then(succeeded, failed))) return
    feedback.success('删除成功！')
  }

  const exportExcel = () => {
    const companyName = company.data?.client_com_name ?? userCompany
    void import('../export/excel').then((m) => {
      if (m.canExport(kind, selected, lineList)) return m.exportSheet(kind, selected, lineList, companyName)
    })
  }

  const print = () => {
    if (!selected) {
      feedback.warning(`请选择所要打印的${texts.name}`)
      return
    }
    openPrintView(kind, selected.OrderId)
  }

  const onPurchaseCreated = async (orderId: string, withoutPrice: number) => {
    setDialog(null)
    setPicked({ ids: [] })
    if (withoutPrice) {
      feedback.warning(`${withoutPrice} 个配件暂无进价，已按 ¥0.00 添加，请在采购单中修改`)
    }
    const open = await modal.confirm({
      title: `采购单 ${orderId} 已生成`,
      content: `已加入 ${pickedLines.length} 个配件。是否打开该采购单？`,
      okText: '打开采购单',
      cancelText: '留在此页',
    })
    if (open) openSheet('purchase', orderId)
  }

  useShortcut('F1', () => searchRef.current?.focus({ cursor: 'all' }), !dialog)
  useShortcut('F2', openAddPart, !dialog)

  return (
    <div className={styles.page} data-testid={`sheets-${kind}`}>
      {modalHolder}
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
        <Card
          size="small"
          title={
            <div className={styles.cardTitle}>
              <h4>{texts.name}</h4>
              <span className={styles.sub}>共有 {list.data?.total ?? 0} 条记录</span>
            </div>
          }
          extra={
            <Button type="primary" icon={<PlusOutlined />} onClick={openCreateDialog}>
              新建{texts.name}
            </Button>
          }
        >
          <Input.Search
            ref={searchRef}
            className={styles.search}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={runSearch}
            allowClear
            enterButton="搜索"
            maxLength={40}
            aria-label="搜索"
            placeholder={`单号 / 车牌号 / 车架号 / ${kind === 'quote' ? '客户' : '供应商'} / 车型（F1）`}
          />
          <SheetList
            kind={kind}
            rows={rows}
            total={list.data?.total ?? 0}
            page={url.page}
            loading={list.isFetching}
            failed={list.isError}
            onRetry={() => void list.refetch()}
            selectedId={selectedId}
            size={displaySize === 'large' ? 'middle' : 'small'}
            onSelect={(row) => select(row.OrderId)}
            onPage={url.setPage}
          />
        </Card>

        <SheetDetailCard
          kind={kind}
          sheet={selected}
          resolving={resolving}
          lines={lineList}
          linesLoading={lines.isLoading}
          displaySize={displaySize}
          pickedIds={pickedIds}
          onPick={(ids) => setPicked({ orderId: selected?.OrderId, ids })}
          onCreate={openCreateDialog}
          onEdit={(sheet) => setDialog({ type: 'edit', sheet })}
          onDelete={(sheet) => void removeSheet(sheet)}
          onAddPart={openAddPart}
          onToPurchase={() => setDialog({ type: 'toPurchase' })}
          onExport={exportExcel}
          onPrint={print}
          onEditLine={(line) => setDialog({ type: 'line', line })}
          onDeleteLine={(line) => void removeLine(line)}
        />
      </div>

      <SheetFormDialog
        kind={kind}
        open={dialog?.type === 'create' || dialog?.type === 'edit'}
        sheet={dialog?.type === 'edit' ? dialog.sheet : null}
        onClose={closeDialog}
        onSaved={onSaved}
      />
      <AddPartDialog
        kind={kind}
        open={dialog?.type === 'add' && !!selected}
        sheet={selected}
        queue={handover.pending}
        onClose={(remaining) => {
          setDialog(null)
          handover.keep(remaining)
        }}
        onNewSheet={(remaining) => {
          handover.keep(remaining)
          setDialog({ type: 'create' })
        }}
      />
      <LineEditDialog
        kind={kind}
        line={dialog?.type === 'line' ? dialog.line : null}
        onClose={closeDialog}
        onSaved={closeDialog}
      />
      {kind === 'quote' && selected && (
        <ToPurchaseDialog
          open={dialog?.type === 'toPurchase'}
          quote={selected}
          lines={pickedLines}
          onClose={closeDialog}
          onCreated={onPurchaseCreated}
        />
      )}
    </div>
  )
}

const succeeded = () => true
const failed = () => false
