// Checks the download page's device detection against user agents copied from real devices and apps, and the
// button it offers with and without configured links.
import { describe, expect, it } from 'vitest'
import { detectDevice, downloadOffer } from './device'

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  // iPadOS 13+ Safari requests desktop sites by default and sends the Mac user agent.
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  wechatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  qqInApp:
    'Mozilla/5.0 (Linux; Android 12; M2012K11AC Build/SKQ1.211006.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/89.0.4389.72 MQQBrowser/6.2 TBS/046237 Mobile Safari/537.36 V1_AND_SQ_8.9.28_3700_YYB_D A_8092800 QQ/8.9.28.10155 NetType/WIFI WebP/0.3.0 AppId/537151682 Pixel/1080',
  qqBrowserApp:
    'Mozilla/5.0 (Linux; U; Android 13; zh-cn; 22081212C Build/TKQ1.220829.002) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.86 MQQBrowser/14.5 Mobile Safari/537.36 COVC/046913',
  weiboIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Weibo (iPhone14,2__weibo__13.9.1__iphone__os16.6)',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
}

describe('detectDevice', () => {
  it('treats iPhone Safari as iOS outside any app', () => {
    expect(detectDevice(UA.iphoneSafari, 5)).toEqual({ ios: true, inAppBrowser: false })
  })

  it('recognises an iPad sending the desktop Mac user agent by its touch points', () => {
    expect(detectDevice(UA.ipadDesktopMode, 5)).toEqual({ ios: true, inAppBrowser: false })
  })

  it('keeps a real Mac (no touch points) off the App Store button', () => {
    expect(detectDevice(UA.ipadDesktopMode)).toEqual({ ios: false, inAppBrowser: false })
  })

  it('offers Android Chrome the package', () => {
    expect(detectDevice(UA.androidChrome, 5)).toEqual({ ios: false, inAppBrowser: false })
  })

  it('flags WeChat on Android as an in-app browser', () => {
    expect(detectDevice(UA.wechatAndroid, 5)).toEqual({ ios: false, inAppBrowser: true })
  })

  it('flags WeChat on iOS as an in-app browser on iOS', () => {
    expect(detectDevice(UA.wechatIos, 5)).toEqual({ ios: true, inAppBrowser: true })
  })

  it('flags the QQ app built-in browser', () => {
    expect(detectDevice(UA.qqInApp, 5)).toEqual({ ios: false, inAppBrowser: true })
  })

  it('does not flag the standalone QQ Browser, which can download', () => {
    expect(detectDevice(UA.qqBrowserApp, 5)).toEqual({ ios: false, inAppBrowser: false })
  })

  it('flags Weibo on iOS', () => {
    expect(detectDevice(UA.weiboIos, 5)).toEqual({ ios: true, inAppBrowser: true })
  })

  it('treats desktop Chrome on Windows as neither iOS nor in-app', () => {
    expect(detectDevice(UA.windowsChrome)).toEqual({ ios: false, inAppBrowser: false })
  })
})

describe('downloadOffer', () => {
  const links = { ios: 'https://apps.apple.com/cn/app/qipei-epc/id1234567890', android: '/download/epc.apk' }
  const iphone = detectDevice(UA.iphoneSafari, 5)
  const android = detectDevice(UA.androidChrome, 5)
  const wechat = detectDevice(UA.wechatAndroid, 5)

  it('offers the App Store page on iOS and the package elsewhere, where they are configured', () => {
    expect(downloadOffer(iphone, links)).toEqual({
      label: '前往 App Store 下载',
      href: links.ios,
      guide: false,
    })
    expect(downloadOffer(android, links)).toEqual({ label: '下载安卓版', href: links.android, guide: false })
  })

  it('says 暂未上架 without a link where the device’s app is not configured', () => {
    const none = { label: '暂未上架', href: null, guide: false }
    expect(downloadOffer(iphone, { ...links, ios: '' })).toEqual(none)
    expect(downloadOffer(android, { ...links, android: ' ' })).toEqual(none)
    // The other platform's link is no substitute.
    expect(downloadOffer(android, { ios: links.ios, android: '' }).href).toBeNull()
  })

  it('guides out of an in-app browser only when there is something to download', () => {
    expect(downloadOffer(wechat, links).guide).toBe(true)
    expect(downloadOffer(wechat, { ...links, android: '' }).guide).toBe(false)
  })
})
