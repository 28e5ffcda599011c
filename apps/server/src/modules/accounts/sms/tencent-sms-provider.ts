// Tencent Cloud SMS (sms 2021-01-11 SendSms). The SDK signs with TC3-HMAC-SHA256 using the keys given here.
import { AccountMessages } from '@epc/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { SmsConfig } from '../../../config'
import { onFirstUse } from '../../../lib/on-first-use'
import { messageFor, type SmsMessage, type SmsProvider, SmsSendError } from './sms-provider'

type TencentConfig = Extract<SmsConfig, { provider: 'tencent' }>

/** SendSms error codes (cloud.tencent.com/document/product/382/55981) and what the user is told. */
const RULES: [RegExp, string][] = [
  [/^(LimitExceeded\.|RequestLimitExceeded)/, AccountMessages.smsProviderLimit],
  [
    /^(InvalidParameterValue\.IncorrectPhoneNumber|FailedOperation\.PhoneNumberInBlacklist|FailedOperation\.PhoneNumberParseFail|UnsupportedOperation\.)/,
    AccountMessages.smsNumberInvalid,
  ],
  [
    /^(AuthFailure|UnauthorizedOperation|FailedOperation\.(Signature|Template|InsufficientBalance|MissingSignature)|InvalidParameterValue\.(Template|Signature|SdkAppId))/,
    AccountMessages.smsServiceUnavailable,
  ],
]

export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent'

  constructor(
    private readonly config: TencentConfig,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  ) {}

  // The SDK takes a tenth of a second to load: loaded with the first message, not at every server start.
  private readonly client = onFirstUse(async () => {
    const { config } = this
    const { sms } = await import('tencentcloud-sdk-nodejs-sms')
    // A plain { secretId, secretKey } is used as is: the SDK builds no provider chain (which would ask
    // metadata.tencentyun.com for a CVM role) unless handed one.
    return new sms.v20210111.Client({
      credential: { secretId: config.secretId, secretKey: config.secretKey },
      region: config.region,
      profile: {
        httpProfile: {
          endpoint: config.endpoint?.host ?? 'sms.tencentcloudapi.com',
          protocol: `${config.endpoint?.protocol ?? 'https'}://`,
          reqTimeout: 10,
        },
      },
    })
  })

  async send({ mobile, scene, code }: SmsMessage) {
    const client = await this.client()
    let answer: { code?: string; requestId?: string }
    try {
      const response = await client.SendSms({
        PhoneNumberSet: [`+86${mobile}`],
        SmsSdkAppId: this.config.sdkAppId,
        SignName: this.config.signName,
        TemplateId: this.config.templates[scene],
        TemplateParamSet: [code],
      })
      // A call accepted as a whole still answers each number's own result (limits, bad numbers) here.
      answer = { code: response.SendStatusSet?.[0]?.Code, requestId: response.RequestId }
    } catch (error) {
      // The SDK's exception holds code and requestId; only those are logged.
      const e = error as { code?: string; requestId?: string; httpCode?: number }
      answer = { code: e.code || (e.httpCode ? `HTTP${e.httpCode}` : 'NetworkError'), requestId: e.requestId }
    }
    if (answer.code === 'Ok') {
      this.log.info({ sms: 'tencent', scene, requestId: answer.requestId }, '短信已发送')
      return
    }
    this.log.warn({ sms: 'tencent', scene, code: answer.code, requestId: answer.requestId }, '短信发送失败')
    throw new SmsSendError(messageFor(answer.code ?? '', RULES, AccountMessages.smsSendFailed))
  }
}
