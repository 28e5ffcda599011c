// The quotation (报价单) and purchase-order (采购单) screen: the paged, searchable list (query and page in
// the URL), the selected sheet (kept locally, re-highlighted) with its header and lines, and the dialogs.
// Parts handed over in the `db` parameter go to the selected sheet, or to the one the user creates next.
import {
  DeleteOutlined,
  EditOutlined,
  FileExcelOutlined,
  PlusOutlined,
  PrinterOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons'
import { type QuotationLine, SHEET_PAGE_SIZE } from '@epc/shared'
import { useQueryClient } from '@tanstack/react-query'
import type { InputRef } from 'antd'
import { Alert, Button, Card, Descriptions, Empty, Input, Modal, Tooltip } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useDisplaySize } from '../../../lib/display-size'
import { feedback } from '../../../lib/feedback'
import { useCloseWhenHidden } from '../../../lib/keep-alive'
import { useShortcut } from '../../../lib/keyboard'
import { useCompanyInfo } from '../../account/api/get-company-info'
import { useSession } from '../../auth/session'
import { formatMoney } from '../../catalogue/format'
import {
  deleteLine,
  deleteSheet,
  type SheetLine,
  type SheetRow,
  sheetListKey,
  useSheetById,
  useSheetLines,
  useSheetPage,
} from '../api/sheets'
import { openSheet, type PendingPart, readPendingParts, type SheetKind } from '../links'
import { openPrintView } from '../print/links'
import { useSelectedSheet } from '../selection'
import { SHEET_TEXTS } from '../texts'
import { AddPartDialog } from './AddPartDialog'
import { LineEditDialog } from './LineEditDialog'
import { SheetFormDialog } from './SheetFormDialog'
import { SheetLines } from './SheetLines'
import { SheetList } from './SheetList'
import styles from './Sheets.module.css'
import { ToPurchaseDialog } from './ToPurchaseDialog'

type FormState = { mode: 'create' } | { mode: 'edit'; sheet: SheetRow } | null

export function SheetsScreen({ kind }: { kind: SheetKind }) {
  const texts = SHEET_TEXTS[kind]
  const quote = kind === 'quote'
  const queryClient = useQueryClient()
  const [modal, modalHolder] = Modal.useModal()
  const displaySize = useDisplaySize()
  const tableSize = displaySize === 'large' ? 'middle' : 'small'
  const info = useSession((s) => s.info)
  const company = useCompanyInfo()

  const [params, setParams] = useSearchParams()
  const keyText = params.get('q') ?? ''
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)
  const [search, setSearch] = useState(keyText)
  const searchRef = useRef<InputRef>(null)
  useEffect(() => setSearch(keyText), [keyText])

  const [selectedId, select] = useSelectedSheet(kind)
  const list = useSheetPage(kind, keyText, page)
  const rows = list.data?.rows ?? []
  const total = list.data?.total ?? 0
  const inPage = rows.find((r) => r.OrderId === selectedId) ?? null
  // The selection may sit on another page or outside the search: it is then looked up by its number.
  const byId = useSheetById(kind, selectedId, list.isSuccess && !list.isFetching && !inPage)
  const selected = inPage ?? (byId.data?.OrderId === selectedId ? byId.data : null)
  const lines = useSheetLines(kind, selected?.OrderId ?? null)
  const lineList = lines.data ?? []

  const [form, setForm] = useState<FormState>(null)
  const [addOpen, setAddOpen] = useState(false)
  const [editLine, setEditLine] = useState<SheetLine | null>(null)
  const [pickedIds, setPickedIds] = useState<number[]>([])
  const [toPurchase, setToPurchase] = useState(false)
  // Parts handed over by a catalogue screen; `route` says they still wait for a sheet to go to.
  const [pending, setPending] = useState<PendingPart[]>([])
  const [route, setRoute] = useState(false)

  useCloseWhenHidden(!!form, () => setForm(null))
  useCloseWhenHidden(addOpen, () => setAddOpen(false))
  useCloseWhenHidden(!!editLine, () => setEditLine(null))
  useCloseWhenHidden(toPurchase, () => setToPurchase(false))

  // A sheet deleted elsewhere is forgotten once the look-up says it is gone.
  useEffect(() => {
    if (selectedId && byId.isSuccess && byId.data === null) select(null)
  }, [selectedId, byId.isSuccess, byId.data, select])

  // Ticked lines belong to one sheet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the selected sheet changes
  useEffect(() => setPickedIds([]), [selected?.OrderId])

  // ?OrderId= (the header popover) selects a sheet; ?db= hands over parts. Both leave the URL once read,
  // so a reload does not add the parts again.
  const urlOrderId = params.get('OrderId')
  const db = params.get('db')
  useEffect(() => {
    if (!urlOrderId && db === null) return
    if (urlOrderId) select(urlOrderId)
    const parts = readPendingParts(db)
    if (parts.length) {
      setPending(parts)
      setRoute(true)
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

  // Pending parts go to the selected sheet; without one the user is told and creates one.
  useEffect(() => {
    if (!route || !pending.length) return
    if (selected) {
      setRoute(false)
      setAddOpen(true)
    } else if (!selectedId) {
      setRoute(false)
      feedback.warning(`未选择${texts.name}，请新建${texts.name}，待添加的配件将加入新单`)
      setForm({ mode: 'create' })
    }
  }, [route, pending.length, selected, selectedId, texts.name])

  const refresh = () => queryClient.invalidateQueries({ queryKey: sheetListKey(kind) })

  const setPage = (next: number) =>
    setParams((p) => {
      if (next > 1) p.set('page', String(next))
      else p.delete('page')
      return p
    })

  // A page emptied by a delete shows the last page that still has sheets.
  const emptied = list.isSuccess && !list.isPlaceholderData && !rows.length && page > 1 && total > 0
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page turns out empty
  useEffect(() => {
    if (emptied) setPage(Math.ceil(total / SHEET_PAGE_SIZE))
  }, [emptied, total])

  const runSearch = (text: string) =>
    setParams((p) => {
      const q = text.trim()
      if (q) p.set('q', q)
      else p.delete('q')
      p.delete('page')
      return p
    })

  const onSaved = (orderId: string, created: boolean) => {
    setForm(null)
    void queryClient.invalidateQueries({ queryKey: ['sheets', 'options'] })
    if (created) {
      select(orderId)
      // The new sheet is the newest: show it at the top of an unfiltered list.
      setParams((p) => {
        p.delete('q')
        p.delete('page')
        return p
      })
      if (pending.length) setRoute(true)
    }
    void refresh()
  }

  const removeSheet = async (sheet: SheetRow) => {
    const yes = await modal.confirm({
      title: `确定删除${texts.name} ${sheet.OrderId}？`,
      content: '单中的配件明细将一并删除，且不能恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
    })
    if (!yes || !(await deleteSheet(kind, sheet))) return
    feedback.success(texts.deleted)
    if (selectedId === sheet.OrderId) select(null)
    void refresh()
  }

  const removeLine = async (line: SheetLine) => {
    const yes = await modal.confirm({
      title: `确定删除配件 ${line.part_number}？`,
      content: line.part_name || undefined,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
    })
    if (!yes || !(await deleteLine(kind, { OrderId: line.OrderId, Id: line.Id }))) return
    feedback.success('删除成功！')
    void refresh()
  }

  const openAdd = () => {
    if (!selected) {
      feedback.warning(`请先选择或新建${texts.name}`)
      return
    }
    setAddOpen(true)
  }

  const exportExcel = () => {
    const companyName = company.data?.client_com_name ?? info?.UserCompanyName ?? ''
    void import('../export/excel').then((m) => {
      if (m.canExport(selected, lineList, kind)) return m.exportSheet(kind, selected, lineList, companyName)
    })
  }

  const print = () => {
    if (!selected) {
      feedback.warning(`请选择所要打印的${texts.name}`)
      return
    }
    openPrintView(kind, selected.OrderId)
  }

  const anyDialog = !!form || addOpen || !!editLine || toPurchase
  useShortcut('F1', () => searchRef.current?.focus({ cursor: 'all' }), !anyDialog)
  useShortcut('F2', openAdd, !anyDialog)

  const picked = lineList.filter((l) => pickedIds.includes(l.Id)) as QuotationLine[]

  const detailItems = selected
    ? [
        { key: 'client', label: texts.client.label, children: selected.ClientName || '-' },
        { key: 'carNo', label: '车牌号', children: selected.carNo || '-' },
        {
          key: 'vin',
          label: '车架号',
          children: <span className={styles.partNumber}>{selected.VIN || '-'}</span>,
        },
        { key: 'carType', label: '车型', children: selected.carType || '-', span: 2 },
        { key: 'remark', label: texts.remark.label, children: selected.remark || '-' },
        { key: 'maker', label: '制单人', children: selected.makeorder_user || '-' },
        { key: 'time', label: '创建时间', children: selected.CreateTime },
        {
          key: 'total',
          label: '合计金额',
          children: <span className={styles.total}>{formatMoney(selected.total_Money)}</span>,
        },
      ]
    : []

  return (
    <div className={styles.page} data-testid={`sheets-${kind}`}>
      {modalHolder}
      {pending.length > 0 && !addOpen && !form && (
        <Alert
          type="info"
          showIcon
          data-testid="pending-banner"
          title={`有 ${pending.length} 个待添加的配件：${pending
            .slice(0, 3)
            .map((p) => p.disp_number)
            .join('、')}${pending.length > 3 ? ' 等' : ''}`}
          description={`选择一张${texts.name}后点击「添加到此单」，或新建${texts.name}。`}
          action={
            <div style={{ display: 'flex', gap: 8 }}>
              <Button size="small" type="primary" disabled={!selected} onClick={() => setAddOpen(true)}>
                添加到此单
              </Button>
              <Button size="small" onClick={() => setForm({ mode: 'create' })}>
                新建{texts.name}
              </Button>
              <Button size="small" type="text" onClick={() => setPending([])}>
                放弃
              </Button>
            </div>
          }
        />
      )}
      <div className={styles.grid}>
        <Card
          size="small"
          title={
            <div className={styles.cardTitle}>
              <h4>{texts.name}</h4>
              <span className={styles.sub}>共有 {total} 条记录</span>
            </div>
          }
          extra={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ mode: 'create' })}>
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
            placeholder={`单号 / 车牌号 / 车架号 / ${quote ? '客户' : '供应商'} / 车型（F1）`}
          />
          <SheetList
            kind={kind}
            rows={rows}
            total={total}
            page={page}
            loading={list.isFetching}
            selectedId={selectedId}
            size={tableSize}
            onSelect={(row) => select(row.OrderId)}
            onPage={setPage}
          />
        </Card>

        <Card
          size="small"
          data-testid="sheet-detail"
          title={
            selected ? (
              <div className={styles.cardTitle}>
                <h4>
                  {texts.name} <span className={styles.orderId}>{selected.OrderId}</span>
                </h4>
              </div>
            ) : (
              <div className={styles.cardTitle}>
                <h4>{texts.name}详情</h4>
              </div>
            )
          }
          extra={
            selected && (
              <div style={{ display: 'flex', gap: 8 }}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setForm({ mode: 'edit', sheet: selected })}
                >
                  编辑
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => void removeSheet(selected)}
                >
                  删除
                </Button>
              </div>
            )
          }
        >
          {selected ? (
            <>
              <Descriptions
                size="small"
                bordered
                column={{ xs: 1, sm: 2, md: 3, lg: 3, xl: 3, xxl: 3 }}
                items={detailItems}
                data-testid="sheet-header"
              />
              <div className={styles.toolbar}>
                <Button type="primary" icon={<PlusOutlined />} onClick={openAdd}>
                  添加配件 (F2)
                </Button>
                {quote && (
                  <Tooltip title={picked.length ? '' : '先在下表中勾选要采购的配件'}>
                    <Button
                      icon={<ShoppingCartOutlined />}
                      disabled={!picked.length}
                      onClick={() => setToPurchase(true)}
                    >
                      生成采购单{picked.length ? ` (${picked.length})` : ''}
                    </Button>
                  </Tooltip>
                )}
                {/* Excel export and printing live in ../export and ../print (another module's work). */}
                <Button icon={<FileExcelOutlined />} onClick={exportExcel} data-testid="export-excel">
                  导出Excel
                </Button>
                <Button icon={<PrinterOutlined />} onClick={print} data-testid="print-sheet">
                  打印
                </Button>
              </div>
              <SheetLines
                kind={kind}
                lines={lineList}
                loading={lines.isLoading}
                size={tableSize}
                selectedIds={pickedIds}
                onSelectIds={setPickedIds}
                onEdit={setEditLine}
                onDelete={(line) => void removeLine(line)}
              />
            </>
          ) : (
            <Empty
              className={styles.empty}
              description={
                selectedId && (list.isFetching || byId.isFetching)
                  ? '正在加载…'
                  : `请在${displaySize === 'large' ? '左侧' : '上方'}列表中选择一张${texts.name}，或新建${texts.name}`
              }
            >
              <Button icon={<PlusOutlined />} onClick={() => setForm({ mode: 'create' })}>
                新建{texts.name}
              </Button>
            </Empty>
          )}
        </Card>
      </div>

      <SheetFormDialog
        kind={kind}
        open={!!form}
        sheet={form?.mode === 'edit' ? form.sheet : null}
        onClose={() => setForm(null)}
        onSaved={onSaved}
      />
      <AddPartDialog
        kind={kind}
        open={addOpen && !!selected}
        sheet={selected}
        queue={pending}
        onAdded={() => void refresh()}
        onClose={(remaining) => {
          setAddOpen(false)
          setPending(remaining)
        }}
        onNewSheet={(remaining) => {
          setAddOpen(false)
          setPending(remaining)
          setForm({ mode: 'create' })
        }}
      />
      <LineEditDialog
        kind={kind}
        line={editLine}
        onClose={() => setEditLine(null)}
        onSaved={() => {
          setEditLine(null)
          void refresh()
        }}
      />
      {quote && selected && (
        <ToPurchaseDialog
          open={toPurchase}
          quote={selected}
          lines={picked}
          onClose={() => setToPurchase(false)}
          onCreated={async (orderId, withoutPrice) => {
            setToPurchase(false)
            setPickedIds([])
            void queryClient.invalidateQueries({ queryKey: sheetListKey('purchase') })
            void queryClient.invalidateQueries({ queryKey: ['sheets', 'options'] })
            if (withoutPrice) {
              feedback.warning(`${withoutPrice} 个配件暂无进价，已按 ¥0.00 添加，请在采购单中修改`)
            }
            const open = await modal.confirm({
              title: `采购单 ${orderId} 已生成`,
              content: `已加入 ${picked.length} 个配件。是否打开该采购单？`,
              okText: '打开采购单',
              cancelText: '留在此页',
            })
            if (open) openSheet('purchase', orderId)
          }}
        />
      )}
    </div>
  )
}
