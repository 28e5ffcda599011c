// /nameEx (配件名称词典): the generic part names and their trade aliases by system, searched on the spot by
// Chinese, full pinyin, pinyin initials or alias. The search and the chosen system live in the URL.
import type { InputRef } from 'antd'
import { Card, Empty, Input, Skeleton, Typography } from 'antd'
import { useDeferredValue, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useShortcut } from '../../../lib/keyboard'
import { useGlossary } from '../api/glossary'
import styles from '../components/Glossary.module.css'
import { GlossarySection } from '../components/GlossarySection'
import { searchGlossary } from '../glossary-search'

export default function NameExPage() {
  const [params, setParams] = useSearchParams()
  const glossary = useGlossary()
  // Typing stays in local state (IME composition must not go through a navigation); the URL follows.
  const [keyword, setKeyword] = useState(() => params.get('q') ?? '')
  const system = params.get('system') ?? ''
  const deferred = useDeferredValue(keyword)
  const inputRef = useRef<InputRef>(null)

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

  useShortcut('F1', () => inputRef.current?.focus({ cursor: 'all' }))

  const groups = useMemo(() => searchGlossary(glossary.data ?? [], deferred), [glossary.data, deferred])
  const total = groups.reduce((n, g) => n + g.total, 0)
  const found = groups.reduce((n, g) => n + g.hits.length, 0)
  const filtered = deferred.trim() !== ''
  const shown = groups.filter((g) => g.hits.length && (!system || g.system === system))

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
                找到 <strong>{found}</strong> 个配件名称（共 {total} 个）
              </>
            ) : (
              <>
                共 <strong>{total}</strong> 个通用配件名称，{groups.length} 个系统
              </>
            )}
          </span>
          <Input.Search
            ref={inputRef}
            className={styles.search}
            value={keyword}
            onChange={(e) => type(e.target.value)}
            allowClear
            autoFocus
            spellCheck={false}
            autoComplete="off"
            aria-label="搜索配件名称"
            placeholder="中文名称、全拼、拼音首字母或俗称，如 jylqq、叶子板（F1 定位）"
          />
        </div>
      </Card>

      {glossary.isLoading ? (
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
              <span className={styles.navCount}>{found}</span>
            </button>
            {groups.map((g) => (
              <button
                key={g.system}
                type="button"
                className={`${styles.navItem} ${system === g.system ? styles.navActive : ''} ${g.hits.length ? '' : styles.navEmpty}`}
                onClick={() => chooseSystem(g.system)}
              >
                <span>{g.system}</span>
                <span className={styles.navCount}>{g.hits.length}</span>
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
