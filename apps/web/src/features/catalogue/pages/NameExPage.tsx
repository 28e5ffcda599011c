// /nameEx (配件名称词典): the generic part names and their trade aliases by system. A keyword goes to the server,
// whose name matcher forgives homophones, full-width, traditional and spaced input, word order and workshop
// words, and answers the names best first, or 您是不是要找 suggestions. The search and system live in the URL.
import type { InputRef } from 'antd'
import { Card, Empty, Input, Skeleton, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useShortcut } from '../../../lib/keyboard'
import { useGlossary } from '../api/glossary'
import { DidYouMean } from '../components/DidYouMean'
import styles from '../components/Glossary.module.css'
import { GlossarySection } from '../components/GlossarySection'
import { glossaryView } from '../glossary-search'

/** How long typing pauses before the keyword is asked: one call per word, not per keystroke. */
const TYPING_PAUSE_MS = 250

export default function NameExPage() {
  const [params, setParams] = useSearchParams()
  // Typing stays in local state (IME composition must not go through a navigation); the URL follows.
  const [keyword, setKeyword] = useState(() => params.get('q') ?? '')
  const [asked, setAsked] = useState(() => keyword.trim())
  const system = params.get('system') ?? ''
  const inputRef = useRef<InputRef>(null)
  const all = useGlossary()
  const found = useGlossary(asked)

  useEffect(() => {
    const next = keyword.trim()
    if (next === asked) return
    // Clearing the box shows the whole glossary at once; a keyword waits for a pause in typing.
    const timer = setTimeout(() => setAsked(next), next ? TYPING_PAUSE_MS : 0)
    return () => clearTimeout(timer)
  }, [keyword, asked])

  const type = (value: string) => {
    setKeyword(value)
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (value) next.set('q', value)
        else next.delete('q')
        return next
      },
      { replace: true },
    )
  }
  /** A suggestion is searched at once. */
  const pick = (text: string) => {
    type(text)
    setAsked(text)
  }

  useShortcut('F1', () => inputRef.current?.focus({ cursor: 'all' }))

  const filtered = asked !== ''
  const view = glossaryView(all.data, filtered ? found.data : undefined)
  const shown = view.groups.filter((g) => g.hits.length && (!system || g.system === system))

  const chooseSystem = (name: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev)
      if (name) next.set('system', name)
      else next.delete('system')
      return next
    })

  return (
    <div className={styles.page}>
      <Card>
        <div className={styles.head}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            配件名称词典
          </Typography.Title>
          <span className={styles.count} data-testid="glossary-count">
            {filtered ? (
              <>
                找到 <strong>{view.found}</strong> 个配件名称（共 {view.total} 个）
              </>
            ) : (
              <>
                共 <strong>{view.total}</strong> 个通用配件名称，{view.nav.length} 个系统
              </>
            )}
          </span>
          <Input.Search
            ref={inputRef}
            className={styles.search}
            value={keyword}
            onChange={(e) => type(e.target.value)}
            onSearch={(value) => setAsked(value.trim())}
            loading={filtered && found.isFetching}
            allowClear
            autoFocus
            spellCheck={false}
            autoComplete="off"
            aria-label="搜索配件名称"
            placeholder="中文名称、拼音、首字母或俗称，错别字也能找，如 jylqq、叶子板、刹车骗（F1 定位）"
          />
        </div>
        {filtered && <DidYouMean suggestions={view.suggestions} onPick={pick} />}
      </Card>

      {all.isLoading || (filtered && found.isLoading) ? (
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      ) : (
        <div className={styles.body}>
          <nav className={styles.nav} aria-label="系统">
            <button
              type="button"
              className={`${styles.navItem} ${system ? '' : styles.navActive}`}
              onClick={() => chooseSystem('')}
            >
              <span>全部系统</span>
              <span className={styles.navCount}>{view.found}</span>
            </button>
            {view.nav.map((g) => (
              <button
                key={g.system}
                type="button"
                className={`${styles.navItem} ${system === g.system ? styles.navActive : ''} ${g.found ? '' : styles.navEmpty}`}
                onClick={() => chooseSystem(g.system)}
              >
                <span>{g.system}</span>
                <span className={styles.navCount}>{g.found}</span>
              </button>
            ))}
          </nav>
          <div className={styles.sections}>
            {shown.length ? (
              shown.map((g) => <GlossarySection key={g.system} group={g} filtered={filtered} />)
            ) : (
              <Card>
                <Empty description="抱歉，暂无数据" />
              </Card>
            )}
          </div>
        </div>
      )}
    </div>
  )
}
