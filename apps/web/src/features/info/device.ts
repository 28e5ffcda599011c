// Tells the download page which package to offer, whether the page sits in an in-app browser, and what its
// button says. Kept pure (user agent, touch points and links passed in) so it can be tested with real
// user-agent strings.

export interface DeviceInfo {
  ios: boolean
  inAppBrowser: boolean
}

// iPadOS 13+ asks for desktop sites and reports a Mac user agent; only its touch screen gives it away
// (Macs report 0 touch points).
const IOS_UA = /iPhone|iPad|iPod/i
const MAC_UA = /Macintosh/i

// WeChat, the QQ app (" QQ/" with a space, so the standalone QQ Browser "MQQBrowser/" alone does not count)
// and Weibo block package downloads and App Store hand-offs in their built-in browsers.
const IN_APP_UA = [/MicroMessenger/i, / QQ\//i, /Weibo/i]

export function detectDevice(userAgent: string, maxTouchPoints = 0): DeviceInfo {
  const ios = IOS_UA.test(userAgent) || (MAC_UA.test(userAgent) && maxTouchPoints > 1)
  const inAppBrowser = IN_APP_UA.some((pattern) => pattern.test(userAgent))
  return { ios, inAppBrowser }
}

export interface DownloadOffer {
  label: string
  /** Null where the app is not published (its link not configured): the button is disabled. */
  href: string | null
  /** Whether to tell the user first how to leave an in-app browser: only with something to download. */
  guide: boolean
}

/** The App Store page on iOS, the Android package elsewhere; never a link that is not configured. */
export function downloadOffer(device: DeviceInfo, links: { ios: string; android: string }): DownloadOffer {
  const href = (device.ios ? links.ios : links.android).trim()
  if (!href) return { label: '暂未上架', href: null, guide: false }
  return { label: device.ios ? '前往 App Store 下载' : '下载安卓版', href, guide: device.inAppBrowser }
}
