// Contact details, download links and the legal constants shown on the info pages and in the footer.
// One place so a build for another operator only sets VITE_* variables instead of editing page texts.
import { BRAND_NAME } from './brand'

function fromEnv(value: unknown, fallback: string): string {
  // An empty variable in a .env file means "not configured", not "show nothing".
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback
}

export const supportPhone = fromEnv(import.meta.env.VITE_SUPPORT_PHONE, '400-826-0608')
/** For `tel:` links: dialers ignore the dashes people like to read. */
export const supportPhoneHref = `tel:${supportPhone.replace(/[^\d+]/g, '')}`

// VITE_SERVICE_IM holds "WeChat id,QQ number"; the QQ part may be left out, and the pages then omit QQ.
const [imWechat, imQq] = fromEnv(import.meta.env.VITE_SERVICE_IM, 'qipei-epc-kf,800826068')
  .split(',')
  .map((part) => part.trim())

/** 客服微信号 */
export const serviceWechat = imWechat ?? ''
/** 客服 QQ，可为空 */
export const serviceQq = imQq ?? ''

export const supportEmail = 'service@qipei-epc.cn'
export const operatorName = `${BRAND_NAME}（演示）运营方`

/** Hours named on the privacy policy and user agreement (spec section 2). */
export const legalHours = '周一至周六 09:00-18:30'
/** Hours named on the data-service page. */
export const dataServiceHours = '周一至周五 09:00-18:00'
/** Hours in the main layout's footer. */
export const footerHours = '周一至周六 09:00-19:00'

// The apps' addresses exist only once they are published: left unset, the download page says 暂未上架
// instead of offering a link that leads nowhere.
export const iosAppUrl = fromEnv(import.meta.env.VITE_IOS_APP_URL, '')
export const androidApkUrl = fromEnv(import.meta.env.VITE_ANDROID_APK_URL, '')

// Figures the legal texts and the data-service page promise (spec section 9); changing one changes a
// published commitment, so they stay constants rather than build settings.
export const legalEffectiveDate = '2023-01-01'
export const minorAge = 18
export const cancellationReplyDays = 15
export const genericPartNameCount = 678
