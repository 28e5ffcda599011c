// /partsSearchNew (配件编码查询, the 4S quotation system's entry, F8): up to 50 part codes pasted at once and
// answered in one table. The query lives in the URL (?codes=A,B,C&qty=4,,2), so a reload or the header menu
// restores it, with the quantities a pasted list gave.
import { SearchOutlined } from '@ant-design/icons'
import { MAX_PART_CODES, normalizePartNumber, type PartsQueryRow } from '@epc/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Card, Empty, Input, Tag, Typography } from 'antd'
import type { TextAreaRef } from 'antd/es/input/TextArea'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { paths } from '../../../config/paths'
import { feedback } from '../../../lib/feedback'
import { useShortcut } from '../../../lib/keyboard'
import { LoadFailed } from '../../../lib/load-failed'
import { rememberPartsVariant, rememberResult } from '../../../lib/search-memory'
import { partsQueryQuery, usePartsQuery } from '../api/parts-query'
import { AddAllToSheets } from '../components/AddToSheet'
import { PartDetailDrawer } from '../components/PartDetailDrawer'
import styles from '../components/PartsSearch.module.css'
import { PartsSearchTable } from '../components/PartsSearchTable'
import {
  codesFromParam,
  codesToParam,
  codesToText,
  isPartHit,
  limitCodes,
  parseCodes,
  quantitiesFromParam,
  quantitiesToParam,
  replaceCode,
} from '../part-codes'
import { pendingPart } from '../pending-part'

export default function PartsSearchNewPage() {
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const codesParam = params.get('codes') ?? ''
  const qtyParam = params.get('qty') ?? ''
  const codes = useMemo(() => codesFromParam(codesParam), [codesParam])
  const query = usePartsQuery(codes)
  const queryClient = useQueryClient()
  const textOfUrl = () => codesToText(codes, quantitiesFromParam(codesParam, qtyParam))
  const [text, setText] = useState(textOfUrl)
  const [openPart, setOpenPart] = useState<string | null>(null)
  const inputRef = useRef<TextAreaRef>(null)
  // A query arriving in the URL from elsewhere (back, the header menu) replaces the text; the box's own query
  // keeps what was typed (its layout, codes past 50, pasted quantities). The URL changes a render after the
  // box asks (the router's update comes later), so what the box asked for is kept apart from what was seen.
  const asked = useRef<string | null>(null)
  const urlQuery = `${codesParam}&${qtyParam}`
  const [seen, setSeen] = useState(urlQuery)
  if (urlQuery !== seen) {
    setSeen(urlQuery)
    if (codesParam && urlQuery !== asked.current) setText(textOfUrl())
  }

  useEffect(() => rememberPartsVariant(paths.partsSearchNew), [])
  useEffect(() => {
    if (query.data?.length) rememberResult(4, location.pathname + location.search)
  }, [query.data, location.pathname, location.search])

  useShortcut('F1', () => inputRef.current?.focus({ cursor: 'end' }))

  const typed = useMemo(() => parseCodes(text), [text])
  const over = Math.max(0, typed.codes.length - MAX_PART_CODES)

  // The URL of a query: its codes, and the quantities the box gave them.
  const ask = (list: string[], quantities: ReadonlyMap<string, number>) => {
    const param = codesToParam(list)
    const qty = quantitiesToParam(list, quantities)
    asked.current = `${param}&${qty}`
    setParams(qty ? { codes: param, qty } : { codes: param })
  }

  const run = (list: string[]) => {
    const param = codesToParam(list)
    if (param === codesParam) void query.refetch()
    // The request leaves now rather than after the navigation has rendered the page again (~0.1 s).
    else void queryClient.prefetchQuery(partsQueryQuery(codesFromParam(param)))
    ask(list, typed.quantities)
  }

  const submit = () => {
    if (!typed.codes.length) {
      feedback.warning('请输入配件编码')
      return
    }
    const { codes: kept, dropped } = limitCodes(typed.codes)
    if (dropped) {
      feedback.warning(
        `一次最多查询${MAX_PART_CODES}个编码，已查询前${MAX_PART_CODES}个，其余${dropped}个未查询`,
      )
    }
    run(kept)
  }

  const queryRest = () => {
    const rest = typed.codes.slice(MAX_PART_CODES)
    setText(codesToText(rest, typed.quantities))
    run(limitCodes(rest).codes)
  }

  // A candidate chosen for an ambiguous code takes that code's place in the query, and in the box, where the
  // rest of its line (a pasted quantity) stays.
  const pick = (input: string, candidate: string) => {
    const number = normalizePartNumber(input)
    const list = codes.map((c) => (normalizePartNumber(c) === number ? candidate : c))
    const edited = replaceCode(text, input, candidate)
    if (edited !== null) setText(edited)
    // The candidate takes the code's quantity.
    const quantities = new Map(edited !== null ? typed.quantities : quantitiesFromParam(codesParam, qtyParam))
    const quantity = quantities.get(number)
    if (quantity) quantities.set(normalizePartNumber(candidate), quantity)
    ask(list, quantities)
    // A box that no longer holds the code shows the new query.
    if (edited === null) asked.current = null
  }

  const rows = query.data ?? []
  const hits = rows.filter(isPartHit)
  const count = (status: string) => rows.filter((r) => r.status === status).length
  // The quantity a pasted row gave the code typed; 全部加入报价单 takes each part found once, with it.
  const quantityOf = (row: PartsQueryRow) => typed.quantities.get(normalizePartNumber(row.input))
  const toQuote = [...new Map(hits.map((h) => [h.disp_number, h])).values()].map((h) =>
    pendingPart({ ...h, quantity: quantityOf(h) }),
  )

  return (
    <div className={styles.page}>
      <Card>
        <div className={styles.head}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            配件编码查询
          </Typography.Title>
          <Tag color="volcano">4S报价系统</Tag>
          <span className={styles.hint}>批量查询 4S 价格、互换件与各仓库存</span>
          <span className={styles.spacer} />
          <Link to={paths.partsSearch}>切换到单个查询</Link>
        </div>
        <Input.TextArea
          ref={inputRef}
          className={styles.codes}
          style={{ marginTop: 12 }}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault()
              submit()
            }
          }}
          autoSize={{ minRows: 4, maxRows: 10 }}
          autoFocus
          spellCheck={false}
          aria-label="配件编码"
          placeholder={`每行一个配件编码，或用逗号、空格分隔，一次最多${MAX_PART_CODES}个；可直接粘贴 Excel 中的一列或整行（名称、数量、金额自动略去）。\n带空格的编码（如 5Q0 927 078 G）请每行一个。按 F1 定位到此处，Ctrl+Enter 查询`}
        />
        <div className={styles.bar}>
          <Button
            type="primary"
            icon={<SearchOutlined />}
            onClick={submit}
            // Busy only while the codes in the box are being answered: a busy button ignores clicks, and
            // other codes typed meanwhile must be asked, not dropped while the older answer shows.
            loading={query.isFetching && codesToParam(limitCodes(typed.codes).codes) === codesParam}
          >
            查询
          </Button>
          <Button onClick={() => setText('')} disabled={!text}>
            清空
          </Button>
          <span className={over ? styles.over : styles.hint} data-testid="codes-count">
            已输入 {typed.codes.length} 个编码（最多{MAX_PART_CODES}个）
            {typed.duplicates > 0 && `，已忽略重复 ${typed.duplicates} 个`}
            {typed.ignored > 0 && `，已略去名称、数量、金额 ${typed.ignored} 项`}
          </span>
          {over > 0 && (
            <span className={styles.over} data-testid="codes-over">
              超出{MAX_PART_CODES}个，仅查询前{MAX_PART_CODES}个，其余{over}个本次不查询
              <Button type="link" size="small" onClick={queryRest}>
                查询其余{over}个
              </Button>
            </span>
          )}
          <span className={styles.spacer} />
          <span className={styles.hint}>Ctrl+Enter 查询</span>
        </div>
      </Card>

      <Card
        size="small"
        extra={toQuote.length > 0 && <AddAllToSheets parts={toQuote} purchase />}
        title={
          codes.length ? (
            <div className={styles.summary} data-testid="parts-summary">
              <span>共 {codes.length} 个编码</span>
              {query.data && (
                <>
                  <Tag color="green">找到 {hits.length}</Tag>
                  {count('superseded') > 0 && <Tag color="orange">已替换 {count('superseded')}</Tag>}
                  {count('prefix') > 0 && <Tag color="blue">前缀匹配 {count('prefix')}</Tag>}
                  {count('several') > 0 && <Tag color="gold">多个匹配 {count('several')}</Tag>}
                  {count('similar') > 0 && <Tag color="gold">疑似输错 {count('similar')}</Tag>}
                  {count('none') > 0 && <Tag>未找到 {count('none')}</Tag>}
                  {hits.some((h) => h.sales_banned) && (
                    <Tag color="red">停售 {hits.filter((h) => h.sales_banned).length}</Tag>
                  )}
                </>
              )}
            </div>
          ) : (
            '查询结果'
          )
        }
      >
        {codes.length && query.isError && !query.data ? (
          <LoadFailed
            text="查询失败，请检查网络后重试"
            action="重新查询"
            onRetry={() => void query.refetch()}
          />
        ) : codes.length ? (
          <PartsSearchTable
            rows={rows}
            loading={query.isLoading}
            onOpen={setOpenPart}
            onPick={pick}
            quantityOf={quantityOf}
          />
        ) : (
          <Empty description="输入配件编码后点击查询，结果显示在这里" />
        )}
      </Card>
      <PartDetailDrawer partNumber={openPart} onClose={() => setOpenPart(null)} />
    </div>
  )
}
