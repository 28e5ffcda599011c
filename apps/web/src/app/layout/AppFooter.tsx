// The footer: customer-service instant messaging and hours, the data version, and the information pages.
import { DATA_VERSION } from '@epc/shared'
import { Link } from 'react-router'
import { footerHours, serviceQq, serviceWechat, supportPhone } from '../../config/contact'
import { paths } from '../../config/paths'
import styles from './AppFooter.module.css'

export function AppFooter() {
  return (
    <footer className={styles.footer} data-testid="app-footer">
      <div className={styles.service}>
        <span>在线客服：微信 {serviceWechat}</span>
        {serviceQq && <span>QQ {serviceQq}</span>}
        <span>电话 {supportPhone}</span>
        <span>服务时间：{footerHours}</span>
        <span>数据版本：{DATA_VERSION}</span>
      </div>
      <div className={styles.links}>
        <Link to={paths.apiPage}>数据服务</Link>
        <Link to={paths.vereinbarung}>用户服务协议</Link>
        <Link to={paths.datenschutz}>隐私政策</Link>
        <Link to={paths.downloadApp}>下载App</Link>
      </div>
      <div className={styles.note}>本站配件信息仅供参考，请以实际配件为准</div>
    </footer>
  )
}
