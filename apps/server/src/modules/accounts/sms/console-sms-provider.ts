// Development SMS provider: writes codes to the server log and keeps the newest per mobile in the shared
// store (so GET /api/dev/smscode works whichever server process sent it).
import { AccountLimits } from '@epc/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { SharedStore } from '../../../store/shared-store'
import type { SmsMessage, SmsProvider } from './sms-provider'

export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console'

  constructor(
    private readonly store: SharedStore,
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
  ) {}

  async send({ mobile, scene, code }: SmsMessage) {
    this.log.info({ mobile, scene, code }, `[短信] ${mobile} ${scene} 验证码 ${code}`)
    await this.store.set(`devsms:${mobile}`, code, AccountLimits.smsCodeTtlMs)
  }

  latestCode(mobile: string) {
    return this.store.get(`devsms:${mobile}`)
  }
}
