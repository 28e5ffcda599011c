// One system of the glossary: its generic part names as compact cards (name, unit, pinyin, trade aliases),
// with the characters that matched the search highlighted.

import type { GlossaryGroup, Span } from '../glossary-search'
import styles from './Glossary.module.css'

export function GlossaryHighlight({ text, span }: { text: string; span?: Span }) {
  if (!span) return <>{text}</>
  const [start, length] = span
  return (
    <>
      {text.slice(0, start)}
      <mark className={styles.mark}>{text.slice(start, start + length)}</mark>
      {text.slice(start + length)}
    </>
  )
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
        {group.hits.map((hit) => (
          <div key={hit.entry.name} className={styles.entry} data-testid="glossary-name">
            <div className={styles.entryHead}>
              <span className={styles.name}>
                <GlossaryHighlight text={hit.entry.name} span={hit.name} />
              </span>
              <span className={styles.unit}>单位：{hit.entry.unit}</span>
            </div>
            <div className={styles.pinyin} title={hit.entry.pinyin}>
              <GlossaryHighlight text={hit.entry.pinyin} span={hit.pinyin} />
            </div>
            {hit.entry.aliases.length > 0 && (
              <div className={styles.aliases} title="俗称">
                {hit.entry.aliases.map((alias) => (
                  <span key={alias} className={styles.alias}>
                    <GlossaryHighlight text={alias} span={hit.aliases.get(alias)} />
                  </span>
                ))}
              </div>
            )}
          </div>
        ))}
      </div>
    </section>
  )
}
