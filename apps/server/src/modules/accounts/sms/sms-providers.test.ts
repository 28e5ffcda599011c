// The Aliyun and Tencent providers against local fakes of their HTTP APIs. Each fake recomputes the request's
// signature with the test's secret (ACS3-HMAC-SHA256, TC3-HMAC-SHA256, as the SDKs sign) and refuses a wrong
// one as the real service does, then answers what the test scripted.
import { createHash, createHmac } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AccountMessages } from '@epc/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp } from '../../../../test/helper'
import { loadConfig, type SmsConfig } from '../../../config'
import { AliyunSmsProvider } from './aliyun-sms-provider'
import { SmsSendError } from './sms-provider'
import { TencentSmsProvider } from './tencent-sms-provider'

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()

interface Fake {
  url: string
  /** What the next call answers: a status and a JSON body. */
  answer: { status: number; body: object }
  /** Parameters of the calls whose signature checked out. */
  accepted: Record<string, unknown>[]
  rejected: number
  close(): Promise<void>
}

async function startFake(
  check: (req: IncomingMessage, body: Buffer) => Record<string, unknown> | string,
  refuse: (reason: string) => { status: number; body: object },
): Promise<Fake> {
  const fake = {
    answer: { status: 200, body: {} },
    accepted: [] as Record<string, unknown>[],
    rejected: 0,
  } as Fake
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const verdict = check(req, Buffer.concat(chunks))
    res.setHeader('content-type', 'application/json')
    if (typeof verdict === 'string') {
      fake.rejected++
      const refusal = refuse(verdict)
      res.statusCode = refusal.status
      res.end(JSON.stringify(refusal.body))
      return
    }
    fake.accepted.push(verdict)
    res.statusCode = fake.answer.status
    res.end(JSON.stringify(fake.answer.body))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  fake.close = () => new Promise((done) => server.close(() => done()))
  return fake
}

/** The value encoding of Aliyun's canonical query string (RFC 3986). */
const acsEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

function checkAliyun(id: string, secret: string) {
  return (req: IncomingMessage, body: Buffer): Record<string, unknown> | string => {
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(
      String(req.headers.authorization),
    )
    if (!auth) return 'no ACS3-HMAC-SHA256 authorization'
    const [, credential, signedList, signature] = auth as unknown as string[]
    const signed = String(signedList).split(';')
    for (const must of [
      'host',
      'x-acs-action',
      'x-acs-date',
      'x-acs-content-sha256',
      'x-acs-signature-nonce',
    ]) {
      if (!signed.includes(must)) return `${must} is not signed`
    }
    if (req.headers['x-acs-content-sha256'] !== sha256(body)) return 'payload hash differs'
    const url = new URL(String(req.url), 'http://fake')
    const query = Object.fromEntries(url.searchParams)
    const canonicalQuery = Object.keys(query)
      .sort()
      .map((k) => `${acsEncode(k)}=${acsEncode(String(query[k]))}`)
      .join('&')
    const headers = signed.map((h) => `${h}:${String(req.headers[h]).trim()}\n`).join('')
    const canonical = [
      req.method,
      url.pathname,
      canonicalQuery,
      headers,
      signed.join(';'),
      sha256(body),
    ].join('\n')
    const expected = hmac(secret, `ACS3-HMAC-SHA256\n${sha256(canonical)}`).toString('hex')
    if (credential !== id || signature !== expected)
      return 'Specified signature does not match our calculation'
    if (req.headers['x-acs-action'] !== 'SendSms' || req.headers['x-acs-version'] !== '2017-05-25') {
      return 'wrong action'
    }
    return { ...query, credentialsProvider: req.headers['x-acs-credentials-provider'] }
  }
}

function checkTencent(id: string, secret: string) {
  return (req: IncomingMessage, body: Buffer): Record<string, unknown> | string => {
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]+)$/.exec(
        String(req.headers.authorization),
      )
    if (!auth) return 'no TC3-HMAC-SHA256 authorization'
    const [, credential, date, service, signedList, signature] = auth as unknown as string[]
    const timestamp = String(req.headers['x-tc-timestamp'])
    if (new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) !== date)
      return 'date is not the timestamp’s'
    const host = String(req.headers.host)
    if (service !== host.split('.')[0]) return 'service is not the endpoint’s'
    const signed = String(signedList).split(';')
    const hostname = host.replace(/:\d+$/, '')
    const headers = signed
      .map((h) => `${h}:${h === 'host' ? hostname : String(req.headers[h]).trim()}\n`)
      .join('')
    const url = new URL(String(req.url), 'http://fake')
    const canonical = [req.method, url.pathname, url.search.slice(1), headers, signedList, sha256(body)].join(
      '\n',
    )
    const scope = `${date}/${service}/tc3_request`
    const key = hmac(hmac(hmac(`TC3${secret}`, String(date)), String(service)), 'tc3_request')
    const expected = hmac(key, `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256(canonical)}`).toString(
      'hex',
    )
    if (credential !== id || signature !== expected || !signed.includes('host')) {
      return 'The provided credentials could not be validated'
    }
    if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11') {
      return 'wrong action'
    }
    return { ...JSON.parse(body.toString()), region: req.headers['x-tc-region'] }
  }
}

const templates = {
  register: 'SMS_100001',
  login: 'SMS_100002',
  resetpwd: 'SMS_100003',
  changemobile: 'SMS_100002',
  bindmobile: 'SMS_100002',
  cancel: 'SMS_100002',
}
const ALIYUN_ID = 'LTAI5tTestKeyId'
const ALIYUN_SECRET = 'aliyun-test-secret-9f8e7d'
const TENCENT_ID = 'AKIDtestSecretId'
const TENCENT_SECRET = 'tencent-test-secret-1a2b3c'

const COMMON_ENV = {
  SMS_SIGN_NAME: '汽配EPC',
  SMS_TEMPLATE_REGISTER: templates.register,
  SMS_TEMPLATE_LOGIN: templates.login,
  SMS_TEMPLATE_RESETPWD: templates.resetpwd,
}
const ALIYUN_ENV = {
  ...COMMON_ENV,
  SMS_PROVIDER: 'aliyun',
  ALIYUN_ACCESS_KEY_ID: ALIYUN_ID,
  ALIYUN_ACCESS_KEY_SECRET: ALIYUN_SECRET,
}
const TENCENT_ENV = {
  ...COMMON_ENV,
  SMS_PROVIDER: 'tencent',
  TENCENT_SECRET_ID: TENCENT_ID,
  TENCENT_SECRET_KEY: TENCENT_SECRET,
  TENCENT_SMS_SDK_APP_ID: '1400000001',
}

/** The app configured from env alone asks for a login code; answers its ResultMsg (10001 expected). */
async function refusalThroughApp(env: NodeJS.ProcessEnv, fake: Fake, script: () => void) {
  script()
  const before = fake.accepted.length
  const t = await startTestApp('sqlite', { config: { sms: loadConfig(env).sms } })
  try {
    const answered = await t.call('/api/author/sendsmscode', { Mobile: '13800138000', Scene: 'login' })
    expect(answered.ResultCode).toBe('10001')
    expect(fake.accepted.length).toBe(before + 1)
    return answered.ResultMsg
  } finally {
    await t.close()
  }
}

/** A logger that keeps what it was given, to check what reaches the log. */
function memoryLog() {
  const lines: unknown[] = []
  return {
    lines,
    info: (...args: unknown[]) => lines.push(args),
    warn: (...args: unknown[]) => lines.push(args),
  }
}

const endpointOf = (fake: Fake) => {
  const url = new URL(fake.url)
  return { protocol: 'http' as const, host: url.host }
}

describe('Aliyun SMS provider', () => {
  let fake: Fake
  const config = (secret = ALIYUN_SECRET): Extract<SmsConfig, { provider: 'aliyun' }> => ({
    provider: 'aliyun',
    accessKeyId: ALIYUN_ID,
    accessKeySecret: secret,
    signName: '汽配EPC',
    templates,
    endpoint: endpointOf(fake),
  })
  const answer = (Code: string) => {
    fake.answer = { status: 200, body: { Code, Message: Code, RequestId: `req-${Code}`, BizId: 'biz-1' } }
  }

  beforeAll(async () => {
    fake = await startFake(checkAliyun(ALIYUN_ID, ALIYUN_SECRET), (Message) => ({
      status: 400,
      body: { Code: 'SignatureDoesNotMatch', Message, RequestId: 'req-refused' },
    }))
  })
  afterAll(() => fake.close())

  it('sends the code with the sign name and the scene’s template, signed with the static key', async () => {
    answer('OK')
    const log = memoryLog()
    await new AliyunSmsProvider(config(), log).send({ mobile: '13800138000', scene: 'login', code: '123456' })
    expect(fake.accepted.at(-1)).toMatchObject({
      PhoneNumbers: '13800138000',
      SignName: '汽配EPC',
      TemplateCode: 'SMS_100002',
      TemplateParam: JSON.stringify({ code: '123456' }),
      // The SDK used the keys given, not a credential chain of its own.
      credentialsProvider: 'static_ak',
    })
    expect(JSON.stringify(log.lines)).toContain('req-OK')
  })

  it.each([
    ['isv.BUSINESS_LIMIT_CONTROL', AccountMessages.smsProviderLimit],
    ['isv.DAY_LIMIT_CONTROL', AccountMessages.smsProviderLimit],
    ['isv.MOBILE_NUMBER_ILLEGAL', AccountMessages.smsNumberInvalid],
    ['isv.SMS_TEMPLATE_ILLEGAL', AccountMessages.smsServiceUnavailable],
    ['isv.SMS_SIGNATURE_ILLEGAL', AccountMessages.smsServiceUnavailable],
    ['isv.AMOUNT_NOT_ENOUGH', AccountMessages.smsServiceUnavailable],
    ['isp.SYSTEM_ERROR', AccountMessages.smsSendFailed],
  ])(
    'answers %s with a message the user understands, logging its code and request id only',
    async (code, message) => {
      answer(code)
      const log = memoryLog()
      const send = new AliyunSmsProvider(config(), log).send({
        mobile: '13800138000',
        scene: 'register',
        code: '654321',
      })
      await expect(send).rejects.toThrow(new SmsSendError(message))
      expect(fake.accepted.at(-1)).toMatchObject({ TemplateCode: 'SMS_100001' })
      const logged = JSON.stringify(log.lines)
      expect(logged).toContain(code)
      expect(logged).toContain(`req-${code}`)
      expect(logged).not.toContain(ALIYUN_SECRET)
      expect(logged).not.toContain('654321')
    },
  )

  it('is refused by the fake when signed with a wrong secret', async () => {
    answer('OK')
    const before = { accepted: fake.accepted.length, rejected: fake.rejected }
    const log = memoryLog()
    const send = new AliyunSmsProvider(config('wrong-secret'), log).send({
      mobile: '13800138000',
      scene: 'resetpwd',
      code: '111111',
    })
    await expect(send).rejects.toThrow(new SmsSendError(AccountMessages.smsServiceUnavailable))
    expect(fake.rejected).toBe(before.rejected + 1)
    expect(fake.accepted.length).toBe(before.accepted)
    expect(JSON.stringify(log.lines)).toContain('SignatureDoesNotMatch')
    expect(JSON.stringify(log.lines)).not.toContain('wrong-secret')
  })

  it('is what the app sends with when the environment names it, and its refusal is sendsmscode’s answer', async () => {
    const env = { ...ALIYUN_ENV, SMS_ENDPOINT: fake.url }
    await expect(refusalThroughApp(env, fake, () => answer('isv.BUSINESS_LIMIT_CONTROL'))).resolves.toBe(
      AccountMessages.smsProviderLimit,
    )
    expect(fake.accepted.at(-1)).toMatchObject({ PhoneNumbers: '13800138000', TemplateCode: 'SMS_100002' })
  })
})

describe('Tencent Cloud SMS provider', () => {
  let fake: Fake
  const config = (secret = TENCENT_SECRET): Extract<SmsConfig, { provider: 'tencent' }> => ({
    provider: 'tencent',
    secretId: TENCENT_ID,
    secretKey: secret,
    sdkAppId: '1400000001',
    region: 'ap-guangzhou',
    signName: '汽配EPC',
    templates: {
      register: '200001',
      login: '200002',
      resetpwd: '200003',
      changemobile: '200002',
      bindmobile: '200002',
      cancel: '200002',
    },
    endpoint: endpointOf(fake),
  })
  const status = (Code: string) => {
    fake.answer = {
      status: 200,
      body: {
        Response: {
          SendStatusSet: [{ Code, Message: Code, PhoneNumber: '+8613800138000' }],
          RequestId: `req-${Code}`,
        },
      },
    }
  }
  const error = (Code: string) => {
    fake.answer = {
      status: 200,
      body: { Response: { Error: { Code, Message: Code }, RequestId: `req-${Code}` } },
    }
  }

  beforeAll(async () => {
    // Tencent answers a bad signature with HTTP 200 and an error in the body.
    fake = await startFake(checkTencent(TENCENT_ID, TENCENT_SECRET), (Message) => ({
      status: 200,
      body: {
        Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message }, RequestId: 'req-refused' },
      },
    }))
  })
  afterAll(() => fake.close())

  it('sends the code to the +86 number with the app id, sign name and the scene’s template', async () => {
    status('Ok')
    const log = memoryLog()
    await new TencentSmsProvider(config(), log).send({
      mobile: '13800138000',
      scene: 'resetpwd',
      code: '123456',
    })
    expect(fake.accepted.at(-1)).toEqual({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: '1400000001',
      SignName: '汽配EPC',
      TemplateId: '200003',
      TemplateParamSet: ['123456'],
      region: 'ap-guangzhou',
    })
    expect(JSON.stringify(log.lines)).toContain('req-Ok')
  })

  it.each([
    ['LimitExceeded.PhoneNumberDailyLimit', AccountMessages.smsProviderLimit],
    ['LimitExceeded.PhoneNumberThirtySecondLimit', AccountMessages.smsProviderLimit],
    ['InvalidParameterValue.IncorrectPhoneNumber', AccountMessages.smsNumberInvalid],
    ['FailedOperation.TemplateIncorrectOrUnapproved', AccountMessages.smsServiceUnavailable],
    ['FailedOperation.SignatureIncorrectOrUnapproved', AccountMessages.smsServiceUnavailable],
    ['FailedOperation.InsufficientBalanceInSmsPackage', AccountMessages.smsServiceUnavailable],
    ['InternalError.Timeout', AccountMessages.smsSendFailed],
  ])(
    'answers %s with a message the user understands, logging its code and request id only',
    async (code, message) => {
      for (const script of [status, error]) {
        // The per-number status and the call's own error are both ways Tencent refuses.
        script(code)
        const log = memoryLog()
        const send = new TencentSmsProvider(config(), log).send({
          mobile: '13800138000',
          scene: 'login',
          code: '654321',
        })
        await expect(send).rejects.toThrow(new SmsSendError(message))
        expect(fake.accepted.at(-1)).toMatchObject({ TemplateId: '200002' })
        const logged = JSON.stringify(log.lines)
        expect(logged).toContain(code)
        expect(logged).toContain(`req-${code}`)
        expect(logged).not.toContain(TENCENT_SECRET)
        expect(logged).not.toContain('654321')
      }
    },
  )

  it('is what the app sends with when the environment names it, and its refusal is sendsmscode’s answer', async () => {
    const env = { ...TENCENT_ENV, SMS_ENDPOINT: fake.url }
    await expect(
      refusalThroughApp(env, fake, () => status('LimitExceeded.PhoneNumberDailyLimit')),
    ).resolves.toBe(AccountMessages.smsProviderLimit)
    expect(fake.accepted.at(-1)).toMatchObject({
      PhoneNumberSet: ['+8613800138000'],
      TemplateId: 'SMS_100002',
    })
  })

  it('is refused by the fake when signed with a wrong secret', async () => {
    status('Ok')
    const before = { accepted: fake.accepted.length, rejected: fake.rejected }
    const log = memoryLog()
    const send = new TencentSmsProvider(config('wrong-secret'), log).send({
      mobile: '13800138000',
      scene: 'register',
      code: '111111',
    })
    await expect(send).rejects.toThrow(new SmsSendError(AccountMessages.smsServiceUnavailable))
    expect(fake.rejected).toBe(before.rejected + 1)
    expect(fake.accepted.length).toBe(before.accepted)
    expect(JSON.stringify(log.lines)).toContain('AuthFailure.SignatureFailure')
    expect(JSON.stringify(log.lines)).not.toContain('wrong-secret')
  })
})
