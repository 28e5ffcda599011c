// The SMS provider the configuration names.
import type { FastifyBaseLogger } from 'fastify'
import type { SmsConfig } from '../../../config'
import type { SharedStore } from '../../../store/shared-store'
import { AliyunSmsProvider } from './aliyun-sms-provider'
import { ConsoleSmsProvider } from './console-sms-provider'
import type { SmsProvider } from './sms-provider'
import { TencentSmsProvider } from './tencent-sms-provider'

export function createSmsProvider(
  config: SmsConfig,
  store: SharedStore,
  log: FastifyBaseLogger,
): SmsProvider {
  switch (config.provider) {
    case 'aliyun':
      return new AliyunSmsProvider(config, log)
    case 'tencent':
      return new TencentSmsProvider(config, log)
    case 'console':
      return new ConsoleSmsProvider(store, log)
  }
}
