// What loadConfig refuses at start: SMS settings that are missing or unknown, the development SMS provider
// and the published demo keys in production, and payment settings that are half given, unreadable, the
// fake platform in production or a production channel without the site's public address.
import { createPrivateKey, generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_SITE_KEYS } from '@epc/shared'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config'

const ALIYUN = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_ACCESS_KEY_ID: 'LTAI5tId',
  ALIYUN_ACCESS_KEY_SECRET: 'secret',
  SMS_SIGN_NAME: '汽配EPC',
  SMS_TEMPLATE_REGISTER: 'SMS_1',
  SMS_TEMPLATE_LOGIN: 'SMS_2',
  SMS_TEMPLATE_RESETPWD: 'SMS_3',
}
// A production server needs its own master key for the data service's secrets.
const MASTER_KEY = 'cd'.repeat(32)
const TENCENT = {
  ...ALIYUN,
  DATA_SERVICE_MASTER_KEY: MASTER_KEY,
  SMS_PROVIDER: 'tencent',
  TENCENT_SECRET_ID: 'AKIDid',
  TENCENT_SECRET_KEY: 'key',
  TENCENT_SMS_SDK_APP_ID: '1400000001',
}
const OWN_KEYS = { contentKey: 'ab'.repeat(32), signKey: 'our-own-sign-key' }

const folder = mkdtempSync(join(tmpdir(), 'epc-config-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))
function sitesFile(table: object) {
  const file = join(folder, `sites-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, JSON.stringify(table))
  return file
}

describe('SMS settings', () => {
  it('has no default provider: the development one must be asked for', () => {
    expect(() => loadConfig({})).toThrow('请设置 SMS_PROVIDER')
    expect(loadConfig({ SMS_PROVIDER: 'console' }).sms).toEqual({ provider: 'console' })
  })

  it('refuses an unknown provider', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(
      'SMS_PROVIDER 只能是 aliyun、tencent 或 console',
    )
  })

  it('reads Aliyun’s keys, sign name, templates and the endpoint override', () => {
    expect(loadConfig({ ...ALIYUN, SMS_ENDPOINT: 'http://127.0.0.1:9000' }).sms).toEqual({
      provider: 'aliyun',
      accessKeyId: 'LTAI5tId',
      accessKeySecret: 'secret',
      signName: '汽配EPC',
      // The account screens' scenes use the login template when SMS_TEMPLATE_VERIFY is not set.
      templates: {
        register: 'SMS_1',
        login: 'SMS_2',
        resetpwd: 'SMS_3',
        changemobile: 'SMS_2',
        bindmobile: 'SMS_2',
        cancel: 'SMS_2',
      },
      endpoint: { protocol: 'http', host: '127.0.0.1:9000' },
    })
  })

  it('reads Tencent’s keys and app id, in ap-guangzhou unless told', () => {
    expect(loadConfig(TENCENT).sms).toMatchObject({
      provider: 'tencent',
      secretId: 'AKIDid',
      secretKey: 'key',
      sdkAppId: '1400000001',
      region: 'ap-guangzhou',
      endpoint: undefined,
    })
    expect(loadConfig({ ...TENCENT, TENCENT_SMS_REGION: 'ap-beijing' }).sms).toMatchObject({
      region: 'ap-beijing',
    })
  })

  it('names every missing setting of the chosen provider', () => {
    expect(() => loadConfig({ ...ALIYUN, ALIYUN_ACCESS_KEY_SECRET: '', SMS_TEMPLATE_LOGIN: ' ' })).toThrow(
      'SMS_PROVIDER=aliyun 时须设置：ALIYUN_ACCESS_KEY_SECRET、SMS_TEMPLATE_LOGIN',
    )
    expect(() => loadConfig({ ...TENCENT, TENCENT_SMS_SDK_APP_ID: undefined })).toThrow(
      'SMS_PROVIDER=tencent 时须设置：TENCENT_SMS_SDK_APP_ID',
    )
  })

  it('refuses an endpoint that is not an http(s) address', () => {
    expect(() => loadConfig({ ...ALIYUN, SMS_ENDPOINT: 'ftp://x' })).toThrow('SMS_ENDPOINT 须是')
    expect(() => loadConfig({ ...ALIYUN, SMS_ENDPOINT: 'not a url' })).toThrow('SMS_ENDPOINT 须是')
  })
})

describe('production mode', () => {
  const production = (env: NodeJS.ProcessEnv) => loadConfig({ NODE_ENV: 'production', ...env })

  it('refuses the console SMS provider', () => {
    const SITES_FILE = sitesFile({ default: OWN_KEYS })
    expect(() => production({ SMS_PROVIDER: 'console', SITES_FILE })).toThrow(
      'SMS_PROVIDER=console 仅供开发使用',
    )
  })

  it('refuses the demo keys, by default or in SITES_FILE', () => {
    expect(() => production(ALIYUN)).toThrow('生产模式须用 SITES_FILE 配置本站的报文密钥')
    const demoDefault = sitesFile({ default: DEMO_SITE_KEYS })
    expect(() => production({ ...ALIYUN, SITES_FILE: demoDefault })).toThrow('default 使用了公开的演示密钥')
    const demoSignKey = sitesFile({
      default: OWN_KEYS,
      'shop.example.com': { contentKey: 'cd'.repeat(32), signKey: DEMO_SITE_KEYS.signKey },
    })
    expect(() => production({ ...ALIYUN, SITES_FILE: demoSignKey })).toThrow(
      'shop.example.com 使用了公开的演示密钥',
    )
  })

  it('starts with a real provider and the site’s own keys', () => {
    const config = production({ ...TENCENT, SITES_FILE: sitesFile({ default: OWN_KEYS }) })
    expect(config.production).toBe(true)
    expect(config.sites.default).toEqual(OWN_KEYS)
  })

  it('hashes passwords at scrypt cost 17 or above only', () => {
    const SITES_FILE = sitesFile({ default: OWN_KEYS })
    expect(production({ ...TENCENT, SITES_FILE }).passwordHashCost).toBe(17)
    expect(() => production({ ...TENCENT, SITES_FILE, PASSWORD_HASH_COST: '16' })).toThrow(
      '生产模式的 PASSWORD_HASH_COST 不能低于 17',
    )
    expect(production({ ...TENCENT, SITES_FILE, PASSWORD_HASH_COST: '18' }).passwordHashCost).toBe(18)
    // Outside production a test server may lower it, within what scrypt's memory limit takes.
    expect(loadConfig({ SMS_PROVIDER: 'console', PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10)
    expect(() => loadConfig({ SMS_PROVIDER: 'console', PASSWORD_HASH_COST: '9' })).toThrow(
      'PASSWORD_HASH_COST 须在 10 到 18 之间',
    )
    expect(() => loadConfig({ SMS_PROVIDER: 'console', PASSWORD_HASH_COST: '19' })).toThrow(
      'PASSWORD_HASH_COST 须在 10 到 18 之间',
    )
  })

  it('development keeps the demo keys', () => {
    expect(loadConfig({ SMS_PROVIDER: 'console' }).sites.default).toEqual(DEMO_SITE_KEYS)
  })

  it('needs a master key of its own for the data service’s secrets: 32 bytes, hex or base64', () => {
    const SITES_FILE = sitesFile({ default: OWN_KEYS })
    const { DATA_SERVICE_MASTER_KEY: _, ...withoutKey } = TENCENT
    expect(() => production({ ...withoutKey, SITES_FILE })).toThrow('生产模式须配置 DATA_SERVICE_MASTER_KEY')
    expect(() => production({ ...TENCENT, SITES_FILE, DATA_SERVICE_MASTER_KEY: 'ab'.repeat(16) })).toThrow(
      'DATA_SERVICE_MASTER_KEY 应为 32 字节',
    )
    const development = loadConfig({ SMS_PROVIDER: 'console' }).dataServiceMasterKey
    expect(() =>
      production({ ...TENCENT, SITES_FILE, DATA_SERVICE_MASTER_KEY: development.toString('base64') }),
    ).toThrow('生产模式不能使用开发用的 DATA_SERVICE_MASTER_KEY')
    const hex = production({ ...TENCENT, SITES_FILE }).dataServiceMasterKey
    const base64 = production({ ...TENCENT, SITES_FILE, DATA_SERVICE_MASTER_KEY: hex.toString('base64') })
    expect(hex.toString('hex')).toBe(MASTER_KEY)
    expect(base64.dataServiceMasterKey).toEqual(hex)
  })
})

describe('payment settings', () => {
  const keys = (() => {
    const pair = () =>
      generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      })
    const app = pair()
    const platform = pair()
    const file = (name: string, text: string) => {
      const path = join(folder, name)
      writeFileSync(path, text)
      return path
    }
    // Alipay's key tool hands out bare base64 (PKCS#1 for its "非 Java" choice); WeChat PEM files.
    const bare = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '')
    const pkcs1 = createPrivateKey(app.privateKey).export({ type: 'pkcs1', format: 'der' }).toString('base64')
    return {
      alipayPrivate: file('alipay-app.txt', pkcs1),
      alipayPublic: file('alipay-public.txt', bare(platform.publicKey)),
      wechatPrivate: file('apiclient_key.pem', app.privateKey),
      wechatPublic: file('pub_key.pem', platform.publicKey),
      notAKey: file('not-a-key.pem', 'hello'),
      appPrivate: app.privateKey,
    }
  })()
  const ALIPAY = {
    ALIPAY_APP_ID: '2021000000000001',
    ALIPAY_PRIVATE_KEY_FILE: keys.alipayPrivate,
    ALIPAY_PUBLIC_KEY_FILE: keys.alipayPublic,
  }
  const WECHAT = {
    WECHAT_MCHID: '1900000001',
    WECHAT_APPID: 'wx0000000000000001',
    WECHAT_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7200000001',
    WECHAT_PRIVATE_KEY_FILE: keys.wechatPrivate,
    WECHAT_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000000012026010100000000000001',
    WECHAT_PUBLIC_KEY_FILE: keys.wechatPublic,
    WECHAT_APIV3_KEY: 'a'.repeat(32),
  }
  const dev = (env: NodeJS.ProcessEnv) => loadConfig({ SMS_PROVIDER: 'console', ...env })
  const production = (env: NodeJS.ProcessEnv) =>
    loadConfig({ NODE_ENV: 'production', ...TENCENT, SITES_FILE: sitesFile({ default: OWN_KEYS }), ...env })

  it('offers no channel without settings, and the site’s own address by default outside production', () => {
    const config = dev({ PORT: '8090' })
    expect(config.payments).toEqual({ platform: 'real' })
    expect(config.publicUrl).toBe('http://127.0.0.1:8090')
    // Embedded catalogues' links then name the host the open API was called at.
    expect(config.publicUrlSet).toBe(false)
    expect(production({}).payments).toEqual({ platform: 'real' })
  })

  it('reads each channel’s keys (PEM or bare base64) and gateway, and names what half a channel lacks', () => {
    const config = dev({ ...ALIPAY, ...WECHAT, PUBLIC_URL: 'https://epc.example.com/' })
    expect(config.publicUrl).toBe('https://epc.example.com')
    expect(config.publicUrlSet).toBe(true)
    if (config.payments.platform !== 'real') throw new Error('real expected')
    expect(config.payments.alipay).toMatchObject({
      appId: '2021000000000001',
      gateway: 'https://openapi.alipay.com/gateway.do',
    })
    expect(config.payments.alipay?.privateKey).toBe(keys.appPrivate)
    expect(config.payments.alipay?.alipayPublicKey).toContain('-----BEGIN PUBLIC KEY-----')
    expect(config.payments.wechat).toMatchObject({
      mchid: '1900000001',
      gateway: 'https://api.mch.weixin.qq.com',
    })
    expect(dev({ ...WECHAT, WECHAT_GATEWAY: 'http://127.0.0.1:9/wx' }).payments).toMatchObject({
      wechat: { gateway: 'http://127.0.0.1:9/wx' },
    })
    expect(() => dev({ ...ALIPAY, ALIPAY_PUBLIC_KEY_FILE: '' })).toThrow(
      '启用支付宝须设置：ALIPAY_PUBLIC_KEY_FILE',
    )
    expect(() => dev({ WECHAT_MCHID: '1900000001' })).toThrow('启用微信支付须设置：WECHAT_APPID、')
    expect(() => dev({ ...WECHAT, WECHAT_APIV3_KEY: 'short' })).toThrow('WECHAT_APIV3_KEY 须是 32 个字符')
    expect(() => dev({ ...ALIPAY, ALIPAY_PRIVATE_KEY_FILE: keys.notAKey })).toThrow(
      'ALIPAY_PRIVATE_KEY_FILE（',
    )
    expect(() => dev({ ...ALIPAY, ALIPAY_PRIVATE_KEY_FILE: join(folder, 'missing.pem') })).toThrow(
      'ALIPAY_PRIVATE_KEY_FILE 指向的文件无法读取',
    )
    expect(() => dev({ PUBLIC_URL: 'epc.example.com' })).toThrow('PUBLIC_URL 须是 http(s):// 开头的地址')
  })

  it('takes the fake platform in development only, and refuses an unknown platform', () => {
    expect(dev({ PAYMENT_PLATFORM: 'fake', ...ALIPAY }).payments).toEqual({ platform: 'fake' })
    expect(() => production({ PAYMENT_PLATFORM: 'fake', PUBLIC_URL: 'https://epc.example.com' })).toThrow(
      'PAYMENT_PLATFORM=fake（本地模拟支付平台）仅供开发和测试使用',
    )
    expect(() => dev({ PAYMENT_PLATFORM: 'sandbox' })).toThrow(
      'PAYMENT_PLATFORM 只能是 real 或仅供开发的 fake',
    )
  })

  it('needs PUBLIC_URL in production once a channel is configured, over https for WeChat Pay', () => {
    expect(() => production(ALIPAY)).toThrow('生产模式启用在线支付须设置 PUBLIC_URL')
    expect(production({ ...ALIPAY, PUBLIC_URL: 'http://epc.example.com' }).publicUrl).toBe(
      'http://epc.example.com',
    )
    expect(() => production({ ...WECHAT, PUBLIC_URL: 'http://epc.example.com' })).toThrow(
      '生产模式的 PUBLIC_URL 须以 https:// 开头',
    )
    expect(production({ ...WECHAT, PUBLIC_URL: 'https://epc.example.com' }).payments).toMatchObject({
      wechat: { appid: 'wx0000000000000001' },
    })
  })
})
