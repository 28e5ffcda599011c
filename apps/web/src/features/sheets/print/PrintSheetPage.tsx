// /printSheet?type=0|1&OrderId=… (打印): one quotation or purchase order laid out on A4 portrait, loaded here
// from the server and the login info, then handed to the browser's print dialog once (not with ?noprint=1).
// Its toolbar also exports the same sheet to Excel.
import { FileExcelOutlined, PrinterOutlined } from '@ant-design/icons'
import type { SheetKind } from '@epc/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Empty, Spin } from 'antd'
import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { TITLE_PREFIX } from '../../../config/brand'
import { useSession } from '../../../lib/session'
import { sheetLinesQuery } from '../api/get-sheet-lines'
import { sheetByIdQuery } from '../api/get-sheet-page'
import { canExport, exportSheet, today } from '../export/excel'
import { SHEET_TEXTS } from '../texts'
import styles from './PrintSheetPage.module.css'
import { capitalAmount, kindOfType, money, type PrintData, printData, quantity } from './print-data'

export default function PrintSheetPage() {
  const [params] = useSearchParams()
  const kind = kindOfType(params.get('type'))
  const label = SHEET_TEXTS[kind].name
  const orderId = params.get('OrderId')?.trim() ?? ''
  const noPrint = params.get('noprint') === '1'
  const company = useSession((s) => s.info?.UserCompanyName ?? '')
  // The sheet with this exact number (the list's KeyText also matches plates, VINs and names), then its lines.
  const sheet = useQuery(sheetByIdQuery(kind, orderId || null))
  const found = sheet.data ?? null
  const lines = useQuery({ ...sheetLinesQuery(kind, orderId), enabled: !!found })
  const ready = found && lines.data ? { sheet: found, lines: lines.data } : null
  const loading = !!orderId && (sheet.isPending || (!!found && lines.isPending))

  // Once the sheet is on the page (and its fonts are ready), the print dialog opens, once per visit.
  const printed = useRef(false)
  const shown = !!ready
  useEffect(() => {
    if (!shown) return
    // Save-as-PDF takes the document title as the file name.
    document.title = `${TITLE_PREFIX}打印 ${label} ${orderId}`
    if (noPrint || printed.current) return
    printed.current = true
    document.fonts.ready.then(() => window.print())
  }, [shown, noPrint, label, orderId])

  return (
    <div className={styles.screen}>
      <div className={styles.toolbar} data-testid="print-toolbar">
        <span className={styles.toolbarTitle}>
          打印{label}
          {orderId && <span className={styles.mono}> {orderId}</span>}
        </span>
        <Button
          icon={<FileExcelOutlined />}
          disabled={!ready}
          onClick={() =>
            ready &&
            canExport(kind, ready.sheet, ready.lines) &&
            exportSheet(kind, ready.sheet, ready.lines, company)
          }
        >
          导出Excel
        </Button>
        <Button type="primary" icon={<PrinterOutlined />} disabled={!ready} onClick={() => window.print()}>
          打印
        </Button>
        <Button onClick={() => window.close()}>关闭</Button>
      </div>
      {loading && (
        <div className={styles.paper}>
          <Spin style={{ display: 'block', padding: '120px 0' }} />
        </div>
      )}
      {!loading && !ready && (
        <div className={styles.paper}>
          <Empty description="抱歉，暂无数据" style={{ padding: '120px 0' }} />
        </div>
      )}
      {ready && <PrintSheet kind={kind} print={printData(kind, ready.sheet, ready.lines, company)} />}
    </div>
  )
}

function Field({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <>
      <th>{label}</th>
      <td colSpan={wide ? 3 : 1}>{value || '\u00a0'}</td>
    </>
  )
}

function PrintSheet({ kind, print }: { kind: SheetKind; print: PrintData }) {
  const { data, dataList } = print
  const quote = kind === 'quote'
  return (
    <article className={styles.paper} data-testid="print-sheet">
      <header className={styles.head}>
        {print.UserCompanyName && (
          <div className={styles.company} data-testid="print-company">
            {print.UserCompanyName}
          </div>
        )}
        <h1 className={styles.title}>{SHEET_TEXTS[kind].name}</h1>
        <div className={styles.meta}>
          <span>
            单号：<span className={styles.mono}>{data.OrderId}</span>
          </span>
          <span>打印日期：{today()}</span>
        </div>
      </header>

      <table className={styles.fields}>
        <tbody>
          <tr>
            <Field label={quote ? '客户名称' : '供应商'} value={data.ClientName} />
            <Field label="车牌号" value={data.carNo} />
          </tr>
          <tr>
            <Field label="车架号" value={data.VIN} />
            <Field label={quote ? '报价类型' : '备注'} value={data.remark} />
          </tr>
          <tr>
            <Field label="车型" value={data.carType} wide />
          </tr>
        </tbody>
      </table>

      <table className={styles.lines} data-testid="print-lines">
        <colgroup>
          {/* The amounts' columns hold ¥12,345,678.90 on one line: a wider one spilt over its borders. */}
          <col style={{ width: '7%' }} />
          <col style={{ width: '19%' }} />
          <col />
          <col style={{ width: '8%' }} />
          <col style={{ width: '14%' }} />
          <col style={{ width: '16%' }} />
          <col style={{ width: '7%' }} />
        </colgroup>
        <thead>
          <tr>
            <th>序号</th>
            <th>配件编码</th>
            <th>配件名称</th>
            <th>数量</th>
            <th>{quote ? '单价' : '进价'}</th>
            <th>金额</th>
            <th>库存</th>
          </tr>
        </thead>
        <tbody>
          {dataList.length === 0 && (
            <tr>
              <td colSpan={7} className={styles.center}>
                抱歉，暂无数据
              </td>
            </tr>
          )}
          {dataList.map((line, i) => (
            <tr key={line.Id ?? i}>
              <td className={styles.center}>{i + 1}</td>
              <td className={styles.partNumber}>{line.part_number}</td>
              <td>{line.part_name}</td>
              <td className={styles.number}>{quantity(line.Amount)}</td>
              <td className={styles.number}>{money(line.price)}</td>
              <td className={styles.number}>{money(line.money)}</td>
              <td className={styles.number}>{line.available_stock ?? 0}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className={styles.total}>
            <td colSpan={2}>合计金额（大写）</td>
            <td colSpan={2} data-testid="print-total-capital">
              {capitalAmount(print.total)}
            </td>
            <td className={styles.number}>合计</td>
            <td className={styles.number} data-testid="print-total">
              ¥{money(print.total)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>

      <footer className={styles.signature}>
        <span>
          制单人：<span className={styles.signed}>{data.makeorder_user}</span>
        </span>
        <span>
          {quote ? '客户签字' : '供应商签字'}：<span className={styles.blank} />
        </span>
        <span>
          日期：
          <span className={styles.blankShort} />
        </span>
      </footer>
    </article>
  )
}
