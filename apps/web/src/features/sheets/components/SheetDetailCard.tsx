// The selected sheet: its header fields and total, the tools (添加配件, 生成采购单 from ticked quotation
// lines, 导出Excel, 打印) and its lines; 编辑 and 删除 for the sheet. Without a selection it says how to get one.
import {
  DeleteOutlined,
  EditOutlined,
  FileExcelOutlined,
  PlusOutlined,
  PrinterOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons'
import type { SheetKind } from '@epc/shared'
import { Button, Card, Descriptions, Empty, Tooltip } from 'antd'
import type { DisplaySize } from '../../../lib/display-size'
import { formatMoney } from '../../../lib/format'
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
  displaySize: DisplaySize
  /** Ticked quotation lines, for 生成采购单. */
  pickedIds: number[]
  onPick: (ids: number[]) => void
  onCreate: () => void
  onEdit: (sheet: SheetRow) => void
  onDelete: (sheet: SheetRow) => void
  onAddPart: () => void
  onToPurchase: () => void
  onExport: () => void
  onPrint: () => void
  onEditLine: (line: SheetLine) => void
  onDeleteLine: (line: SheetLine) => void
}

export function SheetDetailCard(props: Props) {
  const { kind, sheet, lines, displaySize, pickedIds } = props
  const texts = SHEET_TEXTS[kind]
  const quote = kind === 'quote'
  const picked = lines.filter((l) => pickedIds.includes(l.Id)).length

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
            <Button size="small" danger icon={<DeleteOutlined />} onClick={() => props.onDelete(sheet)}>
              删除
            </Button>
          </div>
        )
      }
    >
      {sheet ? (
        <>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2, md: 3, lg: 3, xl: 3, xxl: 3 }}
            items={items}
            data-testid="sheet-header"
          />
          <div className={styles.toolbar}>
            <Button type="primary" icon={<PlusOutlined />} onClick={props.onAddPart}>
              添加配件 (F2)
            </Button>
            {quote && (
              <Tooltip title={picked ? '' : '先在下表中勾选要采购的配件'}>
                <Button icon={<ShoppingCartOutlined />} disabled={!picked} onClick={props.onToPurchase}>
                  生成采购单{picked ? ` (${picked})` : ''}
                </Button>
              </Tooltip>
            )}
            <Button icon={<FileExcelOutlined />} onClick={props.onExport} data-testid="export-excel">
              导出Excel
            </Button>
            <Button icon={<PrinterOutlined />} onClick={props.onPrint} data-testid="print-sheet">
              打印
            </Button>
          </div>
          <SheetLines
            kind={kind}
            lines={lines}
            loading={props.linesLoading}
            size={displaySize === 'large' ? 'middle' : 'small'}
            selectedIds={pickedIds}
            onSelectIds={props.onPick}
            onEdit={props.onEditLine}
            onDelete={props.onDeleteLine}
          />
        </>
      ) : (
        <Empty
          className={styles.empty}
          description={
            props.resolving
              ? '正在加载…'
              : `请在${displaySize === 'large' ? '左侧' : '上方'}列表中选择一张${texts.name}，或新建${texts.name}`
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
