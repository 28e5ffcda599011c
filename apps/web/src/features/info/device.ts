// Tells the download page which package to offer and whether the page sits in an in-app browser.
// Kept pure (user agent and touch points passed in) so it can be tested with real user-agent strings.

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
