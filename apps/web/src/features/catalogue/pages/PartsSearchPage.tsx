// /partsSearch (配件编码查询, the older single-code variant): one code, answered as a card with the 4S price,
// substitutes and stock per warehouse. The code lives in the URL (?code=), so a reload restores it.
import { normalizePartNumber } from '@epc/shared'
import type { InputRef } from 'antd'
import { Card, Empty, Input, Skeleton, Tag, Typography } from 'antd'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { paths } from '../../../config/paths'
import { feedback } from '../../../lib/feedback'
import { useShortcut } from '../../../lib/keyboard'
import { LoadFailed } from '../../../lib/load-failed'
import { rememberPartsVariant, rememberResult } from '../../../lib/search-memory'
import { useDraft } from '../../../lib/use-draft'
import { usePartsQuery } from '../api/parts-query'
import { PartDetailDrawer } from '../components/PartDetailDrawer'
import styles from '../components/PartsSearch.module.css'
import { PartsSearchResultCard } from '../components/PartsSearchResultCard'

export default function PartsSearchPage() {
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const code = (params.get('code') ?? '').trim()
  const codes = useMemo(() => (normalizePartNumber(code) ? [code] : []), [code])
  const query = usePartsQuery(codes)
  // The box follows the URL when it changes from outside (reload, back, header menu, a chosen candidate).
  const [text, setText] = useDraft(code, Boolean)
  const [openPart, setOpenPart] = useState<string | null>(null)
  const inputRef = useRef<InputRef>(null)

  useEffect(() => rememberPartsVariant(paths.partsSearch), [])
  useEffect(() => {
    if (query.data?.length) rememberResult(4, location.pathname + location.search)
  }, [query.data, location.pathname, location.search])

  useShortcut('F1', () => inputRef.current?.focus({ cursor: 'all' }))

  const submit = (value: string) => {
    const next = value.trim().replace(/\s+/g, ' ')
    if (!normalizePartNumber(next)) {
      feedback.warning('请输入配件编码')
      return
    }
    if (next === code) void query.refetch()
    else setParams({ code: next })
  }

  return (
    <div
      className={styles.page}
      style={{ maxWidth: 1280, margin: '0 auto', width: '100%', boxSizing: 'border-box' }}
    >
      <Card>
        <div className={styles.head}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            配件编码查询
          </Typography.Title>
          <Tag color="volcano">4S报价系统</Tag>
          <span className={styles.spacer} />
          <Link to={paths.partsSearchNew}>切换到批量查询</Link>
        </div>
        <Input.Search
          ref={inputRef}
          style={{ marginTop: 12, maxWidth: 640 }}
          className={styles.codes}
          size="large"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(value, _e, info) => {
            if (info?.source !== 'clear') submit(value)
          }}
          enterButton="查询"
          allowClear
          autoFocus
          spellCheck={false}
          autoComplete="off"
          // Busy only while the code in the box is being answered (antd's search box ignores Enter while busy).
          loading={query.isFetching && text.trim().replace(/\s+/g, ' ') === code}
          aria-label="配件编码"
          placeholder="请输入配件编码，如 5Q0 615 301 F（空格、横线可省略），按 F1 定位到此处"
        />
      </Card>
      {!code && (
        <Card>
          <Empty description="输入配件编码后按回车查询，可查看 4S 价格、互换件与各仓库存" />
        </Card>
      )}
      {code && query.isLoading && (
        <Card>
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
      )}
      {code && !query.isLoading && !query.data?.length && (
        <Card>
          {query.isError ? (
            <LoadFailed
              text="查询失败，请检查网络后重试"
              action="重新查询"
              onRetry={() => void query.refetch()}
            />
          ) : (
            <Empty description="抱歉，暂无数据" />
          )}
        </Card>
      )}
      {query.data?.map((row) => (
        <PartsSearchResultCard
          key={row.input}
          row={row}
          onOpen={setOpenPart}
          onPick={(_input, candidate) => setParams({ code: candidate })}
        />
      ))}
      <PartDetailDrawer partNumber={openPart} onClose={() => setOpenPart(null)} />
    </div>
  )
}
