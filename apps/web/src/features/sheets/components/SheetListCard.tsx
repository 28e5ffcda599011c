// The list side of the sheet screen: the count, 新建, the search box (F1; its text follows the URL) and the
// paged list. Searching the same text again after a failed load loads the list again.
import { PlusOutlined } from '@ant-design/icons'
import type { SheetKind } from '@epc/shared'
import type { UseQueryResult } from '@tanstack/react-query'
import { Button, Card, Input, type InputRef } from 'antd'
import { useRef } from 'react'
import { useShortcut } from '../../../lib/keyboard'
import { useDraft } from '../../../lib/use-draft'
import type { useSheetListUrl } from '../hooks/use-sheet-list-url'
import { SHEET_TEXTS } from '../texts'
import type { SheetPage, SheetRow } from '../types'
import { SheetList } from './SheetList'
import styles from './Sheets.module.css'

interface Props {
  kind: SheetKind
  url: ReturnType<typeof useSheetListUrl>
  list: UseQueryResult<SheetPage>
  selectedId: string | null
  size: 'small' | 'middle'
  /** F1 belongs to an open dialog otherwise. */
  keysEnabled: boolean
  onSelect: (row: SheetRow) => void
  onPress: (row: SheetRow) => void
  onCreate: () => void
}

export function SheetListCard({
  kind,
  url,
  list,
  selectedId,
  size,
  keysEnabled,
  onSelect,
  onPress,
  onCreate,
}: Props) {
  const texts = SHEET_TEXTS[kind]
  const [search, setSearch] = useDraft(url.keyText)
  const searchRef = useRef<InputRef>(null)
  useShortcut('F1', () => searchRef.current?.focus({ cursor: 'all' }), keysEnabled)

  const runSearch = (text: string) => {
    url.search(text)
    if (list.isError && text.trim() === url.keyText && url.page === 1) void list.refetch()
  }

  return (
    <Card
      size="small"
      title={
        <div className={styles.cardTitle}>
          <h4>{texts.name}</h4>
          <span className={styles.sub}>共有 {list.data?.total ?? 0} 条记录</span>
        </div>
      }
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
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
        placeholder={`单号 / 车牌 / 车架号 / ${kind === 'quote' ? '客户' : '供应商'} / 车型 / 配件编码（F1）`}
      />
      <SheetList
        kind={kind}
        rows={list.data?.rows ?? []}
        total={list.data?.total ?? 0}
        page={url.page}
        loading={list.isFetching}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        selectedId={selectedId}
        size={size}
        onSelect={onSelect}
        onPress={onPress}
        onPage={url.setPage}
      />
    </Card>
  )
}
