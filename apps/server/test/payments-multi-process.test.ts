// Two server processes on one PostgreSQL and one Redis, configured with real payment settings (key files
// made here), receive the same notify at once: the order is paid once, with one payment row and one period.
// Needs both services: runs when TEST_DATABASE_URL and TEST_REDIS_URL are set, as multi-process.test.ts.
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_SITE_KEYS } from '@epc/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeData, sealRequest } from '../src/call/envelope-codec'
import { systemClock } from '../src/clock'
import type { Db } from '../src/db/database'
import { FakePayPlatform, type FakeTrade } from '../src/modules/fakepay/fake-platform'
import { startServers, stopServers } from './child-server'
import { freshDatabase } from './helper'

const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)

describe.runIf(enabled)('two server processes receiving the same payment notify', () => {
  let database: { db: Db; url?: string; drop(): Promise<void> }
  // Only its keys and its way of signing are used: the platform itself is not running.
  let platform: FakePayPlatform
  const servers: ChildProcess[] = []
  const bases: string[] = []
  let folder = ''

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'epc-pay-keys-'))
    database = await freshDatabase('postgres')
    platform = await FakePayPlatform.start('http://127.0.0.1:9', systemClock)
    const { alipay, wechat } = platform.channelSettings()
    const file = (name: string, text: string) => {
      const path = join(folder, name)
      writeFileSync(path, text)
      return path
    }
    const env = {
      DATABASE_URL: database.url ?? '',
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      REDIS_PREFIX: `epc-test-${randomBytes(4).toString('hex')}:`,
      PAYMENT_PLATFORM: 'real',
      ALIPAY_APP_ID: alipay.appId,
      ALIPAY_PRIVATE_KEY_FILE: file('alipay-app.pem', alipay.privateKey),
      ALIPAY_PUBLIC_KEY_FILE: file('alipay-public.pem', alipay.alipayPublicKey),
      // Nothing listens there: a notify needs no call to the platform.
      ALIPAY_GATEWAY: 'http://127.0.0.1:9/gateway.do',
      WECHAT_MCHID: wechat.mchid,
      WECHAT_APPID: wechat.appid,
      WECHAT_SERIAL_NO: wechat.serialNo,
      WECHAT_PRIVATE_KEY_FILE: file('apiclient_key.pem', wechat.privateKey),
      WECHAT_PUBLIC_KEY_ID: wechat.publicKeyId,
      WECHAT_PUBLIC_KEY_FILE: file('pub_key.pem', wechat.publicKey),
      WECHAT_APIV3_KEY: wechat.apiV3Key,
      WECHAT_GATEWAY: 'http://127.0.0.1:9',
    }
    const started = await startServers(env)
    servers.push(...started.servers)
    bases.push(...started.bases)
  }, 120_000)

  afterAll(async () => {
    await stopServers(servers)
    await database?.drop()
    if (folder) rmSync(folder, { recursive: true, force: true })
  })

  async function call<T>(path: string, payload: object, token?: string) {
    const res = await fetch(`${bases[0]}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(sealRequest(DEMO_SITE_KEYS, payload)),
    })
    const json = (await res.json()) as { ResultCode: string; ResultMsg: string; data?: string }
    if (json.ResultCode !== '10000' || !json.data) throw new Error(`${path}: ${json.ResultMsg}`)
    return decodeData(json.data) as T
  }

  it('pays the order once for an Alipay and a WeChat Pay notify sent to both processes at once', async () => {
    const { Token: token } = await call<{ Token: string }>('/api/author/login', {
      Mobile: '13800138000',
      Password: 'demo1234',
    })
    for (const channel of ['alipay', 'wechat'] as const) {
      const order = await call<{ OrderNo: string; AmountFen: number }>(
        '/api/billing/createorder',
        { PlanCode: 'vin_month' },
        token,
      )
      const now = Date.now()
      const trade: FakeTrade = {
        channel,
        outTradeNo: order.OrderNo,
        tradeNo: `${channel === 'alipay' ? '2026' : '4200'}${order.OrderNo}`,
        amountFen: order.AmountFen,
        subject: 'VIN 查询月卡',
        expiresAt: now + 15 * 60_000,
        notifyUrl: '',
        returnUrl: '',
        codeUrl: '',
        state: 'paid',
        createdAt: now,
        paidAt: now,
      }
      const notify = channel === 'alipay' ? platform.alipayNotify(trade) : platform.wechatNotify(trade)
      const answers = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const res = await fetch(`${bases[i % 2]}/api/pay/notify/${channel}`, {
            method: 'POST',
            headers: notify.headers,
            body: notify.body,
          })
          return `${res.status} ${await res.text()}`
        }),
      )
      expect(new Set(answers)).toEqual(new Set([channel === 'alipay' ? '200 success' : '204 ']))
      const db = database.db.kysely
      const row = await db
        .selectFrom('orders')
        .select(['id', 'state', 'trade_no'])
        .where('order_no', '=', order.OrderNo)
        .executeTakeFirstOrThrow()
      expect(row).toMatchObject({ state: '已生效', trade_no: trade.tradeNo })
      const payments = await db
        .selectFrom('payments')
        .selectAll()
        .where('order_no', '=', order.OrderNo)
        .execute()
      expect(payments.map((p) => p.outcome)).toEqual(['applied'])
      const periods = await db.selectFrom('services').select('id').where('order_id', '=', row.id).execute()
      expect(periods).toHaveLength(1)
    }
  })
})
