// What loadConfig refuses at start: SMS settings that are missing or unknown, the development SMS provider
// and the published demo keys in production.
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
const TENCENT = {
  ...ALIYUN,
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
      templates: { register: 'SMS_1', login: 'SMS_2', resetpwd: 'SMS_3' },
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

  it('development keeps the demo keys', () => {
    expect(loadConfig({ SMS_PROVIDER: 'console' }).sites.default).toEqual(DEMO_SITE_KEYS)
  })
})
