// /partsDetail (配件详情): one illustration of a model — the exploded view beside its parts table, kept in
// step both ways (callout ↔ rows), arrow keys through the rows, Enter for the part-detail drawer, and the
// previous/next illustration of the model's tree, F2 for the selected part on a quotation. An embedded catalogue
// has no drawer (the part detail is not among its calls) and no sheets: Enter and a double click only pick the
// row.
import { LeftOutlined, RightOutlined, UnorderedListOutlined } from '@ant-design/icons'
import { Button, Empty, Skeleton, Tooltip } from 'antd'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { embedded } from '../../../lib/embed'
import { useShortcut } from '../../../lib/keyboard'
import { rememberResult } from '../../../lib/search-memory'
import { openSheetWindow } from '../../sheets'
import { useGroupTree } from '../api/group-tree'
import { useIllustration } from '../api/illustration'
import { IllustrationPartsTable } from '../components/IllustrationPartsTable'
import { IllustrationViewer } from '../components/IllustrationViewer'
import { PartDetailDrawer } from '../components/PartDetailDrawer'
import { VehicleHeader } from '../components/VehicleHeader'
import { fromTypeOf, modelCodeOf, partsDetailUrl, partsFilterUrl } from '../links'
import { pendingPart } from '../pending-part'
import styles from './PartsDetailPage.module.css'

/** Keys typed into these belong to the field, not to the table. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

export default function PartsDetailPage() {
  const [params, setParams] = useSearchParams()
  const { pathname, search, key: locationKey } = useLocation()
  const navigate = useNavigate()
  const modelCode = modelCodeOf(params)
  const imageid = params.get('imageid')
  const vin = params.get('vin')
  const fromType = fromTypeOf(params)
  const urlCallout = params.get('callout') ? Number(params.get('callout')) : null
  const illustration = useIllustration(modelCode, imageid)
  const tree = useGroupTree(modelCode)
  const data = illustration.data
  const parts = data?.parts ?? []

  // The URL holds the callout (reload, links from searches); the row index only tells apart rows that
  // share a callout. A row picked here counts at once: the URL follows in a navigation transition, and
  // until it has (the location is still the one the row was picked at), a key pressed meanwhile steps from
  // the picked row, not from the one the URL still names.
  const key = `${modelCode}|${imageid}`
  const [picked, setPicked] = useState<{ key: string; index: number; at: string } | null>(null)
  const selectedIndex =
    picked && picked.key === key && (parts[picked.index]?.callout === urlCallout || picked.at === locationKey)
      ? picked.index
      : parts.findIndex((p) => p.callout === urlCallout)
  const selectedCallout = parts[selectedIndex]?.callout ?? null
  const [hovered, setHovered] = useState<number | null>(null)
  const [drawerPart, setDrawerPart] = useState<string | null>(null)

  const select = (index: number) => {
    const part = parts[index]
    if (!part) return
    // Picking a row gives the keys back to the table: a button clicked earlier keeps the focus otherwise,
    // and Enter would press it instead of opening the part.
    const focused = document.activeElement
    if (focused instanceof HTMLElement && focused.closest('button, a')) focused.blur()
    setPicked({ key, index, at: locationKey })
    const next = new URLSearchParams(params)
    next.set('callout', String(part.callout))
    setParams(next, { replace: true })
  }
  const openPart = (index: number) => {
    const part = parts[index]
    if (!part) return
    select(index)
    if (!embedded) setDrawerPart(part.part_number)
  }

  useEffect(() => {
    if (data) rememberResult(fromType, pathname + search)
  }, [data, fromType, pathname, search])

  // Up/Down walk the rows and Enter opens the selected part; a hidden (kept-alive) screen's effects pause,
  // so only the visible one listens.
  // Kept after each commit, not during render: a render React sets aside must not move the keys' row.
  const keys = useRef({ select, openPart, selectedIndex, count: parts.length, drawerOpen: !!drawerPart })
  useLayoutEffect(() => {
    keys.current = { select, openPart, selectedIndex, count: parts.length, drawerOpen: !!drawerPart }
  })
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const k = keys.current
      if (k.drawerOpen || k.count === 0 || isTyping(e.target) || e.altKey || e.ctrlKey || e.metaKey) return
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault()
        const step = e.key === 'ArrowDown' ? 1 : -1
        const from = k.selectedIndex < 0 ? (step > 0 ? -1 : k.count) : k.selectedIndex
        k.select(Math.min(k.count - 1, Math.max(0, from + step)))
      } else if (e.key === 'Enter' && k.selectedIndex >= 0) {
        // A focused button or link answers Enter itself.
        if (e.target instanceof HTMLElement && e.target.closest('button, a')) return
        e.preventDefault()
        k.openPart(k.selectedIndex)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  // F2 puts the selected row's part on a quotation (a new window, as its 加入报价单 does), as F2 adds a part on
  // the quotation screen: a part is quoted from the diagram without the mouse. Not with the drawer open (its
  // part may be another, reached from the row's), nor in an embedded catalogue, which has no sheets.
  useShortcut(
    'F2',
    () => {
      const part = parts[selectedIndex]
      if (part && !drawerPart) openSheetWindow('quote', [pendingPart(part)])
    },
    !embedded,
  )

  const sequence = (tree.data?.groups ?? []).flatMap((g) =>
    g.subs.flatMap((s) => s.illustrations.map((ill) => ill.imageid)),
  )
  const position = imageid ? sequence.indexOf(imageid) : -1
  const prev = position > 0 ? sequence[position - 1] : undefined
  const next = position >= 0 && position < sequence.length - 1 ? sequence[position + 1] : undefined
  const go = (target: string | undefined) =>
    target && modelCode && navigate(partsDetailUrl({ modelCode, imageid: target, vin, fromType }))

  if (!modelCode || !imageid) {
    return (
      <div style={{ padding: '80px 0' }}>
        <Empty description="请先在配件目录中选择一张图" />
      </div>
    )
  }

  return (
    <div className={styles.page}>
      <VehicleHeader
        model={data?.model ?? tree.data?.model}
        vin={vin}
        extra={
          <>
            <Button
              icon={<UnorderedListOutlined />}
              onClick={() => navigate(partsFilterUrl({ modelCode, vin, fromType, main: data?.main_number }))}
            >
              返回目录
            </Button>
            <Tooltip title={prev ? `上一张 ${prev}` : '已是第一张'}>
              <Button icon={<LeftOutlined />} disabled={!prev} onClick={() => go(prev)}>
                上一张
              </Button>
            </Tooltip>
            <span className={styles.position}>
              {position >= 0 ? `${position + 1} / ${sequence.length}` : ''}
            </span>
            <Tooltip title={next ? `下一张 ${next}` : '已是最后一张'}>
              <Button disabled={!next} onClick={() => go(next)}>
                下一张 <RightOutlined />
              </Button>
            </Tooltip>
          </>
        }
      />
      <div className={styles.title}>
        {data ? (
          <>
            <span className={styles.crumb}>
              {data.main_number} {data.main_name}
            </span>
            <span className={styles.sep}>›</span>
            <span className={styles.crumb}>
              {data.sub_number} {data.sub_name}
            </span>
            <span className={styles.sep}>›</span>
            <strong>{data.image_name}</strong>
            <span className={styles.code}>{data.imageid}</span>
            <span className={styles.help}>
              {embedded
                ? '点击图中序号定位配件 · ↑↓ 选择 · 滚轮缩放 · 拖动平移'
                : '点击图中序号定位配件 · ↑↓ 选择 · Enter 查看详情 · F2 加入报价单 · 滚轮缩放 · 拖动平移'}
            </span>
          </>
        ) : (
          <Skeleton.Input active size="small" style={{ width: 320 }} />
        )}
      </div>
      <div className={styles.body}>
        <div className={styles.drawing}>
          {data ? (
            <IllustrationViewer
              // A new drawing starts fitted: each illustration has its own viewer.
              key={`${data.model.ModelId}/${data.imageid}`}
              svg={data.svg}
              selected={selectedCallout}
              hovered={hovered}
              onCallout={(n) => select(parts.findIndex((p) => p.callout === n))}
              height="100%"
            />
          ) : illustration.isLoading ? (
            <Skeleton.Node active className={styles.placeholder} style={{ width: '100%', height: '100%' }} />
          ) : (
            <Empty description="抱歉，暂无数据" className={styles.placeholder} />
          )}
        </div>
        <div className={styles.parts}>
          <IllustrationPartsTable
            parts={parts}
            selectedIndex={selectedIndex}
            loading={illustration.isLoading}
            onSelect={select}
            onHover={setHovered}
            onOpen={openPart}
          />
        </div>
      </div>
      {!embedded && (
        <PartDetailDrawer
          partNumber={drawerPart}
          onClose={() => setDrawerPart(null)}
          make={(data?.model ?? tree.data?.model)?.brand_number}
        />
      )}
    </div>
  )
}
