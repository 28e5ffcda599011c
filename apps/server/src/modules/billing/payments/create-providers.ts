// The configured payment channels, with the addresses the platforms call back on this site.
import type { Clock } from '../../../clock'
import type { AlipaySettings, WechatSettings } from '../../../config'
import { AlipayProvider } from './alipay'
import type { Providers } from './payments.service'
import { WechatProvider } from './wechat'

/** Where the payer's browser lands after Alipay's cashier: the web app's result page. */
export const RETURN_PATH = '/payCallback'
export const NOTIFY_PATHS = { alipay: '/api/pay/notify/alipay', wechat: '/api/pay/notify/wechat' } as const

export function createProviders(
  settings: { alipay?: AlipaySettings; wechat?: WechatSettings },
  publicUrl: string,
  clock: Clock,
): Providers {
  return {
    alipay:
      settings.alipay &&
      new AlipayProvider(
        settings.alipay,
        {
          notifyUrl: `${publicUrl}${NOTIFY_PATHS.alipay}`,
          returnUrl: `${publicUrl}${RETURN_PATH}`,
        },
        clock,
      ),
    wechat:
      settings.wechat && new WechatProvider(settings.wechat, `${publicUrl}${NOTIFY_PATHS.wechat}`, clock),
  }
}
