// The login history behind /user/admin: each sign-in kept with its address and device, and a message when
// an account signs in from a device it has not used before.
import { ProfileLimits } from '@epc/shared'
import type { Kysely } from 'kysely'
import { beijingTime } from '../../clock'
import type { Database } from '../../db/schema'
import { postMessage } from '../messages'
import * as repo from './profile.repository'

/** A short readable name of the browser and system behind a User-Agent, e.g. `Chrome 156 · Windows`. */
export function deviceOf(userAgent: string): string {
  const ua = userAgent
  const browsers: [string, RegExp][] = [
    ['微信', /MicroMessenger\/(\d+)/],
    ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
    ['Opera', /OPR\/(\d+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
    ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
    ['Safari', /Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//],
  ]
  const systems: [string, RegExp][] = [
    ['Android', /Android/],
    ['iOS', /iPhone|iPad|iPod/],
    ['Windows', /Windows/],
    ['macOS', /Mac OS X|Macintosh/],
    ['Linux', /Linux|X11/],
  ]
  const browser = browsers.find(([, re]) => re.test(ua))
  const system = systems.find(([, re]) => re.test(ua))?.[0]
  const name = browser ? `${browser[0]} ${browser[1].exec(ua)?.[1] ?? ''}`.trim() : ''
  return [name, system].filter(Boolean).join(' · ') || '未知设备'
}

/**
 * Keeps a sign-in in the account's history, in the login's transaction. A sign-in from a User-Agent the
 * history has not seen (but not the account's first) tells the account in a 账号与安全 message.
 */
export async function recordLogin(
  db: Kysely<Database>,
  login: { accountId: number; ip: string; userAgent: string | undefined; now: number },
): Promise<void> {
  const userAgent = (login.userAgent ?? '').slice(0, ProfileLimits.userAgentKept)
  const device = deviceOf(userAgent)
  const seen = await repo.loginsSeen(db, login.accountId, userAgent)
  const id = await repo.insertLogin(db, {
    account_id: login.accountId,
    created_at: login.now,
    ip: login.ip,
    user_agent: userAgent,
    device,
  })
  if (seen.before && !seen.sameDevice) {
    await postMessage(db, {
      accountIds: [login.accountId],
      kind: 'security',
      subject: `login:${id}`,
      title: '新设备登录提醒',
      body: `您的账号于 ${beijingTime(login.now)} 在新设备（${device}，IP ${login.ip}）上登录。如非本人操作，请立即修改密码。`,
      now: login.now,
    })
  }
}
