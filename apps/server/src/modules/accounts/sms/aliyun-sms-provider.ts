// Aliyun SMS (dysmsapi 2017-05-25 SendSms). The SDK signs with ACS3-HMAC-SHA256 using the keys given here.
import type Dysmsapi from '@alicloud/dysmsapi20170525'
import { AccountMessages } from '@epc/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { SmsConfig } from '../../../config'
import { onFirstUse } from '../../../lib/on-first-use'
import { messageFor, type SmsMessage, type SmsProvider, SmsSendError } from './sms-provider'

type AliyunConfig = Extract<SmsConfig, { provider: 'aliyun' }>

/** SendSms answer codes (help.aliyun.com/document_detail/101346) and what the user is told. */
const RULES: [RegExp, string][] = [
  [/LIMIT_CONTROL|^Throttling/, AccountMessages.smsProviderLimit],
  [/^isv\.(MOBILE_NUMBER_ILLEGAL|MOBILE_COUNT_OVER_LIMIT)$/, AccountMessages.smsNumberInvalid],
  [
    /^(isv|SignatureDoesNotMatch|InvalidAccessKeyId|Forbidden|IncompleteSignature)/,
    AccountMessages.smsServiceUnavailable,
  ],
]

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun'

  constructor(
    private readonly config: AliyunConfig,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  ) {}

  // The SDK takes a third of a second to load: loaded with the first message, not at every server start.
  private readonly client = onFirstUse(async () => {
    const { config } = this
    const module = await import('@alicloud/dysmsapi20170525')
    // Node's ESM loader hands over the CommonJS module object, bundlers the class itself.
    const Client = (module.default as unknown as { default?: typeof Dysmsapi }).default ?? module.default
    // Both keys are given, so the SDK makes a static access-key credential and never builds its default
    // chain (which would probe the ECS metadata address 100.100.100.200).
    const client = new Client({
      accessKeyId: config.accessKeyId,
      accessKeySecret: config.accessKeySecret,
      endpoint: config.endpoint?.host ?? 'dysmsapi.aliyuncs.com',
      protocol: config.endpoint?.protocol ?? 'https',
      connectTimeout: 5000,
      readTimeout: 10_000,
    } as ConstructorParameters<typeof Dysmsapi>[0])
    return { client, SendSmsRequest: module.SendSmsRequest }
  })

  async send({ mobile, scene, code }: SmsMessage) {
    const { client, SendSmsRequest } = await this.client()
    let answer: { code?: string; requestId?: string }
    try {
      const response = await client.sendSms(
        new SendSmsRequest({
          phoneNumbers: mobile,
          signName: this.config.signName,
          templateCode: this.config.templates[scene],
          templateParam: JSON.stringify({ code }),
        }),
      )
      answer = response.body ?? {}
    } catch (error) {
      // SDK errors (HTTP 4xx/5xx, network) carry code and requestId; nothing else is logged, as the error
      // object also holds the request.
      const e = error as { code?: string; requestId?: string; data?: { RequestId?: string } }
      answer = { code: String(e.code ?? 'NetworkError'), requestId: e.requestId ?? e.data?.RequestId }
    }
    if (answer.code === 'OK') {
      this.log.info({ sms: 'aliyun', scene, requestId: answer.requestId }, '短信已发送')
      return
    }
    this.log.warn({ sms: 'aliyun', scene, code: answer.code, requestId: answer.requestId }, '短信发送失败')
    throw new SmsSendError(messageFor(answer.code ?? '', RULES, AccountMessages.smsSendFailed))
  }
}
