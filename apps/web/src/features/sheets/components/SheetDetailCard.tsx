// The selected sheet: its header fields and total, the tools (添加配件, 生成采购单 from ticked quotation
// lines, 导出Excel, 打印) and its lines; 编辑 and 删除 for the sheet. Deleting (after a confirm), the export
// and the print view are done here; the dialogs belong to the screen. Without a selection it says how to
// get one.
import {
  DeleteOutlined,
  EditOutlined,
  FileExcelOutlined,
  PlusOutlined,
  PrinterOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons'
import type { SheetKind } from '@epc/shared'
import { Button, Card, Descriptions, Empty, Modal, Tooltip } from 'antd'
import { useCallback } from 'react'
import { type DisplaySize, useScreen } from '../../../lib/display-size'
import { feedback } from '../../../lib/feedback'
import { formatMoney } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { useCompanyInfo } from '../../account'
import { maySeeDealerPurchasePrice } from '../../host-bridge'
import { useDeleteSheet } from '../api/delete-sheet'
import { useDeleteSheetLine } from '../api/delete-sheet-line'
import { openPrintView } from '../print/links'
import { SHEET_TEXTS } from '../texts'
import type { SheetLine, SheetRow } from '../types'
import { SheetLines } from './SheetLines'
import styles from './Sheets.module.css'

interface Props {
  kind: SheetKind
  sheet: SheetRow | null
  /** A sheet is selected but not loaded yet. */
  resolving: boolean
  lines: SheetLine[]
  linesLoading: boolean
  /** The lines could not be read (SheetLines). */
  linesFailed: boolean
  onRetryLines: () => void
  displaySize: DisplaySize
  /** Ticked quotation lines, for 生成采购单. */
  pickedIds: number[]
  onPick: (ids: number[]) => void
  onCreate: () => void
  onEdit: (sheet: SheetRow) => void
  onDeleted: (sheet: SheetRow) => void
  onAddPart: () => void
  onToPurchase: () => void
  onEditLine: (line: SheetLine) => void
}

/** The window width from which Sheets.module.css puts the list beside the sheet. */
const SIDE_BY_SIDE_PX = 1280

const DELETE = { okText: '删除', okButtonProps: { danger: true }, cancelText: '取消' } as const
const succeeded = () => true
const failed = () => false

export function SheetDetailCard(props: Props) {
  const { kind, sheet, lines, displaySize, pickedIds } = props
  const texts = SHEET_TEXTS[kind]
  const quote = kind === 'quote'
  const picked = lines.filter((l) => pickedIds.includes(l.Id)).length
  const [modal, modalHolder] = Modal.useModal()
  const deleteSheet = useDeleteSheet(kind)
  const deleteLine = useDeleteSheetLine(kind)
  const info = useSession((s) => s.info)
  const userCompany = info?.UserCompanyName ?? ''
  const company = useCompanyInfo()
  // Where the list stands: beside the sheet from 1280 px up (Sheets.module.css), above it below.
  const sideBySide = useScreen((s) => s.width >= SIDE_BY_SIDE_PX)

  // A failed delete was announced by the API client.
  const removeSheet = async (target: SheetRow) => {
    const yes = await modal.confirm({
      title: `确定删除${texts.name} ${target.OrderId}？`,
      content: '单中的配件明细将一并删除，且不能恢复。',
      ...DELETE,
    })
    if (!yes || !(await deleteSheet.mutateAsync(target).then(succeeded, failed))) return
    feedback.success(texts.deleted)
    props.onDeleted(target)
  }

  // Stable, as the lines table is memoised (SheetLines).
  const { mutateAsync: deleteLineNow } = deleteLine
  const removeLine = useCallback(
    async (line: SheetLine) => {
      const yes = await modal.confirm({
        title: `确定删除配件 ${line.part_number}？`,
        content: line.part_name || undefined,
        ...DELETE,
      })
      if (!yes || !(await deleteLineNow(line).then(succeeded, failed))) return
      feedback.success('删除成功！')
    },
    [modal, deleteLineNow],
  )
  const onDeleteLine = useCallback((line: SheetLine) => void removeLine(line), [removeLine])

  const exportExcel = () => {
    const companyName = company.data?.client_com_name ?? userCompany
    const unread = props.linesFailed ? 'failed' : props.linesLoading ? 'loading' : undefined
    void import('../export/excel').then((m) => {
      if (m.canExport(kind, sheet, lines, unread)) return m.exportSheet(kind, sheet, lines, companyName)
    })
  }

  const print = () => {
    if (!sheet) {
      feedback.warning(`请选择所要打印的${texts.name}`)
      return
    }
    openPrintView(kind, sheet.OrderId)
  }

  const items = sheet
    ? [
        { key: 'client', label: texts.client.label, children: sheet.ClientName || '-' },
        { key: 'carNo', label: '车牌号', children: sheet.carNo || '-' },
        {
          key: 'vin',
          label: '车架号',
          children: <span className={styles.partNumber}>{sheet.VIN || '-'}</span>,
        },
        { key: 'carType', label: '车型', children: sheet.carType || '-', span: 2 },
        { key: 'remark', label: texts.remark.label, children: sheet.remark || '-' },
        { key: 'maker', label: '制单人', children: sheet.makeorder_user || '-' },
        { key: 'time', label: '创建时间', children: sheet.CreateTime },
        {
          key: 'total',
          label: '合计金额',
          children: <span className={styles.total}>{formatMoney(sheet.total_Money)}</span>,
        },
      ]
    : []

  return (
    <Card
      size="small"
      data-testid="sheet-detail"
      title={
        <div className={styles.cardTitle}>
          {sheet ? (
            <h4>
              {texts.name} <span className={styles.orderId}>{sheet.OrderId}</span>
            </h4>
          ) : (
            <h4>{texts.name}详情</h4>
          )}
        </div>
      }
      extra={
        sheet && (
          <div style={{ display: 'flex', gap: 8 }}>
            <Button size="small" icon={<EditOutlined />} onClick={() => props.onEdit(sheet)}>
              编辑
            </Button>
            <Button size="small" danger icon={<DeleteOutlined />} onClick={() => void removeSheet(sheet)}>
              删除
            </Button>
          </div>
        )
      }
    >
      {modalHolder}
      {sheet ? (
        <>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2, md: 3, lg: 3, xl: 3, xxl: 3 }}
            styles={{ label: { whiteSpace: 'nowrap' } }}
            items={items}
            data-testid="sheet-header"
          />
          <div className={styles.toolbar}>
            <Button type="primary" icon={<PlusOutlined />} onClick={props.onAddPart}>
              添加配件 (F2)
            </Button>
            {quote && maySeeDealerPurchasePrice(info) && (
              <Tooltip title={picked ? '' : '先在下表中勾选要采购的配件'}>
                <Button icon={<ShoppingCartOutlined />} disabled={!picked} onClick={props.onToPurchase}>
                  生成采购单{picked ? ` (${picked})` : ''}
                </Button>
              </Tooltip>
            )}
            <Button icon={<FileExcelOutlined />} onClick={exportExcel} data-testid="export-excel">
              导出Excel
            </Button>
            <Button icon={<PrinterOutlined />} onClick={print} data-testid="print-sheet">
              打印
            </Button>
          </div>
          <SheetLines
            kind={kind}
            lines={lines}
            loading={props.linesLoading}
            failed={props.linesFailed}
            onRetry={props.onRetryLines}
            size={displaySize === 'large' ? 'middle' : 'small'}
            selectedIds={pickedIds}
            onSelectIds={props.onPick}
            onEdit={props.onEditLine}
            onDelete={onDeleteLine}
          />
        </>
      ) : (
        <Empty
          className={styles.empty}
          description={
            props.resolving
              ? '正在加载…'
              : `请在${sideBySide ? '左侧' : '上方'}列表中选择一张${texts.name}，或新建${texts.name}`
          }
        >
          <Button icon={<PlusOutlined />} onClick={props.onCreate}>
            新建{texts.name}
          </Button>
        </Empty>
      )}
    </Card>
  )
}
