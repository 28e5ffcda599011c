// The frame of the sign-in screens: a card in the middle of a calm background, and the legal links
// underneath. The white header comes from the app's sign-in layout.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { BRAND_NAME } from '../../../config/brand'
import { paths } from '../../../config/paths'
import styles from './AuthFrame.module.css'

export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <main className={styles.main}>
        <section className={styles.intro}>
          <h1>{BRAND_NAME}</h1>
          <p>VIN 精准查询原厂配件编码，4S 价格、替换件与各仓库存一目了然；报价单、采购单一键导出打印。</p>
          <ul>
            <li>车型查询免费使用</li>
            <li>支持 F1–F8 快捷键，查询报价不离键盘</li>
            <li>新用户注册即享 7 天试用</li>
          </ul>
        </section>
        <section className={styles.card}>
          <h2>{title}</h2>
          {children}
        </section>
      </main>
      <footer className={styles.legal}>
        <Link to={paths.vereinbarung} target="_blank">
          用户服务协议
        </Link>
        <Link to={paths.datenschutz} target="_blank">
          隐私政策
        </Link>
        <Link to={paths.apiPage}>数据服务</Link>
        <Link to={paths.downloadApp}>下载App</Link>
      </footer>
    </div>
  )
}
