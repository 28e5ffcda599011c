// /DownloadApp: offers the App Store page on iOS and the Android package elsewhere, or 暂未上架 where that
// app's link is not configured; inside WeChat, QQ or Weibo, whose built-in browsers block downloads, it
// first tells the user how to reach a real browser.
import {
  AndroidFilled,
  AppleFilled,
  BarcodeOutlined,
  CarOutlined,
  FileTextOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons'
import { Button, QRCode } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'
import { BRAND_NAME } from '../../../config/brand'
import { androidApkUrl, iosAppUrl, supportPhone, supportPhoneHref } from '../../../config/contact'
import { paths } from '../../../config/paths'
import { detectDevice, downloadOffer } from '../device'
import styles from './DownloadAppPage.module.css'

const features = [
  { icon: <BarcodeOutlined />, label: 'VIN 查询' },
  { icon: <CarOutlined />, label: '车型查询' },
  { icon: <FileTextOutlined />, label: '报价单' },
  { icon: <ShoppingCartOutlined />, label: '采购单' },
]

export default function DownloadAppPage() {
  // The user agent does not change while the page is open, so one reading is enough.
  const [device] = useState(() => detectDevice(navigator.userAgent, navigator.maxTouchPoints))
  const offer = downloadOffer(device, { ios: iosAppUrl, android: androidApkUrl })
  const [guideOpen, setGuideOpen] = useState(offer.guide)

  return (
    <div className={styles.page}>
      <main className={styles.card}>
        <img className={styles.appIcon} src="/favicon.svg" alt={`${BRAND_NAME} 图标`} />
        <h1 className={styles.appName}>{BRAND_NAME}</h1>
        <p className={styles.tagline}>汽车配件查询与报价采购工具</p>
        <ul className={styles.features}>
          {features.map((feature) => (
            <li key={feature.label} className={styles.feature}>
              <span className={styles.featureIcon}>{feature.icon}</span>
              {feature.label}
            </li>
          ))}
        </ul>
        <Button
          type="primary"
          size="large"
          block
          className={styles.download}
          icon={device.ios ? <AppleFilled /> : <AndroidFilled />}
          disabled={!offer.href}
          href={offer.href ?? undefined}
          download={offer.href && !device.ios ? true : undefined}
        >
          {offer.label}
        </Button>
        <p className={styles.hint}>如果没有自动跳转，请在浏览器中打开本页面。</p>
        <div className={styles.qr}>
          <QRCode value={window.location.href} size={132} bordered={false} />
          用手机扫描二维码，打开本页面下载
        </div>
      </main>

      <footer className={styles.footer}>
        <div>
          客服电话：<a href={supportPhoneHref}>{supportPhone}</a>
        </div>
        <div>
          <Link to={paths.vereinbarung}>用户服务协议</Link>
          <Link to={paths.datenschutz}>隐私政策</Link>
        </div>
      </footer>

      {guideOpen && (
        <div className={styles.guide} role="dialog" aria-modal="true" aria-label="请在浏览器中打开">
          <span className={styles.arrow} aria-hidden="true" />
          <div className={styles.guideBody}>
            <p className={styles.guideTitle}>点击右上角「…」，选择「在浏览器中打开」</p>
            <ol className={styles.guideSteps}>
              <li>
                点击右上角的 <span className={styles.menuDots}>…</span> 按钮
              </li>
              <li>选择「在浏览器中打开」{device.ios && '（iPhone 上为「在 Safari 中打开」）'}</li>
              <li>在浏览器中点击「{offer.label}」</li>
            </ol>
            <p className={styles.guideNote}>
              当前应用内置的浏览器不支持下载安装包。如果没有自动跳转，请在浏览器中打开本页面。
            </p>
            <Button ghost onClick={() => setGuideOpen(false)}>
              我知道了
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}
