// One system of the glossary: its generic part names as compact cards (name, unit, pinyin, trade aliases),
// with what the search matched highlighted and, when an alias or the sound found the name, a line saying so.
import type { GlossaryMatch } from '@epc/shared'
import type { ReactNode } from 'react'
import type { GlossaryGroup, Span } from '../glossary-search'
import styles from './Glossary.module.css'

export function GlossaryHighlight({ text, spans = [] }: { text: string; spans?: Span[] }) {
  if (!spans.length) return <>{text}</>
  const parts: ReactNode[] = []
  let at = 0
  for (const [start, length] of [...spans].sort((a, b) => a[0] - b[0])) {
    if (start < at) continue
    parts.push(text.slice(at, start))
    parts.push(
      <mark key={start} className={styles.mark}>
        {text.slice(start, start + length)}
      </mark>,
    )
    at = start + length
  }
  parts.push(text.slice(at))
  return <>{parts}</>
}

/** 按 外球笼 找到, 同音, 部分匹配: how the keyword reached a name when it was not by the name's own characters. */
export function matchNote(match: GlossaryMatch | null): string {
  if (!match) return ''
  const how = match.kind === 'sound' && match.via === 'sound' ? '（同音）' : ''
  const partial = match.kind === 'partial' ? '（部分匹配）' : ''
  if (match.alias) return `按 ${match.text}${how || ' '}找到${partial}`
  return match.kind === 'partial' ? '部分匹配' : how ? '同音' : ''
}

export function GlossarySection({ group, filtered }: { group: GlossaryGroup; filtered: boolean }) {
  return (
    <section className={styles.section} data-testid="glossary-system">
      <div className={styles.sectionTitle}>
        <span>{group.system}</span>
        <span className={styles.navCount}>
          {filtered ? `${group.hits.length} / ${group.total}` : group.total}
        </span>
      </div>
      <div className={styles.grid}>
        {group.hits.map((hit) => {
          const note = matchNote(hit.entry.match)
          return (
            <div key={hit.entry.name} className={styles.entry} data-testid="glossary-name">
              <div className={styles.entryHead}>
                <span className={styles.name}>
                  <GlossaryHighlight text={hit.entry.name} spans={hit.name} />
                </span>
                <span className={styles.unit}>单位：{hit.entry.unit}</span>
              </div>
              <div className={styles.pinyin} title={hit.entry.pinyin}>
                {hit.entry.pinyin}
              </div>
              {hit.entry.aliases.length > 0 && (
                <div className={styles.aliases} title="俗称">
                  {hit.entry.aliases.map((alias) => (
                    <span key={alias} className={styles.alias}>
                      <GlossaryHighlight text={alias} spans={hit.aliases.get(alias)} />
                    </span>
                  ))}
                </div>
              )}
              {note && (
                <div className={styles.via} data-testid="glossary-match-note">
                  {note}
                </div>
              )}
            </div>
          )
        })}
      </div>
    </section>
  )
}
