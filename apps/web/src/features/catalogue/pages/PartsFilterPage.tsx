// /partsFilter (配件目录): a model's group tree — main groups on the left, the chosen group's illustrations as
// thumbnail cards — and the in-vehicle part search by name, pinyin, initials, trade alias, homophone or number,
// with 您是不是要找 suggestions when it finds nothing.
import type { NameSearchHit } from '@epc/shared'
import { useQueryClient } from '@tanstack/react-query'
import type { InputRef } from 'antd'
import { Button, Empty, Input, Skeleton } from 'antd'
import { type KeyboardEvent, useEffect, useRef } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { feedback } from '../../../lib/feedback'
import { useShortcut } from '../../../lib/keyboard'
import { rememberResult } from '../../../lib/search-memory'
import { useDraft } from '../../../lib/use-draft'
import { useGroupTree } from '../api/group-tree'
import { illustrationQuery } from '../api/illustration'
import { useNameSearch } from '../api/name-search'
import { useThumbnails } from '../api/thumbnails'
import { DidYouMean } from '../components/DidYouMean'
import { NameSearchResults } from '../components/NameSearchResults'
import { VehicleHeader } from '../components/VehicleHeader'
import { fromTypeOf, modelCodeOf, partsDetailUrl } from '../links'
import styles from './PartsFilterPage.module.css'

const NO_DATA = '抱歉，暂无数据'
/** The thumbnails call takes at most this many illustrations. */
const MAX_THUMBNAILS = 24

function svgSrc(svg: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`
}

const ARROWS = ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight']

/**
 * The arrows among the group buttons (Up and Down, Right into the cards) and the illustration cards (as laid
 * out in rows; Left from the first column back to the group), so a clerk reaches a drawing without the mouse
 * and opens it with Enter, as the rows of 配件详情 are walked.
 */
function moveByArrow(e: KeyboardEvent<HTMLElement>) {
  if (!ARROWS.includes(e.key) || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return
  const here = e.currentTarget
  const items = Array.from(here.parentElement?.children ?? []) as HTMLElement[]
  const at = items.indexOf(here)
  const body = here.closest<HTMLElement>('[data-arrows-body]')
  let next: HTMLElement | null | undefined
  if (here.dataset.arrows === 'group') {
    if (e.key === 'ArrowDown') next = items[at + 1]
    else if (e.key === 'ArrowUp') next = items[at - 1]
    else if (e.key === 'ArrowRight') next = body?.querySelector<HTMLElement>('[data-arrows="card"]')
  } else {
    // Cards in one row share their top; the row's length is the step Up and Down take.
    const columns = Math.max(1, items.filter((c) => c.offsetTop === items[0]?.offsetTop).length)
    if (e.key === 'ArrowRight') next = items[at + 1]
    else if (e.key === 'ArrowDown') next = items[at + columns]
    else if (e.key === 'ArrowUp') next = items[at - columns]
    else if (at % columns) next = items[at - 1]
    else next = body?.querySelector<HTMLElement>('[data-arrows="group"][aria-current="true"]')
  }
  // An arrow past the first or last item stays there rather than scrolling the page away.
  e.preventDefault()
  next?.focus()
}

export default function PartsFilterPage() {
  const [params, setParams] = useSearchParams()
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const modelCode = modelCodeOf(params)
  const vin = params.get('vin')
  const fromType = fromTypeOf(params)
  const keyword = params.get('q') ?? ''
  const tree = useGroupTree(modelCode)
  const queryClient = useQueryClient()
  const groups = tree.data?.groups ?? []
  const main = groups.find((g) => g.main_number === params.get('main')) ?? groups[0]
  const cards = (main?.subs ?? []).flatMap((sub) => sub.illustrations.map((ill) => ({ sub, ill })))
  const thumbs = useThumbnails(
    modelCode,
    cards.slice(0, MAX_THUMBNAILS).map((c) => c.ill.imageid),
  )
  const hits = useNameSearch(modelCode, keyword)
  const [typed, setTyped] = useDraft(keyword)
  const searchRef = useRef<InputRef>(null)

  useShortcut('F1', () => searchRef.current?.focus({ cursor: 'all' }))

  useEffect(() => {
    if (tree.data) rememberResult(fromType, pathname + search)
  }, [tree.data, fromType, pathname, search])

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params)
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    setParams(next, { replace: true })
  }

  const runSearch = (value: string) => {
    const text = value.trim()
    if (!text) return update({ q: null })
    if (text.length < 2) return feedback.warning('请至少输入2个字符')
    update({ q: text })
  }

  const detailUrl = (imageid: string, callout?: number) =>
    partsDetailUrl({ modelCode: modelCode ?? '', imageid, callout, vin, fromType })
  const openHit = (hit: NameSearchHit) => navigate(detailUrl(hit.imageid, hit.callout))

  if (!modelCode) {
    return (
      <div className={styles.empty}>
        <Empty description="请先通过VIN或车型选择车辆" />
      </div>
    )
  }

  return (
    <div className={styles.page}>
      <VehicleHeader
        model={tree.data?.model}
        vin={vin}
        extra={
          <Input.Search
            ref={searchRef}
            className={styles.search}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={runSearch}
            allowClear
            enterButton="搜索"
            loading={hits.isFetching}
            placeholder="本车配件：名称 / 拼音 / 首字母 / 俗称 / 零件号，错别字也能找（F1）"
            aria-label="本车配件搜索"
          />
        }
      />
      {tree.isLoading ? (
        <div className={styles.body}>
          <Skeleton active paragraph={{ rows: 12 }} />
        </div>
      ) : !groups.length ? (
        <div className={styles.empty}>
          <Empty description={NO_DATA} />
        </div>
      ) : (
        <div className={styles.body} data-arrows-body>
          <nav className={styles.groups} aria-label="主组">
            {groups.map((g) => {
              const current = g === main && !keyword
              return (
                <button
                  key={g.main_number}
                  type="button"
                  data-arrows="group"
                  onKeyDown={moveByArrow}
                  aria-current={current ? 'true' : undefined}
                  className={`${styles.group} ${current ? styles.groupActive : ''}`}
                  onClick={() => update({ main: g.main_number, q: null })}
                >
                  <span className={styles.groupNumber}>{g.main_number}</span>
                  <span className={styles.groupName}>{g.name}</span>
                  <span className={styles.groupCount}>{g.subs.length}</span>
                </button>
              )
            })}
          </nav>
          <section className={styles.content}>
            {keyword ? (
              <>
                <div className={styles.contentHead}>
                  <span>
                    “{keyword}” 的搜索结果{hits.data ? `（${hits.data.hits.length}）` : ''}
                  </span>
                  <Button size="small" onClick={() => update({ q: null })}>
                    返回分组
                  </Button>
                </div>
                <DidYouMean
                  suggestions={hits.data?.suggestions ?? []}
                  onPick={(text) => {
                    setTyped(text)
                    runSearch(text)
                  }}
                />
                <NameSearchResults
                  hits={hits.data?.hits ?? []}
                  loading={hits.isLoading}
                  groups={groups}
                  urlOf={(h) => detailUrl(h.imageid, h.callout)}
                  onOpen={openHit}
                />
              </>
            ) : (
              <>
                <div className={styles.contentHead}>
                  <span>
                    {main?.main_number} {main?.name}
                  </span>
                  <span className={styles.hint}>共 {cards.length} 张图</span>
                </div>
                {cards.length ? (
                  <div className={styles.cards} data-testid="illustration-cards">
                    {cards.map(({ sub, ill }) => {
                      const svg = thumbs.data?.find((t) => t.imageid === ill.imageid)?.svg
                      return (
                        <Link
                          key={ill.imageid}
                          to={detailUrl(ill.imageid)}
                          data-arrows="card"
                          onKeyDown={moveByArrow}
                          className={styles.card}
                          // The illustration's request and the next screen's code leave with the click,
                          // not after the next screen's first render.
                          onClick={() => {
                            void queryClient.prefetchQuery(illustrationQuery(modelCode, ill.imageid))
                            void import('./PartsDetailPage')
                          }}
                        >
                          <span className={styles.thumb}>
                            {svg ? (
                              <img src={svgSrc(svg)} alt={ill.image_name} />
                            ) : thumbs.isLoading ? (
                              <Skeleton.Node active style={{ width: '100%', height: '100%' }} />
                            ) : (
                              <span className={styles.noThumb}>{ill.imageid}</span>
                            )}
                          </span>
                          <span className={styles.cardTitle}>
                            <span className={styles.cardNumber}>{sub.sub_number}</span>
                            {ill.image_name || sub.name}
                          </span>
                          <span className={styles.cardMeta}>图号 {ill.imageid}</span>
                        </Link>
                      )
                    })}
                  </div>
                ) : (
                  <Empty description={NO_DATA} />
                )}
              </>
            )}
          </section>
        </div>
      )}
    </div>
  )
}
