// The brand step of the car-model query: an A-Z index over brand cards grouped by initial letter, imported
// brands marked 进口, and a quick filter by Chinese or English name.
import type { BrandInitial } from '@epc/shared'
import { Empty, Input, Tag } from 'antd'
import { useMemo, useState } from 'react'
import styles from './CarType.module.css'

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('')

type Brand = BrandInitial['brands'][number]

export function CarTypeBrandPicker({
  initials,
  onPick,
}: {
  initials: BrandInitial[]
  onPick: (brand: Brand) => void
}) {
  const [filter, setFilter] = useState('')
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase()
    if (!f) return initials
    return initials
      .map((i) => ({
        ...i,
        brands: i.brands.filter((b) =>
          [b.brand_name, b.name_en, b.group_name].some((t) => t.toLowerCase().includes(f)),
        ),
      }))
      .filter((i) => i.brands.length)
  }, [initials, filter])
  const present = new Set(shown.map((i) => i.initial))

  const jump = (letter: string) =>
    document.getElementById(`brand-initial-${letter}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' })

  return (
    <div>
      <div className={styles.indexBar}>
        <nav className={styles.letters} aria-label="品牌首字母">
          {LETTERS.map((letter) => (
            <button
              key={letter}
              type="button"
              className={styles.letter}
              disabled={!present.has(letter)}
              onClick={() => jump(letter)}
            >
              {letter}
            </button>
          ))}
        </nav>
        <Input.Search
          style={{ width: 200, marginLeft: 'auto' }}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          allowClear
          placeholder="筛选品牌（中文或英文）"
          aria-label="筛选品牌"
        />
      </div>
      {shown.length === 0 && <Empty description="抱歉，暂无数据" />}
      {shown.map((group) => (
        <section key={group.initial} id={`brand-initial-${group.initial}`} className={styles.initialGroup}>
          <div className={styles.initial}>{group.initial}</div>
          <div className={styles.brandGrid}>
            {group.brands.map((b) => (
              <button
                key={b.brand_number}
                type="button"
                className={styles.brandCard}
                onClick={() => onPick(b)}
                data-testid="brand-card"
              >
                <span className={styles.brandName}>{b.brand_name}</span>
                <span className={styles.brandEn}>{b.name_en}</span>
                <span className={styles.brandTags}>
                  {b.imported && (
                    <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                      进口
                    </Tag>
                  )}
                  <span className={styles.brandGroup}>{b.group_name}</span>
                </span>
              </button>
            ))}
          </div>
        </section>
      ))}
    </div>
  )
}
