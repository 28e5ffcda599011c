// Page frame shared by the privacy policy and the user agreement: title, effective date, sections numbered
// the way Chinese legal texts are (一、二、…), and the support contact the spec requires on legal pages.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { BRAND_NAME } from '../../../config/brand'
import {
  legalHours,
  operatorName,
  supportEmail,
  supportPhone,
  supportPhoneHref,
} from '../../../config/contact'
import { paths } from '../../../config/paths'
import styles from './LegalDocument.module.css'

export interface LegalSection {
  title: string
  content: ReactNode
}

interface LegalDocumentProps {
  title: string
  /** ISO date, e.g. '2023-01-01'; shown as 2023年1月1日. */
  effectiveDate: string
  intro?: ReactNode
  sections: LegalSection[]
}

const DIGITS = '零一二三四五六七八九'

// Covers 1 to 99, far more sections than a readable legal text has.
function chineseOrdinal(n: number): string {
  if (n < 10) return DIGITS.charAt(n)
  const tens = Math.floor(n / 10)
  const ones = n % 10
  return `${tens === 1 ? '' : DIGITS.charAt(tens)}十${ones === 0 ? '' : DIGITS.charAt(ones)}`
}

/** '2023-01-01' -> '2023年1月1日', the form dates take in Chinese legal texts. */
export function formatChineseDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number)
  return `${year}年${month}月${day}日`
}

export function LegalDocument({ title, effectiveDate, intro, sections }: LegalDocumentProps) {
  return (
    <div className={styles.page}>
      <header className={styles.topBar}>
        <div className={styles.topInner}>
          <Link to={paths.root} className={styles.brand}>
            <img src="/favicon.svg" alt="" />
            {BRAND_NAME}
          </Link>
          <Link to={paths.root} className={styles.topLink}>
            返回首页
          </Link>
        </div>
      </header>
      <main className={styles.paper}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.meta}>
          <span>
            生效日期：<time dateTime={effectiveDate}>{formatChineseDate(effectiveDate)}</time>
          </span>
          <span>运营方：{operatorName}</span>
        </p>
        {intro && <div className={styles.intro}>{intro}</div>}
        {sections.map((section, index) => (
          <section key={section.title} id={`section-${index + 1}`} className={styles.section}>
            <h2>
              {chineseOrdinal(index + 1)}、{section.title}
            </h2>
            {section.content}
          </section>
        ))}
        <footer className={styles.contact}>
          <div>
            <div className={styles.contactLabel}>客服电话</div>
            <a href={supportPhoneHref} className={styles.contactPhone}>
              {supportPhone}
            </a>
          </div>
          <div>
            <div className={styles.contactLabel}>服务时间</div>
            <div>{legalHours}</div>
          </div>
          <div>
            <div className={styles.contactLabel}>电子邮箱</div>
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </div>
        </footer>
      </main>
    </div>
  )
}
